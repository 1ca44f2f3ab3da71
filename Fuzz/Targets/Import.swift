// Fuzz target: the `slate import` readers and importer (CSV, TSV, JSON arrays, NDJSON), from raw
// bytes into a table. The first byte chooses the format and options, the rest is the file.
// Promises checked: no crash, no hang; the import either loads every record it reports, or
// throws the tool's error (printed on one line by SlateCommand) and leaves no table behind.
import Foundation
import Slate
@testable import SlateCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let options = input.byte()
    let content = input.rest()
    // The readers take a path: the run's working directory is a temporary folder (Fuzz/run.sh).
    let path = "import-input"
    guard FileManager.default.createFile(atPath: path, contents: Data(content)) else { fuzzFailure("cannot write \(path)") }

    let db = sharedConnection
    resetProgressBudget()
    defer { try? db.execute(sql: "DROP TABLE IF EXISTS imported") }
    var settings = ImportSettings(table: "imported")
    settings.detectTypes = options & 0x10 == 0
    settings.emptyIsNull = options & 0x20 == 0
    settings.sampleSize = options & 0x40 == 0 ? 1_000 : 2
    let lenient = options & 0x80 != 0
    do {
        let bytes = try ByteSource(path: path, encoding: options & 0x08 == 0 ? .utf8 : .latin1)
        let source: any RecordSource
        switch options & 0x07 {
        case 0, 1, 2:
            let reader = DelimitedReader(source: bytes, delimiter: options & 0x07 == 2 ? 0x09 : 0x2C, lenient: lenient)
            settings.positional = options & 0x07 == 1
            source = try CSVRecordSource(reader: reader, header: options & 0x07 != 1, skipLines: 0, lenient: lenient, warn: { _ in })
        default:
            source = JSONRecordSource(reader: JSONRecordReader(source: bytes))
        }
        let importer = Importer(db: db, databaseName: "fuzz.sqlite", settings: settings, warn: { _ in })
        let counts = try importer.run(source, progress: ProgressBar(unit: "rows", totalBytes: nil, quiet: true))
        let stored = try db.scalar(Int64.self, "SELECT count(*) FROM imported") ?? -1
        if stored != Int64(counts.inserted) { fuzzFailure("import reported \(counts.inserted) rows, the table holds \(stored)") }
    } catch let error as CLIError {
        // (The message may quote a line break from the input: the tool prints it on one line.)
        if error.message.isEmpty { fuzzFailure("an error without a message") }
        if !db.isAutocommit { fuzzFailure("a failed import left its transaction open: \(error.message)") }
        let leftover = (try? db.scalar(Int64.self, "SELECT count(*) FROM sqlite_master WHERE name = 'imported'")) ?? 0
        if leftover != 0 { fuzzFailure("a failed import left its table behind: \(error.message)") }
    } catch {
        fuzzFailure("threw \(error), not the tool's one-line error")
    }
    return 0
}
