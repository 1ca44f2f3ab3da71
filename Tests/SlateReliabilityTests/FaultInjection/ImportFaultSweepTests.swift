import Foundation
@testable import SlateCLI
import Slate
import Testing

/// The fault sweep of `slate import`: the CLI's streaming importer (CSV and NDJSON) loading 400
/// records into a new table through the fault VFS. After every fault the database holds all the
/// records or none, the earlier commits are intact, and the tool's one-line error names a disk
/// failure.
@Suite("Fault sweeps (import)")
struct ImportFaultSweepTests {
    enum Format: String, CaseIterable, Sendable { case csv, ndjson }

    static func writeInput(_ format: Format, to path: String) throws {
        var text = format == .csv ? "id,name,price,note\n" : ""
        for id in 1...400 {
            let name = "part \(id), \"quoted\""
            switch format {
            case .csv:
                text += "\(id),\"\(name.replacingOccurrences(of: "\"", with: "\"\""))\",\(Double(id) / 4),\(id % 3 == 0 ? "" : "n\(id)")\n"
            case .ndjson:
                let escaped = name.replacingOccurrences(of: "\"", with: "\\\"")
                text += "{\"id\": \(id), \"name\": \"\(escaped)\", \"price\": \(Double(id) / 4), \"note\": \(id % 3 == 0 ? "null" : "\"n\(id)\"")}\n"
            }
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    static func source(_ format: Format, path: String) throws -> any RecordSource {
        let bytes = try ByteSource(path: path, encoding: .utf8)
        switch format {
        case .csv:
            let reader = DelimitedReader(source: bytes, delimiter: UInt8(ascii: ","), lenient: false)
            return try CSVRecordSource(reader: reader, header: true, skipLines: 0, lenient: false, warn: { _ in })
        case .ndjson:
            return JSONRecordSource(reader: JSONRecordReader(source: bytes))
        }
    }

    @Test("slate import loads all records or none", arguments: Format.allCases, ["delete", "wal"])
    func importSweep(format: Format, journalMode: String) throws {
        var sweep = FaultSweep(
            name: "slate import of 400 \(format) records (\(journalMode))",
            prepare: { folder in
                try FaultSweepTests.makeDatabase(at: folder.path("db.sqlite"), journalMode: journalMode)
                try Self.writeInput(format, to: folder.path("input.\(format)"))
            },
            run: { folder, vfs in
                let db = try vfs.open(folder.path("db.sqlite"))
                defer { db.close() }
                let importer = Importer(db: db, databaseName: "db.sqlite", settings: ImportSettings(table: "imported"), warn: { _ in })
                let progress = ProgressBar(unit: "records", totalBytes: nil, quiet: true)
                _ = try importer.run(try Self.source(format, path: folder.path("input.\(format)")), progress: progress)
            },
            state: FaultSweepTests.databaseState)
        // The tool reports a database failure as a CLIError: one line with SQLite's message.
        sweep.judgeOtherError = { error in
            guard let error = error as? CLIError else { return "threw \(error), not a CLIError" }
            let line = error.message
            let namesDiskFailure = line.contains("disk I/O error") || line.contains("disk is full")
            if !namesDiskFailure { return "the error does not name a disk failure: \(line)" }
            if line.contains("\n") { return "the error spans lines: \(line)" }
            return nil
        }
        FaultSweepTests.report(try sweep.sweep())
    }
}
