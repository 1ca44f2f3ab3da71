/// How a transaction takes its locks.
///
/// The raw value is the keyword SQLite takes after `BEGIN` (`"IMMEDIATE"`); ``init(rawValue:)``
/// reads any case, as DataLiteCore's does.
public enum TransactionType: Hashable, Sendable, CaseIterable, RawRepresentable, CustomStringConvertible {
    /// Locks are taken when the transaction first reads or writes.
    case deferred
    /// The write lock is taken at once, so the transaction cannot fail later for being busy.
    case immediate
    /// Like immediate; in rollback-journal mode, readers are locked out too.
    case exclusive

    /// The keyword, in uppercase: `"DEFERRED"`, `"IMMEDIATE"` or `"EXCLUSIVE"`.
    public var rawValue: String {
        switch self {
        case .deferred: "DEFERRED"
        case .immediate: "IMMEDIATE"
        case .exclusive: "EXCLUSIVE"
        }
    }

    /// The type named by a keyword in any case (`"immediate"`), or `nil` for another word.
    ///
    /// - Parameter rawValue: The keyword.
    public init?(rawValue: String) {
        switch rawValue.uppercased() {
        case "DEFERRED": self = .deferred
        case "IMMEDIATE": self = .immediate
        case "EXCLUSIVE": self = .exclusive
        default: return nil
        }
    }

    /// The keyword, in uppercase (`"IMMEDIATE"`).
    public var description: String { rawValue }
}
