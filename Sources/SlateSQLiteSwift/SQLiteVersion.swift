/// A SQLite library version, as SQLite.swift's `Connection.sqliteVersion` returns it.
///
/// Slate's primary spelling is `SQLite/version` (text) and `SQLite/versionNumber`; this
/// comparable value lets SQLite.swift code such as `db.sqliteVersion >= .init(major: 3, minor: 35)`
/// compile unchanged.
public struct SQLiteVersion: Comparable, Hashable, CustomStringConvertible, Sendable {
    /// The major version (3).
    public let major: Int
    /// The minor version (40 in 3.40.1).
    public let minor: Int
    /// The patch version (1 in 3.40.1).
    public var point: Int = 0

    /// Creates a version.
    ///
    /// - Parameters:
    ///   - major: The major version.
    ///   - minor: The minor version.
    ///   - point: The patch version, 0 by default.
    public init(major: Int, minor: Int, point: Int = 0) {
        self.major = major
        self.minor = minor
        self.point = point
    }

    /// `SQLite 3.40.1`.
    public var description: String { "SQLite \(major).\(minor).\(point)" }

    /// Orders versions by major, then minor, then patch number.
    ///
    /// - Parameters:
    ///   - lhs: A version.
    ///   - rhs: Another version.
    /// - Returns: Whether `lhs` is older than `rhs`.
    public static func < (lhs: SQLiteVersion, rhs: SQLiteVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.point) < (rhs.major, rhs.minor, rhs.point)
    }
}

extension SQLiteVersion {
    /// The linked library's version, read from `SQLite/versionNumber` (e.g. `3040001`).
    static var linked: SQLiteVersion {
        let parts = SQLite.versionParts(SQLite.versionNumber)
        return SQLiteVersion(major: parts.major, minor: parts.minor, point: parts.point)
    }
}
