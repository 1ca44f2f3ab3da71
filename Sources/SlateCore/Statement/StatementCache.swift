/// The one statement cache of a connection: every prepared statement the connection keeps for
/// reuse, whoever asked for it, under one bound and one eviction policy.
///
/// It keeps, by ``StatementCacheKey``:
/// - the statements of ``Connection/cachedStatement(sql:)`` (and every typed query), by SQL text;
/// - the compiled forms of statements released inside a transaction of a queue's or pool's
///   access, for the next `prepare(sql:)` of the same text there (see ``RecycledStatements`` for
///   what makes that safe: schema stamps, transactions that have read);
/// - the statements a layer built on SlateCore finds without hashing SQL: Slate's record
///   statements by record type and kind, and its one-row inserts by shape (a key that layer
///   supplies, opaque here).
///
/// At most ``capacity`` entries are kept; keeping one more evicts the least recently used. A hit
/// costs one hash of the key and a store (its use is stamped with a counter); only a miss in a
/// full cache scans the entries for the oldest stamp, and a miss compiles a statement, which
/// costs far more than the scan. The entry found last is checked first, without hashing: a loop
/// of one record's inserts finds its statement with two comparisons.
///
/// A class, because every cached statement goes through a hit: a struct stored in the connection
/// would be a `modify` access of the connection per hit. It lives on the connection's handle,
/// which released statements reach; the `Connection` empties it when it is freed or closed, so
/// the statements it keeps never keep their connection alive. A connection (and so its cache) is
/// used by one thread at a time, so accesses cannot overlap.
package final class StatementCache {
    /// One kept statement, or one released statement's compiled form.
    private final class Entry {
        let key: StatementCacheKey
        /// The kept statement (`nil` for a released compiled form).
        let statement: Statement?
        /// A released statement's compiled form and the schema it was compiled under, finalized
        /// with the entry unless ``take()`` handed it out.
        private var released: (handle: OpaquePointer, stamp: RecycledStatements.SchemaStamp)?
        /// ``StatementCache/clock`` when the entry was last used.
        var lastUse: UInt64

        init(key: StatementCacheKey, statement: Statement, lastUse: UInt64) {
            self.key = key
            self.statement = statement
            self.lastUse = lastUse
        }

        init(key: StatementCacheKey, released handle: OpaquePointer, stamp: RecycledStatements.SchemaStamp, lastUse: UInt64) {
            self.key = key
            self.statement = nil
            self.released = (handle, stamp)
            self.lastUse = lastUse
        }

        /// The released compiled form if it was compiled under `stamp`; otherwise `nil` (the
        /// entry finalizes it). Either way the entry no longer holds it.
        func take(stamp: RecycledStatements.SchemaStamp) -> OpaquePointer? {
            guard let kept = released else { return nil }
            guard kept.stamp == stamp else { return nil }
            released = nil
            return kept.handle
        }

        deinit {
            if let released { sqlite3_finalize(released.handle) }
        }
    }

    /// What ``lookup(_:)`` found.
    package enum Lookup {
        /// The kept statement, reset if it had been stepped, ready to bind.
        case found(Statement)
        /// The kept statement is being stepped (a query run from inside another one, by a custom
        /// function or a hook): the caller needs a statement of its own, which is not kept.
        case busy
        /// Nothing is kept for the key.
        case missing
    }

    /// Keyed by bytes: SQL that Swift's `==` calls equal (canonically equivalent text) may name
    /// other tables or columns for SQLite.
    /// Unchecked: the check costs 117 instructions per lookup on W6 `cachedStatement` and `pluck` (Benchmarks/PROFILE.md, “Unsafe flags”).
    @exclusivity(unchecked) private var entries: [StatementCacheKey: Entry] = [:]
    /// The entry of the last hit (or the last statement kept), checked before ``entries``.
    /// Unchecked: one use at a time on the connection's thread; checked, W5 `record.insert` pays about 60 instructions per row (Benchmarks/PROFILE.md, “Unsafe flags”, `RecordStatementCache.last`).
    @exclusivity(unchecked) private var last: Entry?
    private var clock: UInt64 = 0

    /// The most entries kept; lowering it evicts at once. Never negative.
    package var capacity: Int {
        didSet {
            capacity = max(0, capacity)
            var evicted: [Entry] = []
            while entries.count > capacity, let entry = evictLeastRecentlyUsed() { evicted.append(entry) }
            withExtendedLifetime(evicted) {}  // freed once the table is consistent again
        }
    }

    /// A cache keeping at most `capacity` entries.
    package init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// How many entries are kept (statements and released compiled forms).
    package var count: Int { entries.count }

    /// How many released statements' compiled forms are kept (for tests).
    package var releasedCount: Int {
        entries.keys.reduce(0) { count, key in
            if case .released = key { return count + 1 }
            return count
        }
    }

    // MARK: Statements

    /// The statement kept for a key, marked as just used and reset if it was stepped.
    ///
    /// - Parameter key: The key (never ``StatementCacheKey/released(_:)``, which ``takeReleased(_:stamp:)`` reads).
    package func lookup(_ key: StatementCacheKey) -> Lookup {
        if let last, last.key == key { return use(last) }
        guard let entry = entries[key] else { return .missing }
        return use(entry)
    }

    /// The statement kept for a layer's type and kind (``StatementCacheKey/typed(_:kind:)``):
    /// the last hit is compared without building or hashing a key.
    package func lookup(type: ObjectIdentifier, kind: UInt8) -> Lookup {
        if let last, case .typed(let lastType, let lastKind) = last.key, lastType == type, lastKind == kind {
            return use(last)
        }
        return lookup(.typed(type, kind: kind))
    }

    /// The layer's shape of the last hit, if the last hit was found by a shape of type `Shape`:
    /// a layer compares its own key with it before building one to look up.
    package func lastShape<Shape: StatementShape>(_ type: Shape.Type) -> Shape? {
        guard let last, case .shape(let shape) = last.key else { return nil }
        return shape.object as? Shape
    }

    /// The statement of the last hit (see ``lastShape(_:)``), as ``lookup(_:)`` hands it out.
    package func useLast() -> Lookup {
        guard let last else { return .missing }
        return use(last)
    }

    /// Keeps a statement for a key (unless one is kept already), evicting the least recently
    /// used entry when the cache is full.
    package func keep(_ statement: Statement, for key: StatementCacheKey) {
        guard capacity > 0, entries[key] == nil else { return }
        let evicted = entries.count >= capacity ? evictLeastRecentlyUsed() : nil
        clock &+= 1
        let entry = Entry(key: key, statement: statement, lastUse: clock)
        entries[key] = entry
        last = entry
        withExtendedLifetime(evicted) {}  // freed once the table is consistent again
    }

    private func use(_ entry: Entry) -> Lookup {
        guard let statement = entry.statement else { return .missing }
        if statement.isBusy { return .busy }
        // Its last user may have run it to its end without a reset (a cursor does not reset).
        statement.resetIfStepped()
        clock &+= 1
        entry.lastUse = clock
        if last !== entry { last = entry }
        return .found(statement)
    }

    // MARK: Released statements

    /// The compiled form kept for `text` if it was compiled under `stamp`, removed from the
    /// cache; one compiled under another schema is finalized instead.
    func takeReleased(_ text: SQLText, stamp: RecycledStatements.SchemaStamp) -> OpaquePointer? {
        guard !entries.isEmpty, let entry = entries.removeValue(forKey: .released(text)) else { return nil }
        return entry.take(stamp: stamp)
    }

    /// Keeps a released statement's compiled form (reset, bindings cleared) for `text`; `false`
    /// when it is not kept (one is kept for the text already, or the capacity is 0), and the
    /// caller finalizes it.
    func keepReleased(_ handle: OpaquePointer, for text: SQLText, stamp: RecycledStatements.SchemaStamp) -> Bool {
        let key = StatementCacheKey.released(text)
        guard capacity > 0, entries[key] == nil else { return false }
        let evicted = entries.count >= capacity ? evictLeastRecentlyUsed() : nil
        clock &+= 1
        entries[key] = Entry(key: key, released: handle, stamp: stamp, lastUse: clock)
        withExtendedLifetime(evicted) {}
        return true
    }

    // MARK: Housekeeping

    /// Forgets every entry: kept statements in use elsewhere stay valid, released compiled forms
    /// are finalized.
    package func removeAll() {
        // Swapped out first: freeing an entry may release a statement, whose compiled form may
        // come back to this cache.
        let old = entries
        entries = [:]
        last = nil
        withExtendedLifetime(old) {}
    }

    /// Removes the least recently used entry and returns it, for the caller to free once the
    /// table is consistent again.
    private func evictLeastRecentlyUsed() -> Entry? {
        guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return nil }
        if last === oldest.value { last = nil }
        return entries.removeValue(forKey: oldest.key)
    }
}
