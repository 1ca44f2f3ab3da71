import SlateCore

/// What the linked SQLite can run, for test conditions that a version number cannot decide.
public enum LinkedSQLite {
    /// Whether the JSON functions run: built in from 3.38, optional before (SQLCipher 3.4 lacks them).
    public static let hasJSON: Bool = (try? Connection())?.supportsJSON ?? false
}

extension LinkedSQLite {
    /// Whether released statements are kept for reuse: the cache stamps each with the schema it
    /// was compiled under through `sqlite3_db_name` (3.39); before it, nothing released is kept.
    public static let reusesStatements = SQLite.versionNumber >= 3_039_000
}
