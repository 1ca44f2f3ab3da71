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
