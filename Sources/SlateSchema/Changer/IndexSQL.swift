import SlateCore

/// A `CREATE INDEX` statement read with ``SQLTokenizer``: the tokens of its indexed columns
/// (which may be expressions) and of its `WHERE` condition that name a column of the indexed
/// table, so a rebuild can rename that column in it, or leave out an index that uses a
/// dropped column, keeping collations, sort orders and expressions as written.
struct IndexSQL {
    typealias Token = SQLTokenizer.Token

    let tokens: [Token]
    /// The tokens that name a column of the indexed table.
    let references: [TableSQL.Reference]

    /// Reads an index's statement; `nil` when it has no column list.
    ///
    /// - Parameters:
    ///   - sql: The `CREATE INDEX` statement.
    ///   - table: The indexed table's name.
    init?(_ sql: String, table: String) {
        let tokens = SQLTokenizer(sql).tokens
        guard let on = tokens.firstIndex(where: { $0.isKeyword("ON") }),
            let open = tokens[on...].firstIndex(where: { $0.isPunctuation("(") })
        else { return nil }
        var cursor = TableSQL.Cursor(tokens: tokens, index: open)
        cursor.skipParenthesized()
        let close = cursor.index - 1
        guard close > open, tokens[close].isPunctuation(")") else { return nil }
        var references: [TableSQL.Reference] = []
        // Each indexed column is an expression, then COLLATE name and ASC or DESC.
        var itemStart = open + 1
        var depth = 0
        for position in (open + 1)...close {
            let token = tokens[position]
            if token.isPunctuation("(") { depth += 1 }
            if token.isPunctuation(")") { depth -= 1 }
            guard position == close || (token.isPunctuation(",") && depth == 0) else { continue }
            var itemEnd = position
            if itemEnd - 1 >= itemStart, tokens[itemEnd - 1].isKeyword("ASC") || tokens[itemEnd - 1].isKeyword("DESC") {
                itemEnd -= 1
            }
            references += TableSQL.expressionReferences(tokens, in: itemStart..<itemEnd, table: table)
            itemStart = position + 1
        }
        if let condition = tokens[(close + 1)...].firstIndex(where: { $0.isKeyword("WHERE") }) {
            references += TableSQL.expressionReferences(tokens, in: (condition + 1)..<tokens.count, table: table)
        }
        self.tokens = tokens
        self.references = references
    }

    /// Whether the index uses a column.
    func uses(_ column: String) -> Bool {
        references.contains { SQLIdentifier.equal($0.name, column) }
    }

    /// The statement with a column renamed (quoted) wherever the index uses it.
    func renaming(_ old: String, to new: String) -> String {
        var pieces = tokens.map(\.source)
        for reference in references where SQLIdentifier.equal(reference.name, old) {
            pieces[reference.index] = tokens[reference.index].leading + SQLiteValue.quoteIdentifier(new)
        }
        return pieces.joined()
    }
}
