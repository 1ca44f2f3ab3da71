/// A feature of SQL or of SQLite's C API that Slate uses only when the linked library has it,
/// and the SQLite version that brought it.
///
/// The one list of version numbers in Slate: every check asks a feature here, so that a
/// feature's version is written once and every error names it the same way ("RETURNING needs
/// SQLite 3.35.0 or newer; the linked library is 3.15.2"). The linked version itself is
/// ``SQLite/version`` and ``SQLite/versionNumber``.
package struct SQLiteFeature: Sendable {
    /// What needs the version, as errors name it (`"RETURNING"`).
    package let name: String
    /// The first version that has it, as ``SQLite/versionNumber`` counts (`3035000` for 3.35.0).
    package let minimumVersion: Int32

    /// Whether the linked library has the feature.
    package var isAvailable: Bool { SQLite.versionNumber >= minimumVersion }

    /// `SQLITE_STMTSTATUS_REPREPARE`, the count of a statement's recompilations (3.20).
    package static let reprepareCount = SQLiteFeature(name: "SQLITE_STMTSTATUS_REPREPARE", minimumVersion: 3_020_000)
    /// `INSERT … ON CONFLICT … DO` (3.24).
    package static let upsert = SQLiteFeature(name: "upsert (INSERT … ON CONFLICT … DO)", minimumVersion: 3_024_000)
    /// Window functions, built in and user-defined, and the `OVER (…)` clause (3.25).
    package static let windowFunctions = SQLiteFeature(name: "window functions", minimumVersion: 3_025_000)
    /// `ALTER TABLE … RENAME COLUMN` (3.25).
    package static let renameColumn = SQLiteFeature(name: "ALTER TABLE … RENAME COLUMN", minimumVersion: 3_025_000)
    /// `VACUUM INTO` (3.27).
    package static let vacuumInto = SQLiteFeature(name: "VACUUM INTO", minimumVersion: 3_027_000)
    /// The `SQLITE_PREPARE_NO_VTAB` flag (3.28).
    package static let prepareNoVtab = SQLiteFeature(name: "SQLITE_PREPARE_NO_VTAB", minimumVersion: 3_028_000)
    /// The `SQLITE_DIRECTONLY` function flag (3.30).
    package static let directOnly = SQLiteFeature(name: "Function.Options.directonly", minimumVersion: 3_030_000)
    /// The `SQLITE_OPEN_NOFOLLOW` flag (3.31).
    package static let openNoFollow = SQLiteFeature(name: "SQLITE_OPEN_NOFOLLOW", minimumVersion: 3_031_000)
    /// `RETURNING` (3.35).
    package static let returning = SQLiteFeature(name: "RETURNING", minimumVersion: 3_035_000)
    /// `ALTER TABLE … DROP COLUMN` (3.35).
    package static let dropColumn = SQLiteFeature(name: "ALTER TABLE … DROP COLUMN", minimumVersion: 3_035_000)
    /// A common table expression's `AS [NOT] MATERIALIZED` hint (3.35).
    package static let materializationHint = SQLiteFeature(
        name: "the common table expression hint AS [NOT] MATERIALIZED", minimumVersion: 3_035_000)
    /// The `SQLITE_OPEN_EXRESCODE` flag (3.37).
    package static let openExtendedResultCodes = SQLiteFeature(name: "SQLITE_OPEN_EXRESCODE", minimumVersion: 3_037_000)
    /// JSON's `->` operator (3.38).
    package static let jsonExtract = SQLiteFeature(name: "the JSON -> operator", minimumVersion: 3_038_000)
    /// JSON's `->>` operator (3.38).
    package static let jsonExtractValue = SQLiteFeature(name: "the JSON ->> operator", minimumVersion: 3_038_000)
}

extension SQLite {
    /// Throws unless the linked SQLite has a feature, naming it and the version it needs.
    ///
    /// - Parameter feature: The feature about to be used.
    /// - Throws: ``SQLiteError`` when the library is older.
    package static func require(_ feature: SQLiteFeature) throws(SQLiteError) {
        try require(feature.name, version: feature.minimumVersion)
    }

    /// A version number's parts: 3, 40 and 1 for `3040001`.
    ///
    /// - Parameter number: A version as ``versionNumber`` counts it.
    /// - Returns: The major, minor and patch numbers.
    package static func versionParts(_ number: Int32) -> (major: Int, minor: Int, point: Int) {
        let number = Int(number)
        return (number / 1_000_000, number / 1000 % 1000, number % 1000)
    }
}
