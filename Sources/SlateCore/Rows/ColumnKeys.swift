/// The keys of a typed query's result columns: one per column, the column's SQL (namespaced when
/// it came from `*`), so that a row finds a column by the expression that selected it.
///
/// `SELECT * FROM "users" JOIN "posts" …` has the keys `"users"."id"`, …, `"posts"."id"`, …;
/// looking up `"id"` then finds both and reports the ambiguity, while `"users"."id"` is exact.
///
/// Part of a ``ColumnLayout``, built once per statement. SlateCore owns it (not the typed layer)
/// so that a row finds a column by key with no cast: keys are SQL text, which SlateCore knows.
package final class ColumnKeys: Sendable {
    /// The key of each column, in order.
    package let keys: [String]
    private let exact: [String: Int]
    /// Column indices by the last component of their key (`"id"` for `"users"."id"`).
    private let byColumnName: [String: [Int]]
    /// The index of each unqualified column name (`"id"`) that names exactly one column: the
    /// answer ``index(of:)`` gives for it, precomputed so that `row[id]` on a typed query's row
    /// costs one dictionary lookup instead of parsing the key on every read.
    private let uniqueColumnName: [String: Int]
    /// The same lookups without SipHash for ASCII text (see `ColumnNameTable`): keys, and the
    /// unique unqualified names with their column indices.
    private let exactTable: ColumnNameTable
    private let uniqueNames: [String]
    private let uniqueIndices: [Int]
    private let uniqueTable: ColumnNameTable

    package init(keys: [String]) {
        self.keys = keys
        var exact: [String: Int] = [:]
        var byColumnName: [String: [Int]] = [:]
        for (index, key) in keys.enumerated() {
            if exact[key] == nil { exact[key] = index }
            if let column = Self.lastComponent(of: key) {
                byColumnName[column, default: []].append(index)
            }
        }
        self.exact = exact
        self.byColumnName = byColumnName
        var unique: [String: Int] = [:]
        for (column, indices) in byColumnName where indices.count == 1 && exact[column] == nil {
            unique[column] = indices[0]
        }
        uniqueColumnName = unique
        exactTable = ColumnNameTable(names: keys)
        let uniqueEntries = unique.sorted { $0.value < $1.value }
        uniqueNames = uniqueEntries.map(\.key)
        uniqueIndices = uniqueEntries.map(\.value)
        uniqueTable = ColumnNameTable(names: uniqueNames)
    }

    /// The index of the column an expression names.
    ///
    /// - Throws: `SQLiteError` naming the candidates when the name is ambiguous, or the
    ///   columns when there is no such column.
    package func index(of template: String) throws(SQLiteError) -> Int {
        if let hash = ColumnNameTable.hash(template) {
            // ASCII (nearly always): one hash for both tables.
            if case .found(let index) = exactTable.lookup(template, hash: hash, in: keys) { return index }
            if case .found(let position) = uniqueTable.lookup(template, hash: hash, in: uniqueNames) {
                return uniqueIndices[position]
            }
        } else {
            if let index = exact[template] { return index }
            if let index = uniqueColumnName[template] { return index }
        }
        if let alias = Self.alias(in: template) { return try index(of: alias) }
        guard let column = Self.lastComponent(of: template) else { throw missing(template) }
        let candidates = byColumnName[column] ?? []
        if template == column {
            // An unqualified column: it must name exactly one result column.
            if candidates.count == 1 { return candidates[0] }
            if candidates.count > 1 {
                throw SQLiteError(
                    code: SQLITE_MISUSE,
                    details: "ambiguous column '\(Self.unquoted(column))' (please disambiguate: ["
                        + candidates.map { keys[$0] }.joined(separator: ", ") + "])")
            }
        } else {
            // A namespaced column selected without its namespace (`SELECT "id" … ` read with
            // `users[id]`): accept the one unqualified column of that name.
            let unqualified = candidates.filter { keys[$0] == column }
            if unqualified.count == 1 { return unqualified[0] }
        }
        throw missing(template)
    }

    private func missing(_ template: String) -> SQLiteError {
        SQLiteError(
            code: SQLITE_RANGE,
            details: "no column \(template) in the result; the columns are \(keys.joined(separator: ", "))")
    }

    // Templates are searched and split on UTF-8 bytes, never on `Character`s: a quote followed by
    // a combining mark (`"` + U+0301) is one `Character` that is not `"`, so `Character`-based
    // searches miss the quote and splits cut the mark off (found by the Quoting fuzz target).
    // Every byte looked for is ASCII, so each split keeps the UTF-8 valid.

    /// The quoted alias of `expression AS "alias"`, if the template ends with one.
    package static func alias(in template: String) -> String? {
        let bytes = Array(template.utf8)
        let marker = Array(" AS \"".utf8)
        guard bytes.last == UInt8(ascii: "\""), bytes.count > marker.count else { return nil }
        var start = bytes.count - marker.count
        while start >= 0 {
            if bytes[start..<(start + marker.count)].elementsEqual(marker) { break }
            start -= 1
        }
        guard start >= 0 else { return nil }
        let alias = String(decoding: bytes[(start + marker.count - 1)...], as: UTF8.self)
        return lastComponent(of: alias) == alias ? alias : nil
    }

    /// An identifier without its quotes (`id` for `"id"`).
    package static func unquoted(_ identifier: String) -> String {
        let bytes = Array(identifier.utf8)
        guard bytes.count >= 2 else { return "" }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - 2)
        var index = 1
        while index < bytes.count - 1 {
            out.append(bytes[index])
            // A doubled quote inside stands for one.
            if bytes[index] == UInt8(ascii: "\""), index + 1 < bytes.count - 1, bytes[index + 1] == UInt8(ascii: "\"") {
                index += 1
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The last quoted identifier of a key (`"id"` in `"users"."id"` or in `"id"`), or `nil`
    /// when the key is not a (namespaced) identifier.
    package static func lastComponent(of key: String) -> String? {
        let bytes = Array(key.utf8)
        let quote = UInt8(ascii: "\"")
        guard bytes.count >= 2, bytes.last == quote else { return nil }
        // Walk back to the opening quote, skipping doubled quotes inside the identifier.
        var index = bytes.count - 2
        while index >= 0 {
            if bytes[index] == quote {
                if index > 0 && bytes[index - 1] == quote {
                    index -= 2
                    continue
                }
                break
            }
            index -= 1
        }
        guard index >= 0 else { return nil }
        // Only a plain identifier or a chain of identifiers separated by dots qualifies.
        guard index == 0 || (index >= 2 && bytes[index - 1] == UInt8(ascii: ".") && bytes[index - 2] == quote) else {
            return nil
        }
        return String(decoding: bytes[index...], as: UTF8.self)
    }
}
