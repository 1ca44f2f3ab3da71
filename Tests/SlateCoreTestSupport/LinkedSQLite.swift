import SlateCore

/// What the linked SQLite can run, for test conditions that a version number cannot decide.
public enum LinkedSQLite {
    /// Whether the JSON functions run: built in from 3.38, optional before (SQLCipher 3.4 lacks them).
    public static let hasJSON: Bool = (try? Connection())?.supportsJSON ?? false
}
