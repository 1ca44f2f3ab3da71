/// The rows of a typed query, for `for row in try db.prepare(query)`.
///
/// Iteration cannot throw: an error ends the loop and is kept in ``error``. Use
/// ``SlateCore/Connection/prepareRowIterator(_:)`` to have errors thrown.
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
