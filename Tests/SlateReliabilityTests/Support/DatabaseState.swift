import Foundation
import SlateCore
import SlateTestSupport

extension TemporaryDirectory {
    /// Replaces the folder's files with a copy of `source`'s (databases, journals, WAL files).
    func copyFiles(from source: TemporaryDirectory) throws {
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: url.path) {
            try manager.removeItem(atPath: path(name))
        }
        for name in try manager.contentsOfDirectory(atPath: source.url.path) {
            try manager.copyItem(atPath: source.path(name), toPath: path(name))
        }
    }
}

/// Why a database failed its check after a fault.
struct DamagedDatabase: Error, CustomStringConvertible {
    let description: String
}

/// The durable content of a database, as canonical text, read through the default VFS after
/// `PRAGMA integrity_check` says `ok`: every table's schema and rows, every index and trigger
/// definition, and `user_version`. Two databases with the same text hold the same data.
func databaseState(of connection: Connection) throws -> String {
    let check = try connection.prepare(sql: "PRAGMA integrity_check")
    var verdicts: [String] = []
    while try check.step() { verdicts.append(check.columnValue(at: 0, as: String.self) ?? "?") }
    guard verdicts == ["ok"] else {
        throw DamagedDatabase(description: "integrity_check: \(verdicts.joined(separator: "; "))")
    }
    var lines = ["user_version=\(try connection.scalar(Int64.self, "PRAGMA user_version") ?? 0)"]
    let schema = try connection.prepare(
        sql: "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name")
    var tables: [String] = []
    while try schema.step() {
        let type: String = schema.columnValue(at: 0, as: String.self) ?? ""
        let name: String = schema.columnValue(at: 1, as: String.self) ?? ""
        lines.append("\(type) \(name): \(schema.columnValue(at: 2, as: String.self) ?? "")")
        if type == "table" { tables.append(name) }
    }
    for table in tables {
        let rows = try connection.prepare(sql: "SELECT * FROM \(SQLiteValue.quoteIdentifier(table))")
        var texts: [String] = []
        while try rows.step() {
            texts.append((0..<rows.columnCount()).map { rows.columnValue(at: $0).sqliteLiteral }.joined(separator: ","))
        }
        // Sorted, so the text does not depend on the order a rebuilt table returns its rows in.
        lines.append("\(table): \(texts.count) rows")
        lines.append(contentsOf: texts.sorted())
    }
    return lines.joined(separator: "\n")
}

/// Opens `path` through the default VFS (no fault) and reads its state; `nil` when there is no
/// file or an empty one (a database that was never written).
func databaseState(atPath path: String, prepare: (Connection) throws -> Void = { _ in }) throws -> String? {
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    guard size > 0 else { return nil }
    let connection = try Connection(path, options: [.readwrite])
    defer { connection.close() }
    try prepare(connection)
    return try databaseState(of: connection)
}
