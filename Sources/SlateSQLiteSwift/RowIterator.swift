// SQLite.swift's throwing walk over a typed query's copied rows: `db.prepareRowIterator(query)`.
// An adapter over a `Cursor` (see Sources/Slate/Execution/Connection+Query.swift).

import Slate
import SlateCore

extension Connection {
    /// Runs a query and returns an iterator whose errors are thrown (SQLite.swift's spelling;
    /// the primary, `Connection/cursor(_:)`, reads rows in place).
    ///
    /// - Parameter query: The query.
    /// - Returns: The row iterator.
    /// - Throws: `SQLiteError` when the SQL does not compile or the values do not bind.
    public func prepareRowIterator(_ query: some QueryType) throws(SQLiteError) -> RowIterator {
        RowIterator(iteration: RowIteration(statement: try statement(for: query)))
    }
}

/// A forward walk over a typed query's rows whose errors are thrown, not swallowed
/// (SQLite.swift's type).
///
/// ```swift
/// let rows = try db.prepareRowIterator(users)
/// while let user = try rows.failableNext() { print(user[email]) }
/// let ids = try db.prepareRowIterator(users).map { $0[id] }
/// let all = try Array(db.prepareRowIterator(users))
/// ```
public struct RowIterator: IteratorProtocol {
    let iteration: RowIteration

    /// The next row, or `nil` after the last one.
    ///
    /// - Returns: The row, or `nil`.
    /// - Throws: `SQLiteError` when stepping fails.
    public func failableNext() throws(SQLiteError) -> Row? {
        try iteration.nextRow()
    }

    /// The next row, or `nil` after the last one or after an error (see `error`).
    ///
    /// Not `mutating`: the position lives in the shared iteration, so
    /// `try db.prepare(query).makeIterator().next()` works on the returned value, as SQLite.swift's
    /// `AnyIterator` does.
    public func next() -> Row? {
        do {
            return try iteration.nextRow()
        } catch {
            iteration.error = error
            return nil
        }
    }

    /// The error that ended iteration through `next()`, if any.
    public var error: SQLiteError? { iteration.error }

    /// Reads every remaining row with `transform`.
    ///
    /// - Parameter transform: Reads one row.
    /// - Returns: The transformed rows.
    /// - Throws: The first error from stepping or from `transform`.
    public func map<T>(_ transform: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        while let row = try failableNext() { result.append(try transform(row)) }
        return result
    }
}

extension Array where Element == Row {
    /// Collects every remaining row of an iterator.
    ///
    /// - Parameter rowIterator: The iterator.
    /// - Throws: `SQLiteError` when stepping fails.
    public init(_ rowIterator: RowIterator) throws(SQLiteError) {
        self.init()
        while let row = try rowIterator.failableNext() { append(row) }
    }
}

/// One walk of a `RowIterator`: a `Cursor` whose rows are copied.
///
/// The first row is read as soon as the walk starts, so that the statement is busy (and the
/// cache hands it to nobody else) while rows remain; the statement is reset when the walk ends
/// or is dropped early, so that the cache can hand it out again.
final class RowIteration {
    private let cursor: Cursor?
    private var pending: Row?
    /// The last row's values, reused for the next row when the caller no longer holds them.
    /// Unchecked: only `fetch()` touches it, on the iterating thread; the check of its `inout`
    /// use costs about 147 instructions a row on W3 `prepare(table)` (Benchmarks/PROFILE.md,
    /// “Unsafe flags”).
    @exclusivity(unchecked) private var buffer: [SQLiteValue] = []
    private var finished = false
    private var startError: SQLiteError?
    /// The error that ended the walk through `RowIterator.next()`.
    var error: SQLiteError? {
        didSet { errorSink?.error = error }
    }
    /// Where the error goes too: the sequence the walk came from, if any.
    var errorSink: ErrorBox?

    init(statement: Statement) {
        cursor = statement.cursor()
        do {
            pending = try fetch()
        } catch {
            startError = error
        }
    }

    init(failure: SQLiteError) {
        cursor = nil
        startError = failure
        finished = true
    }

    func nextRow() throws(SQLiteError) -> Row? {
        if let startError {
            self.startError = nil
            finished = true
            throw startError
        }
        if let row = pending {
            pending = nil
            return row
        }
        return try fetch()
    }

    private func fetch() throws(SQLiteError) -> Row? {
        guard !finished, let cursor else { return nil }
        do {
            if try cursor.next() != nil { return Row(statement: cursor.statement, reusing: &buffer) }
        } catch {
            finish()
            throw error
        }
        finish()
        return nil
    }

    private func finish() {
        finished = true
        try? cursor?.statement.reset()
    }

    deinit {
        if !finished { try? cursor?.statement.reset() }
    }
}
