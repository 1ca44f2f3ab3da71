// swift-tools-version: 6.1
// The benchmark is its own package so that the root package's `swift build` and `swift test`
// never fetch or build GRDB. Run it with:
//
//     swift run -c release --package-path Benchmarks slate-bench
import PackageDescription

let package = Package(
    name: "SlateBenchmarks",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "slate-bench", targets: ["SlateBench"]),
    ],
    dependencies: [
        // The root package, by path; `name:` pins its identity whatever the checkout's folder is called.
        .package(name: "Slate", path: ".."),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "SlateBench",
            dependencies: [
                .product(name: "SlateCore", package: "Slate"),
                .product(name: "Slate", package: "Slate"),
                .product(name: "SlateMacros", package: "Slate"),
                .product(name: "SlateSQLiteSwift", package: "Slate"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                "CMallocCounter",
            ]
        ),
        // Counts allocations (malloc replaced in the executable) for allocations per row.
        .target(name: "CMallocCounter"),
    ],
    swiftLanguageModes: [.v6]
)
