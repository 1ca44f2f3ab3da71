// Fuzz target: typed-expression rendering of arbitrary identifiers and string literals. The
// quoting must round-trip: what SQLite parses back is exactly what was given.
// - `SQLExpression<String>(value: text).alias(name).asSQL()` (the literal inlined) run as
//   `SELECT …` gives one column named `name` whose value is `text`;
// - a table and a column created with the schema DSL under arbitrary names are listed by SQLite
//   under exactly those names, and a typed insert and select through them read the value back.
// NUL is removed from the strings: SQL text cannot hold it, and Slate's handling of NUL in SQL is
// tested on its own (issue 10, item 5).
import Foundation
import Slate

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQuoting(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let name = String(input.text(limit: 200).unicodeScalars.filter { $0 != "\0" })
    let text = String(input.text(limit: 400).unicodeScalars.filter { $0 != "\0" })
    let db = sharedConnection
    resetProgressBudget()
    // Everything below is rolled back, so each input starts from an empty database.
    do { try db.execute(sql: "BEGIN") } catch { fuzzFailure("BEGIN failed: \(error)") }
    defer { try? db.execute(sql: "ROLLBACK") }

    let literal = SQLExpression<String>(value: text).alias(name)
    let sql = "SELECT " + literal.asSQL()
    do {
        let statement = try db.prepare(sql: sql)
        guard try statement.step() else { fuzzFailure("\(sql.debugDescription) returned no row") }
        let columns = statement.columnNames
        guard columns.count == 1, Array(columns[0].utf8) == Array(name.utf8) else {
            fuzzFailure("alias \(name.debugDescription) came back as \(columns)")
        }
        guard case .text(let read) = statement.columnValue(at: 0), Array(read.utf8) == Array(text.utf8) else {
            fuzzFailure("literal \(text.debugDescription) came back as \(statement.columnValue(at: 0))")
        }
    } catch {
        fuzzFailure("\(sql.debugDescription) did not parse: \(error)")
    }

    // The schema DSL and the typed insert and select under the same arbitrary names.
    let table = Table(name)
    let column = SQLExpression<String>(name.isEmpty ? "c" : name)
    do {
        try db.run(table.create { $0.column(column) })
    } catch {
        // SQLite refuses table names that start with "sqlite_" in any case, compared as bytes:
        // a clear error. (Not `String.hasPrefix`, which compares characters: "sqlite_" followed
        // by a combining mark ends in another character than "_", yet SQLite refuses it.)
        let lowered = name.utf8.prefix(7).map { (65...90).contains($0) ? $0 + 32 : $0 }
        if lowered.elementsEqual("sqlite_".utf8) { return 0 }
        fuzzFailure("creating table \(name.debugDescription) failed: \(error)")
    }
    do {
        guard let listed = try db.scalar(String.self, "SELECT name FROM sqlite_master WHERE type = 'table'"),
              Array(listed.utf8) == Array(name.utf8) else {
            fuzzFailure("table \(name.debugDescription) is not listed under its name")
        }
        try db.run(table.insert(column <- text))
        guard let row = try db.pluck(table.select(column)) else { fuzzFailure("no row in \(name.debugDescription)") }
        let read = try row.get(column)
        guard Array(read.utf8) == Array(text.utf8) else {
            fuzzFailure("value \(text.debugDescription) came back as \(read.debugDescription)")
        }
    } catch {
        fuzzFailure("typed insert or select through \(name.debugDescription) failed: \(error)")
    }
    return 0
}
