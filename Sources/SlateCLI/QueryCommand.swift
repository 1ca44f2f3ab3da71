import ArgumentParser
import Foundation
import Slate

/// `slate query`: runs SQL against a database and prints the rows as a table.
struct QueryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Run SQL against a database and print the result rows."
    )

    @Argument(help: "The database file (opened read-only unless --write is given).")
    var database: String

    @Argument(help: "The SQL to run; every statement runs, and the last one's rows are printed.")
    var sql: String

    @Flag(name: .long, help: "Open the database for writing.")
    var write = false

    func run() throws {
        let db = try Connection(toExistingDatabaseAt: database, readonly: !write)
        print(try QueryCommand.render(sql: sql, on: db), terminator: "")
    }

    /// Runs every statement of `sql` and renders the last statement's rows as aligned text.
    static func render(sql: String, on db: Connection) throws -> String {
        let statements = SQLScript(string: sql).statements
        guard let last = statements.last else { return "" }
        if statements.count > 1 { try db.execute(sql: statements.dropLast().joined(separator: "\n")) }
        let statement = try db.prepare(sql: last)
        let rows = try statement.rows()
        let header = statement.columnNames
        guard !header.isEmpty else { return "\(db.changes) row(s) changed\n" }
        let cells = rows.map { row in row.values.map(display) }
        let widths = header.indices.map { column in
            ([header[column].count] + cells.map { $0[column].count }).max() ?? 0
        }
        func line(_ values: [String]) -> String {
            zip(values, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: " | ").trimmingTrailingSpaces() + "\n"
        }
        var out = line(header)
        out += widths.map { String(repeating: "-", count: $0) }.joined(separator: "-+-") + "\n"
        for row in cells { out += line(row) }
        out += "(\(rows.count) row\(rows.count == 1 ? "" : "s"))\n"
        return out
    }

    private static func display(_ value: SQLiteValue) -> String {
        switch value {
        case .null: "NULL"
        case .text(let text): text
        case .blob(let data): "<\(data.count) bytes>"
        default: value.sqliteLiteral
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
