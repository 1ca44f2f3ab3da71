/// A forward walk over a typed query's rows whose errors are thrown, not swallowed.
///
/// ```swift
/// let rows = try db.prepareRowIterator(users)
/// while let user = try rows.failableNext() { print(user[email]) }
/// let ids = try db.prepareRowIterator(users).map { $0[id] }
/// let all = try Array(db.prepareRowIterator(users))
/// ```
public struct RowIterator: IteratorProtocol {
    let state: QueryExecution

    /// The next row, or `nil` after the last one.
    ///
    /// - Returns: The row, or `nil`.
    /// - Throws: ``SQLiteError`` when stepping fails.
    public func failableNext() throws(SQLiteError) -> Row? {
        try state.nextRow()
    }

    /// The next row, or `nil` after the last one or after an error (see ``error``).
    public mutating func next() -> Row? {
        do {
            return try state.nextRow()
        } catch {
            state.error = error
            return nil
        }
    }

    /// The error that ended iteration through ``next()``, if any.
    public var error: SQLiteError? { state.error }

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
    /// - Throws: ``SQLiteError`` when stepping fails.
    public init(_ rowIterator: RowIterator) throws(SQLiteError) {
        self.init()
        while let row = try rowIterator.failableNext() { append(row) }
    }
}

/// The rows of a typed query, for `for row in try db.prepare(query)`.
///
/// Iteration cannot throw: an error ends the loop and is kept in ``error``. Use
/// ``Connection/prepareRowIterator(_:)`` to have errors thrown.
public struct RowSequence: Sequence {
    let makeState: () -> QueryExecution
    private let last: ErrorBox = ErrorBox()

    init(makeState: @escaping () -> QueryExecution) {
        self.makeState = makeState
    }

    /// Starts a walk over the rows (running the query again if it ran before).
    public func makeIterator() -> RowIterator {
        let state = makeState()
        state.errorSink = last
        return RowIterator(state: state)
    }

    /// The error that ended the most recent iteration, if any.
    public var error: SQLiteError? { last.error }
}

/// Where a sequence's iterators leave the error that stopped them.
final class ErrorBox {
    var error: SQLiteError?
}

/// One run of a typed query: the statement, the layout of its rows and the iteration state.
///
/// The statement comes from the connection's cache; the first row is fetched as soon as the run
/// starts, so that the statement is busy (and not handed to another query) while rows remain.
final class QueryExecution {
    private let statement: Statement?
    private let makeLayout: (Statement) -> ColumnLayout
    private var layout: ColumnLayout?
    private var pending: Row?
    private var finished = false
    private var startError: SQLiteError?
    var error: SQLiteError? {
        didSet { errorSink?.error = error }
    }
    var errorSink: ErrorBox?

    /// Starts a run; `makeLayout` describes the rows once the first step has brought the
    /// statement up to date with the schema (SQLite recompiles a stale statement on its first step).
    init(statement: Statement, makeLayout: @escaping (Statement) -> ColumnLayout) {
        self.statement = statement
        self.makeLayout = makeLayout
        do {
            pending = try fetch()
        } catch {
            startError = error
        }
    }

    init(failure: SQLiteError) {
        statement = nil
        makeLayout = { _ in ColumnLayout(names: []) }
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
        guard !finished, let statement else { return nil }
        do {
            guard try statement.step() else {
                finished = true
                try? statement.reset()
                return nil
            }
        } catch {
            finished = true
            try? statement.reset()
            throw error
        }
        let layout = self.layout ?? makeLayout(statement)
        self.layout = layout
        let count = Int32(layout.names.count)
        var values: [SQLiteValue] = []
        values.reserveCapacity(Int(count))
        for index in 0..<count { values.append(statement.columnValue(at: index)) }
        return Row(layout: layout, values: values)
    }

    deinit {
        // Release the statement for reuse if iteration stopped early.
        if !finished { try? statement?.reset() }
    }
}
