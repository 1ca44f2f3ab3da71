/// The prepared statements a connection keeps for reuse, by SQL text: at most ``capacity`` of
/// them, the least recently used one leaving first.
///
/// A hit costs one hash of the SQL and a store (its use is stamped with a counter); only a miss
/// in a full cache scans the entries for the oldest stamp, and a miss compiles a statement,
/// which costs far more than the scan.
struct StatementCache {
    private struct Entry {
        let statement: Statement
        /// ``clock`` when the statement was last handed out.
        var lastUse: UInt64
    }

    /// Keyed by bytes: SQL that Swift's `==` calls equal (canonically equivalent text) may name
    /// other tables or columns for SQLite.
    private var entries: [SQLText: Entry] = [:]
    private var clock: UInt64 = 0

    /// The most statements kept; lowering it evicts at once. Never negative.
    var capacity: Int {
        didSet {
            capacity = max(0, capacity)
            while entries.count > capacity { evictLeastRecentlyUsed() }
        }
    }

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// How many statements are kept.
    var count: Int { entries.count }

    /// The statement kept for some SQL, marked as just used.
    mutating func statement(for key: SQLText) -> Statement? {
        guard let index = entries.index(forKey: key) else { return nil }
        clock &+= 1
        entries.values[index].lastUse = clock
        return entries.values[index].statement
    }

    /// Keeps a statement for some SQL (unless one is kept already), evicting the least recently
    /// used statement when the cache is full.
    mutating func keep(_ statement: Statement, for key: SQLText) {
        guard capacity > 0, entries[key] == nil else { return }
        if entries.count >= capacity { evictLeastRecentlyUsed() }
        clock &+= 1
        entries[key] = Entry(statement: statement, lastUse: clock)
    }

    /// Forgets every statement (those in use elsewhere stay valid).
    mutating func removeAll() {
        entries.removeAll()
    }

    private mutating func evictLeastRecentlyUsed() {
        guard let oldest = entries.indices.min(by: { entries.values[$0].lastUse < entries.values[$1].lastUse }) else {
            return
        }
        entries.remove(at: oldest)
    }
}
