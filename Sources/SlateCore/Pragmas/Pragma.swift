/// The name of a PRAGMA, validated before it reaches SQL.
///
/// ```swift
/// let mode: String? = try db.get(pragma: .journalMode)
/// try db.set(pragma: "cache_size", value: -4000)
/// ```
public struct Pragma: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The pragma name, optionally prefixed by a schema (`"main.user_version"`).
    public let rawValue: String

    /// Creates a pragma from its name.
    ///
    /// - Parameter rawValue: The name, such as `"user_version"` or `"aux.journal_mode"`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Creates a pragma from a string literal.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// The name.
    public var description: String { rawValue }

    /// `application_id`.
    public static let applicationID: Pragma = "application_id"
    /// `foreign_keys`.
    public static let foreignKeys: Pragma = "foreign_keys"
    /// `journal_mode`.
    public static let journalMode: Pragma = "journal_mode"
    /// `synchronous`.
    public static let synchronous: Pragma = "synchronous"
    /// `user_version`.
    public static let userVersion: Pragma = "user_version"
    /// `busy_timeout` (milliseconds).
    public static let busyTimeout: Pragma = "busy_timeout"
    /// `wal_autocheckpoint` (pages).
    public static let walAutoCheckpoint: Pragma = "wal_autocheckpoint"

    /// The pragma as SQL (`"schema".name`), or an error if the name is not a plain identifier.
    package func sql() throws(SQLiteError) -> String {
        let parts = rawValue.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let name = parts.last, Self.isIdentifier(name) else {
            throw SQLiteError.misuse("invalid PRAGMA name \(SQLiteValue.quote(rawValue)): expected a name such as user_version or main.user_version")
        }
        if parts.count == 2 {
            guard !parts[0].isEmpty else { throw SQLiteError.misuse("invalid PRAGMA name \(SQLiteValue.quote(rawValue))") }
            return SQLiteValue.quoteIdentifier(String(parts[0])) + "." + name
        }
        return String(name)
    }

    private static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else {
            return false
        }
        return text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }
}
