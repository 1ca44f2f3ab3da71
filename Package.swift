// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Slate",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "SlateCore", targets: ["SlateCore"]),
        .library(name: "Slate", targets: ["Slate"]),
        .executable(name: "slate", targets: ["SlateCLI"]),
    ],
    traits: [
        .default(enabledTraits: ["SystemSQLite"]),
        .trait(name: "SystemSQLite", description: "Link the system SQLite (libsqlite3)."),
        // `swift build --traits SQLCipher` replaces the default traits, so only SQLCipher is linked.
        .trait(name: "SQLCipher", description: "Link SQLCipher (libsqlcipher) instead of SQLite, for encryption."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CSQLCipher",
            path: "Sources/CSQLCipher",
            pkgConfig: "sqlcipher",
            providers: [.apt(["libsqlcipher-dev"]), .brew(["sqlcipher"])]
        ),
        .target(
            name: "SlateCore",
            dependencies: [
                .target(name: "CSQLite", condition: .when(traits: ["SystemSQLite"])),
                .target(name: "CSQLCipher", condition: .when(traits: ["SQLCipher"])),
            ]
        ),
        .target(name: "Slate", dependencies: ["SlateCore"]),
        .executableTarget(
            name: "SlateCLI",
            dependencies: [
                "Slate",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "SlateCoreTests", dependencies: ["SlateCore"]),
        .testTarget(name: "SlateTests", dependencies: ["Slate"]),
        .testTarget(name: "SlateCLITests", dependencies: ["SlateCLI", "Slate"]),
    ],
    swiftLanguageModes: [.v6]
)
