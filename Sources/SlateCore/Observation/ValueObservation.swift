/// A value fetched from the database, fetched again after every commit that changed what it read.
///
/// ```swift
/// let observation = ValueObservation.tracking { db in
///     try db.scalar(Int.self, "SELECT count(*) FROM players")
/// }
/// for try await count in observation.values(in: pool) {
///     print("\(count) players")
/// }
/// ```
///
/// The fetch's *region* is the tables and columns it read, learned from SQLite's authorizer
/// (a `count(*)` or a rowid read counts as the whole table). After each commit on the database's
/// writer connection, the observation compares what the commit wrote with that region: commits
/// that touch only other tables, or only other columns of an UPDATE, cause no fetch. Rolled-back
/// transactions never notify. Notifications may be coalesced when commits come faster than
/// fetches, but the last value always reflects the last commit.
///
/// Changes made through the ``DatabaseWriter`` the observation runs in are seen at once, with
/// the tables and columns they touched. Commits that other processes, or other connections of
/// this process, make to the same file are seen too, every
/// ``Configuration/crossProcessPollInterval`` (0.05 s by default), as a change to the whole
/// database: each one refetches.
public struct ValueObservation<Value: Sendable>: Sendable {
    let fetch: @Sendable (Connection) throws -> Value
    let isDuplicate: (@Sendable (Value, Value) -> Bool)?

    /// An observation of the value `fetch` returns.
    ///
    /// - Parameter fetch: Reads the value, inside a read-only transaction. It may use raw SQL,
    ///   Slate's typed queries or Codable fetches; it should depend only on the database.
    /// - Returns: The observation; nothing runs until ``values(in:)`` is iterated or
    ///   ``start(in:onError:onChange:)`` is called.
    public static func tracking(_ fetch: @escaping @Sendable (Connection) throws -> Value) -> ValueObservation<Value> {
        ValueObservation(fetch: fetch, isDuplicate: nil)
    }

    /// Starts observing in `writer`, calling `onChange` with the current value, then with a new
    /// value after every commit that changed what the fetch read.
    ///
    /// Nothing runs on the caller's thread: the first value arrives asynchronously. `onChange`
    /// and `onError` are called one at a time, on a dispatch queue of the observation.
    ///
    /// - Parameters:
    ///   - writer: The ``DatabaseQueue`` or ``DatabasePool`` whose commits are observed.
    ///   - onError: Called once when the observation cannot continue: the fetch threw, or the
    ///     database is closed. The observation then stops.
    ///   - onChange: Called with each fetched value.
    /// - Returns: A cancellable to keep for as long as notifications are wanted.
    public func start(
        in writer: any DatabaseWriter,
        onError: @escaping @Sendable (any Error) -> Void,
        onChange: @escaping @Sendable (Value) -> Void
    ) -> ObservationCancellable {
        let observer = ValueObserver(writer: writer, observation: self, onError: onError, onChange: onChange)
        observer.start()
        return ObservationCancellable(handledCommits: { observer.handledCommits }) { observer.cancel() }
    }

    /// The observed values, as an asynchronous sequence: first the current value, then a value
    /// after every commit that changed what the fetch read.
    ///
    /// Each iteration starts its own observation. Cancelling the iterating task or leaving the
    /// loop stops it and removes its hooks. The sequence throws when the fetch throws or the
    /// database is closed.
    ///
    /// - Parameter writer: The ``DatabaseQueue`` or ``DatabasePool`` whose commits are observed.
    /// - Returns: The values.
    public func values(in writer: any DatabaseWriter) -> ValueObservationValues<Value> {
        ValueObservationValues(observation: self, writer: writer)
    }
}

extension ValueObservation where Value: Equatable {
    /// An observation that skips values equal to the previous one it delivered.
    ///
    /// - Returns: The observation, without consecutive duplicates.
    public func removeDuplicates() -> ValueObservation<Value> {
        ValueObservation(fetch: fetch, isDuplicate: { $0 == $1 })
    }
}
