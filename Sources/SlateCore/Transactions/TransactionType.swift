/// How a transaction takes its locks.
public enum TransactionType: String, Hashable, Sendable, CaseIterable {
    /// Locks are taken when the transaction first reads or writes.
    case deferred = "DEFERRED"
    /// The write lock is taken at once, so the transaction cannot fail later for being busy.
    case immediate = "IMMEDIATE"
    /// Like immediate; in rollback-journal mode, readers are locked out too.
    case exclusive = "EXCLUSIVE"
}
