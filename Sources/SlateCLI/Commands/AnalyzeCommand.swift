import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate analyze`: what each column of a table holds, as sqlite-utils' `analyze-tables`
/// reports it, with the storage classes, min and max beside.
struct AnalyzeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Describe a table's columns: storage classes, NULLs, distinct values, min, max, most and least common values.",
        discussion: """
            One row per column: its declared type; the rows; how many are NULL, empty text, \
            INTEGER, REAL, TEXT and BLOB; the distinct values; min and max (SQLite's order: \
            numbers, then text, then blobs); and the most and least common values with their \
            counts, as a JSON array of [value, count] pairs (a BLOB as X'…'). The most common are \
            left out when every value differs, the least common when the most common list them \
            all. Values are compared as SQLite compares them, with the column's collation (1 and \
            1.0 are one value, listed as either). Any output format works; line is the \
            default, and json or ndjson embed the value lists as JSON.

            Examples:
              slate analyze shop.db products
              slate analyze shop.db products -c category -c price --common-limit 3 --format json
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Argument(help: "The table (or view) to analyze.")
    var table: String

    @Option(name: .shortAndLong, parsing: .singleValue, help: ArgumentHelp("A column to analyze (repeatable; default: every column).", valueName: "column"))
    var column: [String] = []

    @Option(name: .customLong("common-limit"), help: "How many most and least common values to list.")
    var commonLimit = 10

    @Flag(name: .customLong("no-most"), help: "Leave out the most common values.")
    var noMost = false

    @Flag(name: .customLong("no-least"), help: "Leave out the least common values.")
    var noLeast = false

    @OptionGroup var output: OutputOptions<LineFormatByDefault>

    @OptionGroup var options: DatabaseOptions

    func validate() throws {
        if commonLimit < 1 { throw ValidationError("--common-limit must be at least 1") }
    }

    func run() throws {
        let db = try options.openExisting(database, readonly: true)
        let sink = OutputSink.standard
        let analysis = TableAnalysis(db: db, commonLimit: commonLimit, mostCommon: !noMost, leastCommon: !noLeast)
        do {
            let writer = output.writer(sink: sink, jsonColumns: TableAnalysis.jsonColumns)
            writer.begin(columns: TableAnalysis.columnNames)
            let rows = try analysis.write(table: table, columns: column, to: writer)
            writer.end(rowCount: rows)
        } catch let error as SQLiteError {
            try? sink.finish()
            throw CLIError.database(database, error)
        } catch let error as CLIError {
            try? sink.finish()
            throw CLIError(file: database, position: nil, error.message)
        }
        try sink.finish()
    }
}

/// Computes the column statistics of `analyze` (and `memory --analyze`), each column's row
/// handed to a ``RowWriter`` as one row of a statement, so every output format works.
struct TableAnalysis {
    let db: Connection
    /// How many most and least common values to list.
    var commonLimit = 10
    var mostCommon = true
    var leastCommon = true

    /// The result's columns.
    static let columnNames = [
        "table", "column", "type", "rows", "nulls", "blank", "integer", "real", "text", "blob", "distinct", "min", "max", "most_common",
        "least_common"
    ]
    /// The columns that hold JSON text.
    static let jsonColumns: Set<String> = ["most_common", "least_common"]

    /// Writes one row per column of `table` (after the writer's `begin`, before its `end`).
    ///
    /// - Parameter columns: The columns to analyze (matched ignoring case); empty for all.
    /// - Returns: How many rows were written.
    /// - Throws: ``CLIError`` for a missing table or column, ``SQLiteError`` when a query fails.
    func write(table: String, columns wanted: [String], to writer: any RowWriter) throws -> Int {
        let quotedTable = SQLiteValue.quoteIdentifier(table)
        let info = try db.prepare(sql: "PRAGMA table_info(\(quotedTable))").rows()
        guard !info.isEmpty else { throw CLIError("no such table: \(table)") }
        let all = try info.map { (name: try $0.get(1, as: String.self), type: try $0.get(2, as: String.self)) }
        var chosen = all
        if !wanted.isEmpty {
            chosen = try wanted.map { name in
                guard let match = all.first(where: { $0.name.lowercased() == name.lowercased() }) else {
                    throw CLIError("table \(table) has no column \"\(name)\" (its columns: \(all.map(\.name).joined(separator: ", ")))")
                }
                return match
            }
        }
        let row = try db.prepare(sql: "SELECT " + (1...Self.columnNames.count).map { "?\($0) AS \(SQLiteValue.quoteIdentifier(Self.columnNames[$0 - 1]))" }.joined(separator: ", "))
        for column in chosen {
            let values = try analyze(table: table, column: column.name, type: column.type)
            try row.reset()
            for (index, value) in values.enumerated() { try row.bind(value, at: Int32(index + 1)) }
            guard try row.step() else { continue }
            writer.write(row: row.handle, columnCount: row.columnCount())
        }
        return chosen.count
    }

    /// One column's statistics, in the order of ``columnNames``: a pass for the counts, min and
    /// max, one for the distinct values, and one for each list of common values.
    private func analyze(table: String, column: String, type: String) throws -> [SQLiteValue] {
        let t = SQLiteValue.quoteIdentifier(table)
        let c = SQLiteValue.quoteIdentifier(column)
        let stats =
            try db.prepare(
                sql: """
                    SELECT count(*), count(\(c)),
                      count(CASE WHEN typeof(\(c)) = 'text' AND CAST(\(c) AS BLOB) = X'' THEN 1 END),
                      count(CASE WHEN typeof(\(c)) = 'integer' THEN 1 END), count(CASE WHEN typeof(\(c)) = 'real' THEN 1 END),
                      count(CASE WHEN typeof(\(c)) = 'text' THEN 1 END), count(CASE WHEN typeof(\(c)) = 'blob' THEN 1 END),
                      count(DISTINCT \(c)), min(\(c)), max(\(c))
                    FROM \(t)
                    """
            ).rows().first?.values ?? []
        guard stats.count == 10, case .int(let total) = stats[0], case .int(let present) = stats[1], case .int(let distinct) = stats[7] else {
            throw CLIError("cannot analyze column \"\(column)\" of \(table)")
        }
        // Every value different: no value is more common than another.
        let most = mostCommon && distinct < present ? try common(table: t, column: c, descending: true) : SQLiteValue.null
        let leastNeeded = leastCommon && distinct < present && (distinct > commonLimit || !mostCommon)
        let least = leastNeeded ? try common(table: t, column: c, descending: false) : SQLiteValue.null
        return [
            .text(table), .text(column), .text(type), .int(total), .int(total - present), stats[2], stats[3], stats[4], stats[5], stats[6],
            .int(distinct), stats[8], stats[9], most, least
        ]
    }

    /// The most (or least) common values as a JSON array of `[value, count]` pairs, ties in
    /// SQLite's order of the values; a BLOB is listed as `X'…'`, as JSON has no bytes.
    private func common(table: String, column: String, descending: Bool) throws -> SQLiteValue {
        let cursor = try db.cursor(
            """
            SELECT \(column), count(*) AS n FROM \(table) WHERE \(column) IS NOT NULL
            GROUP BY \(column) ORDER BY n \(descending ? "DESC" : "ASC"), \(column) LIMIT \(commonLimit)
            """)
        var json: [UInt8] = [UInt8(ascii: "[")]
        while let row = try cursor.next() {
            if json.count > 1 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "["))
            switch row[0] {
            case .int(let value): json += Array(String(value).utf8)
            case .real(let value): json += Array((value.isFinite ? RealText.exactText(value) : "null").utf8)
            case .text(let value): JSONWriter.appendString(Array(value.utf8), to: &json)
            case .blob(let data): JSONWriter.appendString(Array("X'\(hexString(data))'".utf8), to: &json)
            case .null: json += Array("null".utf8)
            }
            json.append(UInt8(ascii: ","))
            json += Array(String(try row.get(1, as: Int64.self)).utf8)
            json.append(UInt8(ascii: "]"))
        }
        json.append(UInt8(ascii: "]"))
        return .text(String(decoding: json, as: UTF8.self))
    }
}
