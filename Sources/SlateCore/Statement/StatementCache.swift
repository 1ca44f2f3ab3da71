/// The prepared statements a connection keeps for reuse, by SQL text: at most ``capacity`` of
/// them, the least recently used one leaving first.
///
/// A hit costs one hash of the SQL and a store (its use is stamped with a counter); only a miss
/// in a full cache scans the entries for the oldest stamp, and a miss compiles a statement,
/// which costs far more than the scan.
///
/// A class, because every cached statement goes through a hit: a struct stored in the connection
/// would be a `modify` access of the connection per hit. Its table of entries is not checked for
/// exclusivity at run time (see ``entries``); a connection (and so its cache) is used by one
/// thread at a time, so accesses cannot overlap.
final class StatementCache {
    private final class Entry {
        let statement: Statement
        /// ``clock`` when the statement was last handed out.
        var lastUse: UInt64

        init(statement: Statement, lastUse: UInt64) {
            self.statement = statement
            self.lastUse = lastUse
        }
    }

    /// Keyed by bytes: SQL that Swift's `==` calls equal (canonically equivalent text) may name
    /// other tables or columns for SQLite.
    /// Unchecked: the check costs 117 instructions per lookup on W6 `cachedStatement` and `pluck` (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var entries: [SQLText: Entry] = [:]
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
    func statement(for key: SQLText) -> Statement? {
        guard let entry = entries[key] else { return nil }
        clock &+= 1
        entry.lastUse = clock
        return entry.statement
    }

    /// Keeps a statement for some SQL (unless one is kept already), evicting the least recently
    /// used statement when the cache is full.
    func keep(_ statement: Statement, for key: SQLText) {
        guard capacity > 0, entries[key] == nil else { return }
        if entries.count >= capacity { evictLeastRecentlyUsed() }
        clock &+= 1
        entries[key] = Entry(statement: statement, lastUse: clock)
    }

    /// Forgets every statement (those in use elsewhere stay valid).
    func removeAll() {
        entries.removeAll()
    }

    private func evictLeastRecentlyUsed() {
        guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return }
        entries[oldest.key] = nil
    }
}
