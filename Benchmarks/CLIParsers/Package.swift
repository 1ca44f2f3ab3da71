// swift-tools-version: 5.9
// The two CSV parsers issue 13 suggested (yaslab/CSV.swift and swiftcsv/SwiftCSV), timed by
// Benchmarks/cli.sh on the same file as `slate import`, to decide whether the CLI should use one.
import PackageDescription

let package = Package(
    name: "CLIParsers",
    dependencies: [
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", exact: "0.10.0"),
    ],
    targets: [
        .executableTarget(name: "csv-libraries", dependencies: [
            .product(name: "CSV", package: "CSV.swift"),
            .product(name: "SwiftCSV", package: "SwiftCSV"),
        ]),
    ]
)
