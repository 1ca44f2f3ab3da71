import Foundation

/// The running side of a ``ValueObservation``: registers with the writer's change tracker,
/// fetches, and fetches again after each commit that changed what the last fetch read.
///
/// Every fetch runs on `queue`, one at a time. Correctness rests on three orderings:
/// - the observer registers with the tracker before its first fetch, so a commit made after the
///   observation started is either seen by that fetch or notified afterwards;
/// - the tracker notifies only after a commit is complete and visible to new reads;
/// - pending changes are taken before a fetch's read begins, and changes notified later schedule
///   another cycle, so every notified commit is followed by a read that sees it.
final class ValueObserver<Value: Sendable>: @unchecked Sendable {
    // Safety: `lock` guards `cancelled`, `scheduled`, `pending`, `tracker` and `token`;
    // `region`, `recorder`, `regionStatements`, `footprints` and `lastValue` are used only on
    // `queue`; `emission` serializes calls of `onChange`/`onError` with `cancel()`.
    private let writer: any DatabaseWriter
    private let observation: ValueObservation<Value>
    private let onError: @Sendable (any Error) -> Void
    private let onChange: @Sendable (Value) -> Void
    private let queue = DispatchQueue(label: "Slate.ValueObservation")
    private let lock = NSLock()
    private let emission = NSRecursiveLock()

    private var cancelled = false
    private var scheduled = false
    private var pending = DatabaseChanges()
    private var tracker: DatabaseChangeTracker?
    private var token = 0
    /// Commits notified by the tracker, and how many of them a finished cycle accounted for
    /// (tests wait on these to prove a commit caused no fetch).
    private var received = 0
    private var handled = 0

    private var region: DatabaseRegion?
    /// Records the statements of each fetch.
    private let recorder = StatementRecorder()
    /// The statements the fetch that learned `region` ran.
    private var regionStatements: Set<String> = []
    private var footprints: [String: StatementFootprint] = [:]
    private var lastValue: Value?

    init(
        writer: any DatabaseWriter, observation: ValueObservation<Value>,
        onError: @escaping @Sendable (any Error) -> Void, onChange: @escaping @Sendable (Value) -> Void
    ) {
        self.writer = writer
        self.observation = observation
        self.onError = onError
        self.onChange = onChange
    }

    /// Registers and runs the first fetch, off the caller's thread.
    func start() {
        queue.async { self.registerAndFetch() }
    }

    /// Stops notifications (none is delivered once this returns, unless called from inside
    /// `onChange`) and removes the hooks from the writer soon after.
    ///
    /// Called from inside an access of the observed writer (a `write` that cancels), it does not
    /// wait for an `onChange` running on another thread: that `onChange` may itself be waiting
    /// for the writer the caller holds (issue 21: a deadlock). No call starts once it returns;
    /// the running one finishes.
    func cancel() {
        let insideAccess = (writer as? any AccessRegistryOwner)?.accessRegistry.currentRole != nil
        if !insideAccess { emission.lock() }
        let registration: (DatabaseChangeTracker, Int)? = lock.withLock {
            guard !cancelled else { return nil }
            cancelled = true
            return self.tracker.map { ($0, token) }
        }
        if !insideAccess { emission.unlock() }
        guard let (tracker, token) = registration else { return }
        tracker.unregister(token)
        // Uninstalling needs the writer connection, which may be busy or in use by the caller
        // (cancel from inside a write): do it later, on this observer's queue.
        let writer = self.writer
        queue.async {
            _ = try? writer.writeWithoutTransaction { db in tracker.uninstallIfUnused(from: db) }
        }
    }

    /// How many notified commits finished cycles have accounted for.
    var handledCommits: Int { lock.withLock { handled } }

    private var isCancelled: Bool { lock.withLock { cancelled } }

    private func registerAndFetch() {
        guard !isCancelled else { return }
        do {
            guard DatabaseChangeTracker.reportsStatementEndsOnStep else {
                throw SQLiteError.misuse(
                    "ValueObservation needs SQLite to report a statement's end when sqlite3_step "
                        + "finishes it; SQLite \(SQLite.version) reports it only on reset, so commits could go unnoticed")
            }
            try writer.writeWithoutTransaction { db in
                guard let tracker = DatabaseChangeTracker.tracker(on: db) else { throw SQLiteError.connectionClosed }
                let token = tracker.register(on: db) { [weak self] changes in self?.receive(changes) }
                tracker.watchExternalChanges(of: writer, on: db)
                let cancelledMeanwhile = lock.withLock {
                    self.tracker = tracker
                    self.token = token
                    return cancelled
                }
                if cancelledMeanwhile {
                    tracker.unregister(token)
                    tracker.uninstallIfUnused(from: db)
                }
            }
        } catch {
            fail(error)
            return
        }
        cycle()
    }

    /// Called by the tracker, on the writer's thread, after a commit completed; `nil` when the
    /// writer connection closes, which ends the observation with an error.
    private func receive(_ changes: DatabaseChanges?) {
        guard let changes else {
            queue.async { self.fail(SQLiteError.connectionClosed) }
            return
        }
        let schedule: Bool = lock.withLock {
            guard !cancelled else { return false }
            pending.formUnion(changes)
            received += 1
            guard !scheduled else { return false }
            scheduled = true
            return true
        }
        if schedule { queue.async { self.cycle() } }
    }

    /// One read: decides from the changes taken whether the last fetch's region was touched and,
    /// if so (or on the first fetch), fetches again and learns the new region.
    private func cycle() {
        let taken: (DatabaseChanges, Int)? = lock.withLock {
            scheduled = false
            guard !cancelled else { return nil }
            let taken = pending
            pending = DatabaseChanges()
            return (taken, received)
        }
        guard let (changes, mark) = taken else { return }
        defer { lock.withLock { handled = mark } }
        do {
            let value: Value? = try writer.read { db in
                if let region {
                    // Not the first fetch: only fetch if what was written meets what was read.
                    guard written(by: changes, on: db).intersects(region) else { return nil }
                }
                return try fetch(on: db)
            }
            if let value { emit(value) }
        } catch {
            fail(error)
        }
    }

    private func fetch(on db: Connection) throws -> Value {
        recorder.startOver()
        db.connectionHooks?.add(activity: recorder)
        defer { db.connectionHooks?.remove(activity: recorder) }
        let value = try observation.fetch(db)
        let texts = recorder.statements
        // The same statements as the last fetch (the usual case) read the same region, unless a
        // schema change emptied the footprints since.
        if let handle = db.handle, texts != regionStatements || footprints.isEmpty {
            var learned = DatabaseRegion()
            for sql in texts { learned.formUnion(footprint(of: sql, on: handle, hooks: db.connectionHooks).reads) }
            region = learned
            regionStatements = texts
        }
        return value
    }

    /// The tables and columns the changes wrote, resolved on `db` from the statements' texts.
    private func written(by changes: DatabaseChanges, on db: Connection) -> DatabaseRegion {
        guard let handle = db.handle, !changes.external else {
            footprints.removeAll()  // another process may have changed the schema too
            return .fullDatabase
        }
        var region = DatabaseRegion()
        for sql in changes.statements { region.formUnion(footprint(of: sql, on: handle, hooks: db.connectionHooks).writes) }
        if region.isFullDatabase {
            // A schema change can change what cached texts mean (a view or trigger redefined).
            footprints.removeAll()
            return region
        }
        // Rows the update hook saw in a table no statement names were written by something the
        // reader cannot compile (a TEMP trigger of the writer): take the whole table.
        for (table, rows) in changes.tables where rows || !region.contains(table: table) {
            region.insert(table: table, column: nil)
        }
        return region
    }

    private func footprint(of sql: String, on handle: OpaquePointer, hooks: ConnectionHooks?) -> StatementFootprint {
        if let known = footprints[sql] { return known }
        let footprint = StatementFootprint.analyze(sql: sql, on: handle, hooks: hooks)
        // SQL whose text grows with its input would grow the cache without bound.
        if footprints.count < 512 { footprints[sql] = footprint }
        return footprint
    }

    private func emit(_ value: Value) {
        if let isDuplicate = observation.isDuplicate {
            if let lastValue, isDuplicate(lastValue, value) { return }
            lastValue = value
        }
        emission.lock()
        defer { emission.unlock() }
        guard !isCancelled else { return }
        onChange(value)
    }

    /// Reports `error` once and ends the observation, like a cancellation.
    private func fail(_ error: any Error) {
        emission.lock()
        let (wasCancelled, registration): (Bool, (DatabaseChangeTracker, Int)?) = lock.withLock {
            let was = cancelled
            cancelled = true
            return (was, self.tracker.map { ($0, token) })
        }
        if !wasCancelled { onError(error) }
        emission.unlock()
        guard !wasCancelled, let (tracker, token) = registration else { return }
        tracker.unregister(token)
        _ = try? writer.writeWithoutTransaction { db in tracker.uninstallIfUnused(from: db) }
    }
}
