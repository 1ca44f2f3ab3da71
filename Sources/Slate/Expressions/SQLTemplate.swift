/// Helpers that assemble SQL templates: quoting, joining and wrapping expressions, and inlining
/// bound values for ``Expressible/asSQL()``.
package enum SQLTemplate {
    /// Replaces each `?` placeholder outside quotes with the matching value's SQL literal.
    static func inline(_ values: [SQLiteValue], into template: String) -> String {
        guard !values.isEmpty else { return template }
        var result = ""
        result.reserveCapacity(template.utf8.count + values.count * 8)
        var next = values.startIndex
        var quote: Character?
        for character in template {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?", next < values.endIndex {
                result += values[next].sqliteLiteral
                next += 1
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Joins expressions with a separator.
    static func join(_ separator: String, _ expressions: [any Expressible]) -> SQLExpression<Void> {
        var template = ""
        var values: [SQLiteValue] = []
        for (index, item) in expressions.enumerated() {
            let expression = item.expression
            if index > 0 { template += separator }
            template += expression.template
            values += expression.values
        }
        return SQLExpression(template: template, values: values)
    }

    /// `function(arg, …)`.
    static func call<T>(_ function: String, _ arguments: [any Expressible]) -> SQLExpression<T> {
        let list = join(", ", arguments)
        return SQLExpression(template: function + "(" + list.template + ")", values: list.values)
    }

    /// `(lhs op rhs)`, or `lhs op rhs` when `wrap` is false.
    static func infix<T>(_ op: String, _ lhs: any Expressible, _ rhs: any Expressible, wrap: Bool = true)
        -> SQLExpression<T>
    {
        let left = operand(lhs.expression)
        let right = operand(rhs.expression)
        let text = left.template + " " + op + " " + right.template
        return SQLExpression(template: wrap ? "(" + text + ")" : text, values: left.values + right.values)
    }

    /// `op operand`, such as `EXISTS (SELECT …)`, for an operand that is already one term.
    static func prefix<T>(_ op: String, _ operand: any Expressible) -> SQLExpression<T> {
        let expression = self.operand(operand.expression)
        return SQLExpression(template: op + expression.template, values: expression.values)
    }

    /// `op(operand)`, such as `NOT ("verified")` or `-("balance")`: the operand always in
    /// parentheses, which is the text SQLite.swift generates for its prefix operators.
    static func wrappedPrefix<T>(_ op: String, _ operand: any Expressible) -> SQLExpression<T> {
        let expression = operand.expression
        return SQLExpression(template: op + "(" + expression.template + ")", values: expression.values)
    }

    /// Whether `text` contains the ASCII `needle`, by a byte search: an ASCII byte never occurs
    /// inside a multi-byte UTF-8 sequence, so this matches what `contains` finds in SQL, without
    /// Foundation's Unicode-aware search (thousands of instructions on every operator rendered).
    static func containsASCII(_ text: String, _ needle: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return true }
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.count >= pattern.count else { return false }
            var start = 0
            while start <= bytes.count - pattern.count {
                if bytes[start] == first {
                    var offset = 1
                    while offset < pattern.count && bytes[start + offset] == pattern[offset] { offset += 1 }
                    if offset == pattern.count { return true }
                }
                start += 1
            }
            return false
        }
    }

    /// Wraps the unparenthesized forms (`x IS NULL`, `x BETWEEN a AND b`) in parentheses when they
    /// become an operand, so SQLite's precedence cannot regroup them.
    static func operand(_ expression: SQLExpression<Void>) -> SQLExpression<Void> {
        let template = expression.template
        // The last byte first: `hasSuffix` compares by grapheme (hundreds of instructions), and
        // nearly every operand ends in neither "L" nor ")". A string ending in an ASCII byte ends
        // in that character (no combining mark follows it).
        let last = template.utf8.last
        let isNullTest =
            last == UInt8(ascii: "L")
            && (template.hasSuffix(" IS NULL") || template.hasSuffix(" IS NOT NULL"))
        let isBetween = last != UInt8(ascii: ")") && containsASCII(template, " BETWEEN ")
        if isNullTest || isBetween {
            return SQLExpression(template: "(" + template + ")", values: expression.values)
        }
        return expression
    }

    /// An expression binding one value.
    static func value(_ value: some Value) -> SQLExpression<Void> {
        SQLExpression(template: "?", values: [value.storedValue.sqliteValue])
    }

    /// An expression binding one optional value (NULL for `nil`).
    static func value<V: Value>(_ value: V?) -> SQLExpression<Void> {
        SQLExpression(template: "?", values: [value?.storedValue.sqliteValue ?? .null])
    }

    /// A quoted identifier as an expression.
    static func identifier(_ name: String) -> SQLExpression<Void> {
        SQLExpression(template: SQLiteValue.quoteIdentifier(name), values: [])
    }

    /// Literal SQL as an expression.
    static func literal(_ sql: String) -> SQLExpression<Void> {
        SQLExpression(template: sql, values: [])
    }
}

extension SQLTemplate {
    /// Exclusive or, which SQLite lacks: `(~((lhs & rhs)) & (lhs | rhs))`, SQLite.swift's text.
    static func xor<T>(_ lhs: any Expressible, _ rhs: any Expressible) -> SQLExpression<T> {
        let and: SQLExpression<Void> = infix("&", lhs, rhs)
        let or: SQLExpression<Void> = infix("|", lhs, rhs)
        let notAnd: SQLExpression<Void> = wrappedPrefix("~", and)
        return infix("&", notAnd, or)
    }
}
