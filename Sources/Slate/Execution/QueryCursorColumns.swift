/// How a ``QueryCursor``'s rows find columns by expression: the query's layout, built after the
/// first step (when SQLite has brought the statement up to date with the schema), and a guess.
///
/// The guess remembers, for each column, the expression text that last resolved to it, and
/// checks the column after the last one found first: rows read in the same order every time
/// cost one string comparison per read (a raw-bits compare for the same `SQLExpression`), not a
/// hash and a parse of the expression.
@usableFromInline
final class QueryCursorColumns {
    private let statement: Statement
    private let makeLayout: (Statement) -> ColumnLayout
    private var builtLayout: ColumnLayout?
    private var queryColumns: QueryColumns?
    /// The expression text that resolved to each column, if any yet.
    @usableFromInline @exclusivity(unchecked) var templates: [String?] = []
    /// The column checked first: the one after the last column found.
    @usableFromInline @exclusivity(unchecked) var nextGuess = 0

    init(statement: Statement, makeLayout: @escaping (Statement) -> ColumnLayout) {
        self.statement = statement
        self.makeLayout = makeLayout
    }

    /// The column an expression names.
    @inlinable @inline(__always)
    func index(of template: String) throws(SQLiteError) -> Int32 {
        let guess = nextGuess
        if guess < templates.count, let known = templates[guess], known == template {
            nextGuess = guess &+ 1 < templates.count ? guess &+ 1 : 0
            return Int32(truncatingIfNeeded: guess)
        }
        return try resolve(template)
    }

    /// ``index(of:)`` when the guess missed: the query's column keys, as `Row` uses.
    @usableFromInline
    func resolve(_ template: String) throws(SQLiteError) -> Int32 {
        let layout = self.layout
        let index: Int
        if let queryColumns {
            index = try queryColumns.index(of: template)
        } else {
            index = try Row(layout: layout, values: []).columnIndex(for: SQLExpression<Void>(literal: template))
        }
        templates[index] = template
        nextGuess = index + 1 < templates.count ? index + 1 : 0
        return Int32(index)
    }

    /// The query's layout, built once.
    var layout: ColumnLayout {
        if let builtLayout { return builtLayout }
        let layout = makeLayout(statement)
        builtLayout = layout
        queryColumns = layout.attachment.flatMap { $0 as? QueryColumns }
        templates = Array(repeating: nil, count: layout.names.count)
        return layout
    }
}
