// SQLite.swift's way to run a typed query: `for row in try db.prepare(query)`, whose rows are
// copies and whose iteration cannot throw. An adapter over the one read pipeline
// (Sources/Slate/Execution/Connection+Query.swift): the query is rendered, its statement taken and bound once,
// here; each iteration walks that statement with a `Cursor` and copies each row.

import Slate
import SlateCore

extension Connection {
    /// Runs a query and returns its rows for iteration (SQLite.swift's spelling; the primary,
    /// `Connection/cursor(_:)`, reads rows in place).
    ///
    /// ```swift
    /// for user in try db.prepare(users) {
    ///     print("id: \(user[id]), email: \(user[email])")
    /// }
    /// ```
    ///
    /// - Parameter query: The query.
    /// - Returns: The rows. The query runs when iteration starts, and again for each iteration.
    /// - Throws: `SQLiteError` when the SQL does not compile or the values do not bind.
    public func prepare(_ query: some QueryType) throws(SQLiteError) -> RowSequence {
        let statement = try statement(for: query)
        // The sequence holds the connection (it is the user's, never cached), so that
        // `for row in try Connection(path).prepare(query)` runs after the connection expression.
        return RowSequence(statement: statement) { () throws(SQLiteError) in try self.statement(for: query) }
    }
}

/// The rows of a typed query, for `for row in try db.prepare(query)` (SQLite.swift's type).
///
/// Iteration cannot throw: an error ends the loop and is kept in `error`. Use
/// `Connection/prepareRowIterator(_:)` to have errors thrown, or
/// `Connection/cursor(_:)` to read rows in place.
public struct RowSequence: Sequence {
    /// The statement bound when the query was prepared.
    private let statement: Statement
    /// `Statement/cacheCheckouts` when it was bound.
    private let checkouts: UInt
    /// Takes and binds a statement again, for when the first is in use or was rebound.
    private let rebind: () throws(SQLiteError) -> Statement
    private let last = ErrorBox()

    init(statement: Statement, rebind: @escaping () throws(SQLiteError) -> Statement) {
        self.statement = statement
        self.checkouts = statement.cacheCheckouts
        self.rebind = rebind
    }

    /// Starts a walk over the rows (running the query again if it ran before).
    public func makeIterator() -> RowIterator {
        let iteration: RowIteration
        do throws(SQLiteError) {
            // Another walk of this query may be running on the statement, or the cache may have
            // handed it to another caller, who bound other values: take a statement afresh.
            let usable = statement.isBusy || statement.cacheCheckouts != checkouts ? try rebind() : statement
            iteration = RowIteration(statement: usable)
        } catch {
            iteration = RowIteration(failure: error)
        }
        iteration.errorSink = last
        return RowIterator(iteration: iteration)
    }

    /// The error that ended the most recent iteration, if any.
    public var error: SQLiteError? { last.error }
}

/// Where a sequence's iterators leave the error that stopped them.
final class ErrorBox {
    var error: SQLiteError?
}
