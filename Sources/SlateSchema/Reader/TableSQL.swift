import SlateCore

/// A `CREATE TABLE` statement read with ``SQLTokenizer``: its column definitions and table
/// constraints as written, and, in each, the tokens that name one of the table's own columns.
///
/// Which tokens name a column follows SQLite's grammar
/// (https://sqlite.org/lang_createtable.html): a column definition's first token; the column
/// lists of `PRIMARY KEY`, `UNIQUE` and `FOREIGN KEY` table constraints; identifiers in `CHECK`
/// and generated-column expressions (not function names, collation names, `CAST` type names or
/// qualifiers of other tables); and the target columns of a foreign key to the table itself.
/// Type names, `DEFAULT` values, constraint names, collations, strings and the columns of
/// another table are never column names, whatever they spell.
struct TableSQL {
    typealias Token = SQLTokenizer.Token

    /// How a token names a column of the table.
    enum Role: Equatable {
        /// The name at the head of a column definition.
        case head
        /// A column a table constraint is on (`PRIMARY KEY (a, b)`, `UNIQUE (…)`, `FOREIGN KEY (…)`).
        case constrained
        /// A column an expression uses (`CHECK`, a generated column).
        case expression
        /// The referenced column of a foreign key to the table itself.
        case foreignTarget
    }

    /// A token that names a column, where it is in its definition's tokens.
    struct Reference: Equatable {
        let index: Int
        let name: String
        let role: Role
    }

    /// A `PRIMARY KEY` as declared.
    struct PrimaryKey: Equatable {
        /// The key's columns: one for a column constraint, the list for a table constraint.
        let columns: [String]
        /// `ON CONFLICT …`, if declared.
        let onConflict: String?
        /// Whether `AUTOINCREMENT` is declared.
        let autoIncrement: Bool
    }

    /// The kinds of a column definition's constraints (https://sqlite.org/syntax/column-constraint.html).
    enum ConstraintKind: Equatable {
        case primaryKey, notNull, null, unique, check, defaultValue, collate, references, generated, other
    }

    /// One constraint of a column definition: its kind and its tokens, from `CONSTRAINT name`
    /// when it is named.
    struct Constraint: Equatable {
        let kind: ConstraintKind
        let range: Range<Int>
    }

    /// One column definition or table constraint.
    struct Definition {
        /// Its tokens; the first one's leading whitespace is part of the separator before it.
        let tokens: [Token]
        /// The column's name, or `nil` for a table constraint.
        let column: String?
        /// The tokens that name the table's columns.
        let references: [Reference]
        /// The primary key it declares, if any.
        let primaryKey: PrimaryKey?
        /// Whether it is a generated column (which `PRAGMA table_info` does not list).
        var isGenerated = false
        /// Where a column definition's type name is (an empty range after the name when it has none).
        var typeRange = 1..<1
        /// A column definition's constraints, in order.
        var constraints: [Constraint] = []

        /// The definition as written, without surrounding whitespace.
        var text: String {
            tokens.map(\.source).joined().trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The definition with every reference to `old` renamed `new` (quoted).
        func renaming(_ old: String, to new: String) -> String {
            var pieces = tokens.map(\.source)
            for reference in references where SQLIdentifier.equal(reference.name, old) {
                pieces[reference.index] = tokens[reference.index].leading + SQLiteValue.quoteIdentifier(new)
            }
            return pieces.joined().trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// The roles in which the definition names a column.
        func roles(of name: String) -> [Role] {
            references.filter { SQLIdentifier.equal($0.name, name) }.map(\.role)
        }
    }

    /// The column definitions and table constraints, in order.
    let definitions: [Definition]
    /// The text after the closing parenthesis (` WITHOUT ROWID`, ` STRICT`).
    let suffix: String

    /// Reads the statement SQLite stores for a table; `nil` when it has no column list.
    ///
    /// - Parameters:
    ///   - sql: The `CREATE TABLE` statement.
    ///   - table: The table's name, to recognize a foreign key to the table itself.
    init?(_ sql: String, table: String) {
        let tokens = SQLTokenizer(sql).tokens
        guard let open = tokens.firstIndex(where: { $0.isPunctuation("(") }),
            !tokens[..<open].contains(where: { $0.isKeyword("AS") })
        else { return nil }
        var depth = 0
        var pieces: [[Token]] = [[]]
        var close: Int?
        for index in tokens.indices.dropFirst(open + 1) {
            let token = tokens[index]
            if token.isPunctuation("(") {
                depth += 1
            } else if token.isPunctuation(")") {
                if depth == 0 {
                    close = index
                    break
                }
                depth -= 1
            } else if token.isPunctuation(","), depth == 0 {
                pieces.append([])
                continue
            }
            pieces[pieces.count - 1].append(token)
        }
        guard let close, let end = tokens[close].range?.upperBound else { return nil }
        suffix = String(decoding: sql.utf8.dropFirst(end), as: UTF8.self)
        definitions = pieces.map { Self.definition($0, table: table) }
        guard !definitions.isEmpty, !definitions.contains(where: { $0.tokens.isEmpty }) else { return nil }
    }

    /// The table's primary key as declared (on a column or as a table constraint).
    var primaryKey: PrimaryKey? {
        definitions.lazy.compactMap(\.primaryKey).first
    }

    // MARK: Parsing

    private static let tableConstraintKeywords = ["CONSTRAINT", "PRIMARY", "UNIQUE", "CHECK", "FOREIGN"]
    private static let columnConstraintKeywords: Set<String> = [
        "CONSTRAINT", "PRIMARY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT", "COLLATE", "REFERENCES", "GENERATED",
        "AS"
    ]

    private static func definition(_ tokens: [Token], table: String) -> Definition {
        var cursor = Cursor(tokens: tokens)
        guard let first = cursor.current else {
            return Definition(tokens: tokens, column: nil, references: [], primaryKey: nil)
        }
        if tableConstraintKeywords.contains(where: first.isKeyword) {
            return tableConstraint(&cursor, table: table)
        }
        return columnDefinition(&cursor, table: table)
    }

    private static func columnDefinition(_ cursor: inout Cursor, table: String) -> Definition {
        let name = cursor.current?.name ?? ""
        var references = [Reference(index: cursor.index, name: name, role: .head)]
        var primaryKey: PrimaryKey?
        var isGenerated = false
        cursor.advance()
        let typeStart = cursor.index
        // The type name: words and quoted names up to the first constraint, then (n[, m]).
        while let token = cursor.current, token.kind == .word || token.kind == .quotedIdentifier || token.kind == .string,
            !(token.kind == .word && columnConstraintKeywords.contains(token.text.uppercased()))
        {
            cursor.advance()
        }
        if cursor.current?.isPunctuation("(") == true { cursor.skipParenthesized() }
        let typeRange = typeStart..<cursor.index
        var constraints: [Constraint] = []
        var named: Int?  // where `CONSTRAINT name` began, for the constraint that follows it
        while let token = cursor.current {
            let start = named ?? cursor.index
            named = nil
            let kind: ConstraintKind
            if token.isKeyword("CONSTRAINT") {
                named = cursor.index
                cursor.advance(2)
                continue
            } else if token.isKeyword("PRIMARY") {
                cursor.advance(2)  // PRIMARY KEY
                if cursor.current?.isKeyword("ASC") == true || cursor.current?.isKeyword("DESC") == true { cursor.advance() }
                let onConflict = cursor.conflictClause()
                let autoIncrement = cursor.current?.isKeyword("AUTOINCREMENT") == true
                if autoIncrement { cursor.advance() }
                primaryKey = PrimaryKey(columns: [name], onConflict: onConflict, autoIncrement: autoIncrement)
                kind = .primaryKey
            } else if token.isKeyword("NOT") || token.isKeyword("NULL") || token.isKeyword("UNIQUE") {
                kind = token.isKeyword("NOT") ? .notNull : token.isKeyword("NULL") ? .null : .unique
                cursor.advance(token.isKeyword("NOT") ? 2 : 1)
                _ = cursor.conflictClause()
            } else if token.isKeyword("CHECK") {
                kind = .check
                cursor.advance()
                references += cursor.expressionReferences(table: table)
            } else if token.isKeyword("DEFAULT") {
                kind = .defaultValue
                // A default cannot name a column; a parenthesized one is skipped whole.
                cursor.advance()
                if cursor.current?.isPunctuation("(") == true {
                    cursor.skipParenthesized()
                } else {
                    if cursor.current?.isPunctuation("-") == true || cursor.current?.isPunctuation("+") == true {
                        cursor.advance()
                    }
                    cursor.advance()
                }
            } else if token.isKeyword("COLLATE") {
                kind = .collate
                cursor.advance(2)
            } else if token.isKeyword("REFERENCES") {
                kind = .references
                references += cursor.foreignKeyClause(table: table)
            } else if token.isKeyword("GENERATED") || token.isKeyword("AS") {
                kind = .generated
                if token.isKeyword("GENERATED") { cursor.advance(2) }  // GENERATED ALWAYS
                cursor.advance()  // AS
                isGenerated = true
                references += cursor.expressionReferences(table: table)
                if cursor.current?.isKeyword("STORED") == true || cursor.current?.isKeyword("VIRTUAL") == true {
                    cursor.advance()
                }
            } else {
                kind = .other
                cursor.advance()  // anything newer
            }
            constraints.append(Constraint(kind: kind, range: start..<cursor.index))
        }
        var definition = Definition(tokens: cursor.tokens, column: name, references: references, primaryKey: primaryKey)
        definition.isGenerated = isGenerated
        definition.typeRange = typeRange
        definition.constraints = constraints
        return definition
    }

    private static func tableConstraint(_ cursor: inout Cursor, table: String) -> Definition {
        var references: [Reference] = []
        var primaryKey: PrimaryKey?
        while let token = cursor.current {
            if token.isKeyword("CONSTRAINT") {
                cursor.advance(2)
            } else if token.isKeyword("PRIMARY") || token.isKeyword("UNIQUE") {
                let isKey = token.isKeyword("PRIMARY")
                cursor.advance(isKey ? 2 : 1)
                let columns = cursor.columnList(role: .constrained)
                references += columns
                let onConflict = cursor.conflictClause()
                if isKey {
                    let autoIncrement = cursor.current?.isKeyword("AUTOINCREMENT") == true
                    if autoIncrement { cursor.advance() }
                    primaryKey = PrimaryKey(columns: columns.map(\.name), onConflict: onConflict, autoIncrement: autoIncrement)
                }
            } else if token.isKeyword("CHECK") {
                cursor.advance()
                references += cursor.expressionReferences(table: table)
            } else if token.isKeyword("FOREIGN") {
                cursor.advance(2)  // FOREIGN KEY
                references += cursor.columnList(role: .constrained)
            } else if token.isKeyword("REFERENCES") {
                references += cursor.foreignKeyClause(table: table)
            } else {
                cursor.advance()
            }
        }
        return Definition(tokens: cursor.tokens, column: nil, references: references, primaryKey: primaryKey)
    }

    /// A position in a definition's tokens.
    struct Cursor {
        let tokens: [Token]
        var index = 0

        var current: Token? { tokens.indices.contains(index) ? tokens[index] : nil }

        mutating func advance(_ count: Int = 1) {
            index = min(index + count, tokens.count)
        }

        /// Moves past a parenthesized group starting at the current `(`.
        mutating func skipParenthesized() {
            var depth = 0
            while let token = current {
                advance()
                if token.isPunctuation("(") { depth += 1 }
                if token.isPunctuation(")") {
                    depth -= 1
                    if depth <= 0 { return }
                }
            }
        }

        /// `ON CONFLICT action`, if present: the action.
        mutating func conflictClause() -> String? {
            guard current?.isKeyword("ON") == true, index + 2 < tokens.count, tokens[index + 1].isKeyword("CONFLICT")
            else { return nil }
            let action = tokens[index + 2].text.uppercased()
            advance(3)
            return action
        }

        /// The names of a parenthesized column list (`(a, b COLLATE x DESC)`): the first token of
        /// each item.
        mutating func columnList(role: Role) -> [Reference] {
            guard current?.isPunctuation("(") == true else { return [] }
            let start = index
            skipParenthesized()
            var references: [Reference] = []
            var itemStart = true
            var depth = 0
            for position in (start + 1)..<max(start + 1, index - 1) {
                let token = tokens[position]
                if token.isPunctuation("(") { depth += 1 }
                if token.isPunctuation(")") { depth -= 1 }
                if token.isPunctuation(","), depth == 0 {
                    itemStart = true
                    continue
                }
                if itemStart, depth == 0, let name = token.name {
                    references.append(Reference(index: position, name: name, role: role))
                }
                itemStart = false
            }
            return references
        }

        /// `REFERENCES table [(columns)] …`: the columns count as the table's own only for a
        /// foreign key to the table itself. Stops at the next column constraint.
        mutating func foreignKeyClause(table: String) -> [Reference] {
            advance()  // REFERENCES
            let target = current?.name
            advance()
            let columns = columnList(role: .foreignTarget)
            // ON DELETE/UPDATE action, MATCH name, [NOT] DEFERRABLE [INITIALLY …]
            while let token = current {
                if token.isKeyword("ON") {
                    advance(2)  // ON DELETE, ON UPDATE
                    // SET NULL, SET DEFAULT, NO ACTION; or CASCADE, RESTRICT
                    advance(current?.isKeyword("SET") == true || current?.isKeyword("NO") == true ? 2 : 1)
                } else if token.isKeyword("MATCH") {
                    advance(2)
                } else if token.isKeyword("NOT"), index + 1 < tokens.count, tokens[index + 1].isKeyword("DEFERRABLE") {
                    advance(2)
                } else if token.isKeyword("DEFERRABLE") || token.isKeyword("INITIALLY") || token.isKeyword("DEFERRED")
                    || token.isKeyword("IMMEDIATE")
                {
                    advance()
                } else {
                    break
                }
            }
            guard let target, SQLIdentifier.equal(target, table) else { return [] }
            return columns
        }

        /// The column references of a parenthesized expression starting at the current `(`.
        mutating func expressionReferences(table: String) -> [Reference] {
            guard current?.isPunctuation("(") == true else { return [] }
            let start = index
            skipParenthesized()
            return TableSQL.expressionReferences(tokens, in: (start + 1)..<max(start + 1, index - 1), table: table)
        }
    }

    /// The identifiers of an expression that name a column of the table: not function names
    /// (followed by `(`), not qualifiers (followed by `.`), not collation names (after
    /// `COLLATE`), not `CAST(… AS type)` type names, not a column of another table.
    static func expressionReferences(_ tokens: [Token], in range: Range<Int>, table: String?) -> [Reference] {
        var references: [Reference] = []
        // The parenthesis depths of CASTs whose `AS` has been seen: type names until they close.
        var castDepths: [Int] = []
        var pendingCasts: [Int] = []
        var depth = 0
        for position in range {
            let token = tokens[position]
            let nextToken = range.contains(position + 1) ? tokens[position + 1] : nil
            let previous = position > range.lowerBound ? tokens[position - 1] : nil
            if token.isPunctuation("(") {
                depth += 1
                if previous?.isKeyword("CAST") == true { pendingCasts.append(depth) }
                continue
            }
            if token.isPunctuation(")") {
                if castDepths.last == depth { castDepths.removeLast() }
                if pendingCasts.last == depth { pendingCasts.removeLast() }
                depth -= 1
                continue
            }
            if token.isKeyword("AS"), pendingCasts.last == depth {
                pendingCasts.removeLast()
                castDepths.append(depth)
                continue
            }
            guard castDepths.last != depth, SQLIdentifier.canReferToColumn(token), let name = token.identifier else {
                continue
            }
            if nextToken?.isPunctuation("(") == true || nextToken?.isPunctuation(".") == true { continue }
            if previous?.isKeyword("COLLATE") == true { continue }
            if previous?.isPunctuation(".") == true {
                // `qualifier.column`: the table's own column only when qualified with its name.
                let qualifier = position - 2 >= range.lowerBound ? tokens[position - 2].identifier : nil
                guard let qualifier, let table, SQLIdentifier.equal(qualifier, table) else { continue }
            }
            references.append(Reference(index: position, name: name, role: .expression))
        }
        return references
    }
}
