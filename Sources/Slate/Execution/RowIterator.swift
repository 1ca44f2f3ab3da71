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
    /// - Throws: `SQLiteError` when stepping fails.
    public func failableNext() throws(SQLiteError) -> Row? {
        try state.nextRow()
    }

    /// The next row, or `nil` after the last one or after an error (see ``error``).
    ///
    /// Not `mutating`: the position lives in the shared query state, so
    /// `try db.prepare(query).makeIterator().next()` works on the returned value, as SQLite.swift's
    /// `AnyIterator` does.
    public func next() -> Row? {
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
    /// - Throws: `SQLiteError` when stepping fails.
    public init(_ rowIterator: RowIterator) throws(SQLiteError) {
        self.init()
        while let row = try rowIterator.failableNext() { append(row) }
    }
}
