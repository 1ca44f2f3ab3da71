import ArgumentParser
import Foundation
import Slate

/// `slate import`: loads a CSV file into a table through one prepared statement in one transaction.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import a CSV file (with a header row) into a table, creating it if needed."
    )

    @Argument(help: "The database file (created if missing).")
    var database: String

    @Argument(help: "The CSV file; its first row names the columns.")
    var csv: String

    @Option(name: .long, help: "The table to import into (default: the CSV file's name).")
    var table: String?

    func run() throws {
        let text = try String(contentsOfFile: csv, encoding: .utf8)
        let name = table ?? URL(fileURLWithPath: csv).deletingPathExtension().lastPathComponent
        let db = try Connection(database)
        let count = try ImportCommand.load(text, into: name, on: db)
        print("imported \(count) row(s) into \(name)")
    }

    /// Parses CSV text and inserts its rows into `table` (created with the header's columns if it
    /// does not exist). Values that look like integers or reals are stored as numbers.
    static func load(_ text: String, into table: String, on db: Connection) throws -> Int {
        var rows = CSVParser.parse(text)
        guard !rows.isEmpty else { throw ValidationError("the CSV file is empty: it needs a header row") }
        let header = rows.removeFirst()
        guard !header.isEmpty, Set(header).count == header.count else {
            throw ValidationError("the CSV header must name each column once")
        }
        let quotedTable = SQLiteValue.quoteIdentifier(table)
        let columns = header.map(SQLiteValue.quoteIdentifier).joined(separator: ", ")
        return try db.transaction(.immediate) {
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS \(quotedTable) (\(columns))")
            let placeholders = Array(repeating: "?", count: header.count).joined(separator: ", ")
            let insert = try db.prepare(sql: "INSERT INTO \(quotedTable) (\(columns)) VALUES (\(placeholders))")
            for (offset, row) in rows.enumerated() {
                guard row.count == header.count else {
                    throw ValidationError("CSV line \(offset + 2) has \(row.count) field(s); the header has \(header.count)")
                }
                for (index, field) in row.enumerated() {
                    try insert.bind(value(of: field), at: Int32(index + 1))
                }
                try insert.step()
                try insert.reset()
            }
            return rows.count
        }
    }

    private static func value(of field: String) -> SQLiteValue {
        if field.isEmpty { return .null }
        if let integer = Int64(field) { return .int(integer) }
        if let real = Double(field), real.isFinite, field.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            return .real(real)
        }
        return .text(field)
    }
}
