/// The kinds of column-level `PRIMARY KEY`.
public enum PrimaryKey: Sendable, Hashable {
    /// `PRIMARY KEY`.
    case `default`
    /// `PRIMARY KEY AUTOINCREMENT`: rowids are never reused (integer keys only).
    case autoincrement
}
