// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "Slate",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "SlateCore", targets: ["SlateCore"]),
        .library(name: "Slate", targets: ["Slate"]),
        // `@Table` records: the one product that builds swift-syntax (issue 20).
        .library(name: "SlateMacros", targets: ["SlateMacros"]),
        // Borrowed spellings, one module per library (DESIGN.md, "One vocabulary").
        .library(name: "SlateSQLiteSwift", targets: ["SlateSQLiteSwift"]),
        .library(name: "SlateDataLiteCore", targets: ["SlateDataLiteCore"]),
        .library(name: "SlateSwiftly", targets: ["SlateSwiftly"]),
        .executable(name: "slate", targets: ["SlateCLI"]),
    ],
    traits: [
        .default(enabledTraits: ["SystemSQLite"]),
        .trait(name: "SystemSQLite", description: "Link the system SQLite (libsqlite3)."),
        // `swift build --traits SQLCipher` replaces the default traits, so only SQLCipher is linked.
        .trait(name: "SQLCipher", description: "Link SQLCipher (libsqlcipher) instead of SQLite, for encryption."),
        // SwiftPM 6.3's `getSymbolGraph` (what `swift package generate-documentation` uses) builds
        // with every trait enabled, whatever `--traits` says. This trait, on only then (or with
        // `--enable-all-traits`), lets SystemSQLite and SQLCipher compile together for the symbol
        // graphs; the linker setting on SlateCore below makes any program linked from such a
        // build fail, so no binary ever links both SQLite libraries.
        .trait(
            name: "DocumentationBuild",
            description: "Only for generate-documentation, which enables every trait: compiles, never links."
        ),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation --target SlateCore` (or `Slate`): .ci/docs.sh.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // The `@Table` macro's implementation. Only `SlateMacros` depends on it, so a build of
        // `Slate` or of the `slate` tool never compiles it. Any of the offline versions will do.
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.1"..<"604.0.0"),
        // Property-based tests (Swift Testing), for SlateCoreTests only: changesets (issue 24).
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
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
            ],
            linkerSettings: [
                // A library that does not exist: `ld: cannot find -l...` names the mistake.
                .linkedLibrary(
                    "DocumentationBuild-trait-is-for-generate-documentation-only",
                    .when(traits: ["DocumentationBuild"])
                ),
            ]
        ),
        // Reading and changing a database's schema, for `Slate` (which re-exports it) and for the
        // `slate` tool, which needs no more of `Slate`: a build of the tool compiles neither the
        // query language nor Codable (issue 29, part 7).
        .target(name: "SlateSchema", dependencies: ["SlateCore"]),
        .target(name: "Slate", dependencies: ["SlateCore", "SlateSchema"]),
        // Borrowed spellings: leaves that re-export the primary module they extend. Primary code
        // never depends on them.
        .target(name: "SlateSQLiteSwift", dependencies: ["Slate", "SlatePragmaProperties"]),
        .target(name: "SlateDataLiteCore", dependencies: ["SlateCore", "SlatePragmaProperties"]),
        // The pragma properties both SQLite.swift and DataLiteCore spell: one declaration that
        // both modules re-export, so a file importing the two sees no ambiguity. Not a product.
        .target(name: "SlatePragmaProperties", dependencies: ["SlateCore"]),
        .target(name: "SlateSwiftly", dependencies: ["SlateCore"]),
        // The macros' expansions, a plain library so that their tests (`SlateMacrosTests`)
        // depend on it rather than on the macro target: a test target that depends on a macro
        // makes SwiftPM build the whole test product a second time, for the host.
        .target(
            name: "SlateMacroExpansions",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftSyntaxBuilder", package: "swift-syntax"),
                .product(name: "SwiftDiagnostics", package: "swift-syntax"),
            ]
        ),
        .macro(
            name: "SlateMacrosPlugin",
            dependencies: [
                "SlateMacroExpansions",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
            ]
        ),
        .target(name: "SlateMacros", dependencies: ["Slate", "SlateMacrosPlugin"]),
        .executableTarget(
            name: "SlateCLI",
            dependencies: [
                "SlateCore", "SlateSchema",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Helpers shared by the test targets (issue 19): temporary folders, watchdogs, error checks
        // and fixture databases. SlateCoreTestSupport needs only SlateCore, so SlateCoreTests
        // never links the typed layer; SlateTestSupport adds the typed fixtures (`users`,
        // `items`) and re-exports SlateCoreTestSupport.
        .target(name: "SlateCoreTestSupport", dependencies: ["SlateCore"], path: "Tests/SlateCoreTestSupport"),
        .target(name: "SlateTestSupport", dependencies: ["Slate", "SlateCoreTestSupport"], path: "Tests/SlateTestSupport"),
        .testTarget(
            name: "SlateCoreTests",
            dependencies: [
                "SlateCore", "SlateCoreTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(name: "SlateTests", dependencies: ["Slate", "SlateSchema", "SlateTestSupport"]),
        .testTarget(name: "SlateSQLiteSwiftTests", dependencies: ["SlateSQLiteSwift", "SlateDataLiteCore", "SlateTestSupport"]),
        .testTarget(name: "SlateDataLiteCoreTests", dependencies: ["SlateDataLiteCore", "SlateCoreTestSupport"]),
        .testTarget(name: "SlateSwiftlyTests", dependencies: ["SlateSwiftly", "SlateCoreTestSupport"]),
        .testTarget(
            name: "SlateMacrosTests",
            dependencies: [
                "SlateMacroExpansions",
                .product(name: "SwiftSyntaxMacrosTestSupport", package: "swift-syntax"),
            ]
        ),
        .testTarget(name: "SlateRecordTests", dependencies: ["SlateMacros", "SlateTestSupport"]),
        .testTarget(name: "SlateCLITests", dependencies: ["SlateCLI", "Slate", "SlateTestSupport"]),
        // Reliability (issue 14): a fault-injecting VFS in C over the linked SQLite's API; a probe
        // executable (the writer that the crash loop kills with SIGKILL, and a row streamer whose
        // memory is measured in a process of its own); and the tests that use them.
        .target(
            name: "CFaultVFS",
            dependencies: [
                .target(name: "CSQLite", condition: .when(traits: ["SystemSQLite"])),
                .target(name: "CSQLCipher", condition: .when(traits: ["SQLCipher"])),
            ],
            path: "Tests/CFaultVFS"
        ),
        .executableTarget(name: "SlateReliabilityProbe", dependencies: ["Slate"], path: "Tests/SlateReliabilityProbe"),
        .testTarget(
            name: "SlateReliabilityTests",
            dependencies: ["Slate", "SlateCLI", "CFaultVFS", "SlateReliabilityProbe", "SlateTestSupport"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
