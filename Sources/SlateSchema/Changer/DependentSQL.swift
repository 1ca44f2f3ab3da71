import SlateCore

/// How the views and triggers of a schema use a column of a table, read with ``SQLTokenizer``,
/// for a table rebuild (which SQLite does not carry through views and triggers the way its own
/// `RENAME COLUMN` and `DROP COLUMN` do).
///
/// A trigger on the table names its columns unambiguously in `UPDATE OF a, b` and as `NEW.a` /
/// `OLD.a`: those tokens can be renamed. Anywhere else (another statement's column, a view's
/// select list) a bare name may belong to any table in the statement, so it can only be
/// reported: the rebuild then refuses rather than leave a view or trigger that names a column
/// that is gone. A view or trigger that never names the table cannot use its columns.
struct DependentSQL {
    typealias Token = SQLTokenizer.Token

    let name: String
    let kind: ObjectDefinition.ObjectType
    private let tokens: [Token]
    /// Tokens that name the column unambiguously (only in a trigger on the table itself).
    private let own: [Int]
    /// Tokens that may name the column.
    let ambiguous: [Int]

    /// Reads a view's or trigger's SQL for its uses of one column.
    ///
    /// - Parameters:
    ///   - object: The view or trigger.
    ///   - table: The table whose column it is.
    ///   - column: The column's name.
    init(_ object: ObjectDefinition, table: String, column: String) {
        name = object.name
        kind = object.type
        tokens = SQLTokenizer(object.sql ?? "").tokens
        let onTable = object.type == .trigger && SQLIdentifier.equal(object.tableName, table)
        // The statement's own header: a view's name before AS, a trigger's up to its WHEN or BEGIN.
        let bodyStart: Int
        var own: [Int] = []
        if object.type == .trigger {
            bodyStart = tokens.firstIndex { $0.isKeyword("WHEN") || $0.isKeyword("BEGIN") } ?? tokens.count
            if onTable, let of = tokens[..<bodyStart].firstIndex(where: { $0.isKeyword("OF") }) {
                // UPDATE OF a, b ON table
                for position in (of + 1)..<bodyStart {
                    let token = tokens[position]
                    if token.isKeyword("ON") { break }
                    if let identifier = token.identifier, SQLIdentifier.equal(identifier, column) { own.append(position) }
                }
            }
        } else {
            bodyStart = (tokens.firstIndex { $0.isKeyword("AS") } ?? -1) + 1
        }
        var ambiguous: [Int] = []
        let mentionsTable = tokens[bodyStart...].contains { $0.identifier.map { SQLIdentifier.equal($0, table) } ?? false }
        for position in tokens.indices where position >= bodyStart {
            let token = tokens[position]
            guard SQLIdentifier.canReferToColumn(token), let identifier = token.identifier,
                SQLIdentifier.equal(identifier, column)
            else { continue }
            let next = position + 1 < tokens.count ? tokens[position + 1] : nil
            if next?.isPunctuation("(") == true || next?.isPunctuation(".") == true { continue }
            if position >= 2, tokens[position - 1].isPunctuation("."),
                let qualifier = tokens[position - 2].identifier,
                SQLIdentifier.equal(qualifier, "new") || SQLIdentifier.equal(qualifier, "old")
            {
                // NEW.x and OLD.x are the columns of the trigger's own table.
                if onTable { own.append(position) }
                continue
            }
            if onTable || mentionsTable { ambiguous.append(position) }
        }
        self.own = own
        self.ambiguous = ambiguous
    }

    /// Whether the view or trigger names the column in any way.
    var usesColumn: Bool { !own.isEmpty || !ambiguous.isEmpty }

    /// The SQL with the unambiguous uses renamed (call it when ``ambiguous`` is empty).
    func renaming(to new: String) -> String {
        var pieces = tokens.map(\.source)
        for position in own {
            pieces[position] = tokens[position].leading + SQLiteValue.quoteIdentifier(new)
        }
        return pieces.joined()
    }

    /// `trigger "audit"` or `view "names"`, for messages.
    var label: String {
        kind.rawValue + " " + name
    }
}
