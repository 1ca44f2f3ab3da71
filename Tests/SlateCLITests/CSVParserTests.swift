import Foundation
import Testing

@testable import SlateCLI

/// The byte-level CSV parser, property-tested against Python's `csv` module on generated files,
/// read in chunks as small as one byte so every state meets a chunk boundary.
@Suite("CLI CSV parser")
struct CSVParserTests {
    /// Parses a file with the streaming reader.
    static func parse(_ path: String, chunkSize: Int, delimiter: UInt8 = 0x2C) throws -> [[String]] {
        let reader = DelimitedReader(source: try ByteSource(path: path, encoding: .utf8, chunkSize: chunkSize), delimiter: delimiter, lenient: false)
        let record = Record(byteCapacity: 1, fieldCapacity: 1)
        var rows: [[String]] = []
        while try reader.next(into: record) {
            rows.append((0..<record.count).map { record.text($0) })
        }
        return rows
    }

    static var python: String? {
        ["/usr/bin/python3", "/usr/local/bin/python3", "/root/.pyenv/shims/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Python's reading of the file: `csv.reader` with the default (RFC 4180, "excel") dialect,
    /// without the empty rows it yields for blank lines (which the importer skips too).
    static func pythonRows(_ path: String, python: String, delimiter: String = ",") throws -> [[String]] {
        let script = """
            import csv, json, sys
            with open(sys.argv[1], newline='', encoding='utf-8') as f:
                rows = [row for row in csv.reader(f, delimiter=sys.argv[2]) if row]
            json.dump(rows, sys.stdout)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, path, delimiter]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return try JSONDecoder().decode([[String]].self, from: data)
    }

    /// A random CSV file: fields with delimiters, quotes, CR, LF, CRLF, spaces, non-ASCII text
    /// and emoji; LF or CRLF record ends; quoted when needed or at random; with or without a
    /// final line break.
    static func generate(seed: UInt64, delimiter: Character) -> String {
        var random = SeededGenerator(seed: seed)
        let pieces = ["a", "b", "xyz", " ", "  lead", "trail ", "\"", "\"\"", String(delimiter), "\n", "\r\n", "\r", "é", "日本", "😀", "0", "-1.5", "''", "\\", "#"]
        let columns = 2 + Int(random.next() % 5)
        let rowCount = 1 + Int(random.next() % 40)
        var text = ""
        for row in 0..<rowCount {
            var fields: [String] = []
            for _ in 0..<columns {
                var field = ""
                for _ in 0..<Int(random.next() % 5) { field += pieces[Int(random.next() % UInt64(pieces.count))] }
                let needsQuotes = field.contains("\"") || field.contains(delimiter) || field.contains("\n") || field.contains("\r")
                if needsQuotes || random.next() % 4 == 0 {
                    field = "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
                }
                fields.append(field)
            }
            text += fields.joined(separator: String(delimiter))
            if row < rowCount - 1 || random.next() % 2 == 0 { text += random.next() % 2 == 0 ? "\n" : "\r\n" }
        }
        return text
    }

    @Test("random RFC 4180 files parse exactly as Python's csv module parses them", arguments: [",", "\t"])
    func agreesWithPython(delimiter: String) throws {
        guard let python = Self.python else {
            print("skipped: python3 is not installed, so the CSV parser cannot be compared with Python's csv module")
            return
        }
        let work = try Workspace()
        for seed in UInt64(1)...60 {
            let path = try work.write("case\(seed).csv", Self.generate(seed: seed, delimiter: Character(delimiter)))
            let expected = try Self.pythonRows(path, python: python, delimiter: delimiter)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            for chunkSize in [1, 3, 64, 1 << 16] {
                let actual = try Self.parse(path, chunkSize: chunkSize, delimiter: UInt8(ascii: Unicode.Scalar(delimiter) ?? ","))
                #expect(actual == expected, "seed \(seed), chunk size \(chunkSize): \(text.debugDescription)")
            }
        }
    }

    @Test("quotes, escaped quotes, embedded delimiters and line breaks, CR-only line ends, a byte order mark")
    func knownCases() throws {
        let work = try Workspace()
        let path = try work.write("known.csv", bytes: [0xEF, 0xBB, 0xBF] + Array("a,b,c\r1,\"x, \"\"y\"\"\",\n2,\"multi\nline\",3.5".utf8))
        for chunkSize in [1, 2, 5, 100] {
            #expect(try Self.parse(path, chunkSize: chunkSize) == [["a", "b", "c"], ["1", "x, \"y\"", ""], ["2", "multi\nline", "3.5"]])
        }
    }

    @Test("invalid UTF-8 split across chunks is found at its line and column")
    func invalidUTF8AcrossChunks() throws {
        let work = try Workspace()
        // é is C3 A9: a chunk boundary may fall between them; C3 followed by 'x' is invalid.
        let path = try work.write("bad.csv", bytes: Array("a,b\né,ok\nx,".utf8) + [0xC3] + Array("x\n".utf8))
        for chunkSize in [1, 2, 3, 7, 100] {
            let error = #expect(throws: CLIError.self) { _ = try Self.parse(path, chunkSize: chunkSize) }
            #expect(error?.message == "\(path), line 3, column 3: invalid UTF-8 (byte 0xC3); if the file is in another encoding, give it with --encoding latin1 or --encoding cp1252")
        }
    }
}
