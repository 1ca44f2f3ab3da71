import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Splitting scripts into statements is linear in their length, whatever they hold, and agrees
/// with SQLite's own `sqlite3_complete` on where each statement ends.
///
/// The size tests use inputs so large that a path quadratic in the input would need far more than
/// the watchdog's two minutes (the 20,000-semicolon dump of the original report took 5 s; these
/// are 20 to 100 times larger, so 400 to 10,000 times slower), while a linear path needs about a
/// second: no timing threshold that depends on the machine.
@Suite("Script splitting")
struct ScriptSplittingTests {
    static let watchdogSeconds = 120.0

    /// The statements of `script` by `SQLScript(string:)`, which must finish within the watchdog;
    /// `slowness` names what a failure to finish would show.
    static func split(_ script: String, _ slowness: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let outcome = withWatchdog(seconds: watchdogSeconds) { SQLScript(string: script).statements }
        return try #require(try outcome?.get(), "SQLScript(string:) did not finish: \(slowness)", sourceLocation: sourceLocation)
    }

    @Test("SQLScript(string:) on a dump with 2,000,000 ';' inside one literal is linear")
    func semicolonsInsideOneLiteral() throws {
        let semicolons = String(repeating: ";", count: 2_000_000)
        let dump = "CREATE TABLE t (x);\nINSERT INTO t VALUES ('\(semicolons)');\nINSERT INTO t VALUES ('end');\n"
        let statements = try Self.split(dump, "quadratic in the literal's length")
        #expect(statements.count == 3)
        #expect(statements[1].utf8.count == 2_000_000 + "INSERT INTO t VALUES ('');".utf8.count)
        #expect(statements[2] == "INSERT INTO t VALUES ('end');")

        let db = try Connection()
        try db.execute(sql: SQLScript(string: dump))
        #expect(try db.scalar(Int64.self, "SELECT length(x) FROM t WHERE rowid = 1") == 2_000_000)
    }

    @Test("a trigger with 100,000 statements in its body splits in linear time")
    func longTriggerBody() throws {
        let body = String(repeating: "    INSERT INTO log VALUES (NEW.x);\n", count: 100_000)
        let script = "CREATE TRIGGER t_ai AFTER INSERT ON t BEGIN\n\(body)END;\nINSERT INTO t VALUES (1);"
        let statements = try Self.split(script, "quadratic in the trigger's length")
        #expect(statements.count == 2)
        #expect(statements[0].hasSuffix("END;"))
        #expect(statements[1] == "INSERT INTO t VALUES (1);")
    }

    @Test("execute(sql:) with an unterminated string before 400,000 statements fails at once, naming that statement")
    func unterminatedStringBeforeManyStatements() throws {
        let rest = String(repeating: "INSERT INTO t VALUES (1);\n", count: 400_000)
        let script = "CREATE TABLE t (x);\nINSERT INTO t VALUES ('oops);\n" + rest
        let outcome = withWatchdog(seconds: Self.watchdogSeconds) { () -> SQLiteError? in
            let db = try Connection()
            let error = sqliteError { try db.execute(sql: script) }
            // The statement before the bad one stays applied; nothing after it ran.
            guard try db.scalar(Int64.self, "SELECT count(*) FROM t") == 0 else { return nil }
            return error
        }
        let result = try #require(outcome, "execute(sql:) did not finish: its error message is quadratic in the script")
        let error = try #require(try result.get())
        #expect(error.explanation.contains("unrecognized token"))
        // The failing statement is the rest of the script: its literal never ends.
        #expect(error.sql?.hasPrefix("INSERT INTO t VALUES ('oops);\nINSERT INTO t VALUES (1);") == true)
        #expect(error.sql?.utf8.count == script.utf8.count - "CREATE TABLE t (x);\n".utf8.count - 1)
    }

    @Test("execute(sql:) failing early in a long script names only the failing statement")
    func failingStatementAloneInTheMessage() throws {
        let rest = String(repeating: "INSERT INTO t VALUES (1);\n", count: 400_000)
        let script = "CREATE TABLE t (x);\nINSERT INTO nowhere VALUES (1);\n" + rest
        let outcome = withWatchdog(seconds: Self.watchdogSeconds) { () -> SQLiteError? in
            let db = try Connection()
            return sqliteError { try db.execute(sql: script) }
        }
        let result = try #require(outcome, "execute(sql:) did not finish")
        let error = try #require(try result.get())
        #expect(error.sql == "INSERT INTO nowhere VALUES (1);")
        #expect(error.explanation.contains("no such table: nowhere"))
    }

    // MARK: Agreement with sqlite3_complete

    /// The splitter Slate used before, built on `sqlite3_complete` (quadratic, but SQLite's own
    /// verdict): the reference the linear splitter must match.
    static func referenceSplit(_ text: String) -> [String] {
        var statements: [String] = []
        var current: [UInt8] = []
        for byte in text.utf8 {
            current.append(byte)
            guard byte == UInt8(ascii: ";") else { continue }
            let isComplete = (current + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { sqlite3_complete($0.baseAddress) != 0 }
            }
            if isComplete {
                let statement = withoutLeadingComments(current)
                if !statement.isEmpty && statement != ";" { statements.append(statement) }
                current.removeAll()
            }
        }
        let rest = withoutLeadingComments(current)
        if !rest.isEmpty { statements.append(rest) }
        return statements
    }

    static func withoutLeadingComments(_ bytes: [UInt8]) -> String {
        var start = 0
        while start < bytes.count {
            if bytes[start] == UInt8(ascii: " ") || (9...13).contains(bytes[start]) {
                start += 1
            } else if bytes[start...].starts(with: Array("--".utf8)) {
                while start < bytes.count && bytes[start] != UInt8(ascii: "\n") { start += 1 }
            } else if bytes[start...].starts(with: Array("/*".utf8)) {
                start += 2
                while start < bytes.count && !bytes[start...].starts(with: Array("*/".utf8)) { start += 1 }
                start = min(bytes.count, start + 2)
            } else {
                break
            }
        }
        let text = String(decoding: bytes[start...], as: UTF8.self)
        guard let first = text.firstIndex(where: { !$0.isWhitespace }),
            let last = text.lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(text[first...last])
    }

    static let fragments = [
        ";", ";", ";", " ", "\n", "\t", "\r", "\u{0C}", "\u{0B}", "'", "''", "\"", "`", "[", "]", "--", "/*", "*/",
        "-", "/", "*", "CREATE", "create", "Create", "TEMP", "temp", "TEMPORARY", "temporary", "TRIGGER", "trigger",
        "END", "end", "EXPLAIN", "explain", "BEGIN", "CASE", "weekend", "tempo", "triggers", "ending", "x", "$a",
        "_b", "é", "1", "(", ")", "SELECT 1", "VIEW", "x'00'", ":p", "@", "\n--c\n", "/*c*/", "\u{1F600}"
    ]

    @Test("the linear splitter agrees with sqlite3_complete on 30,000 random scripts (fixed seed)")
    func agreesWithSQLiteComplete() {
        var random = SplitMix64(seed: 0x5C21_7E57)
        var disagreements: [String] = []
        for _ in 0..<30_000 {
            let length = Int(random.next() % 24)
            var text = ""
            for _ in 0..<length { text += Self.fragments[Int(random.next() % UInt64(Self.fragments.count))] }
            if SQLScript(string: text).statements != Self.referenceSplit(text) {
                disagreements.append(text)
                if disagreements.count >= 5 { break }
            }
        }
        #expect(disagreements == [])
    }

    /// Where SQLite's tokenizer reads one number or variable (`1.end`, `@create`, `?end`),
    /// `sqlite3_complete` reads other characters and a word that may be a keyword it tracks: the
    /// splitter, built on the tokenizer, must still take `sqlite3_complete`'s reading.
    static let numberAndVariableFragments = [
        ";", ";", " ", "\n", "\u{0B}", "EXPLAIN", "explain", "CREATE", "TEMP", "TRIGGER", "END", "create", "trigger",
        "end", "temp", "1", "1.", ".", ".5", "0x", "e", "e+", "-", "@", ":", "::", "?", "#", "$", "x", "'", "SELECT"
    ]

    @Test("the splitter agrees with sqlite3_complete where numbers and variables hide keywords (fixed seed)")
    func agreesWithSQLiteCompleteAroundNumbersAndVariables() {
        var random = SplitMix64(seed: 0x70_CE45)
        var disagreements: [String] = []
        let fragments = Self.numberAndVariableFragments
        for _ in 0..<30_000 {
            let length = Int(random.next() % 20)
            var text = ""
            for _ in 0..<length { text += fragments[Int(random.next() % UInt64(fragments.count))] }
            if SQLScript(string: text).statements != Self.referenceSplit(text) {
                disagreements.append(text)
                if disagreements.count >= 5 { break }
            }
        }
        #expect(disagreements == [])
        // The cases the tokenizer reads differently, each checked on its own.
        for text in [
            "EXPLAIN 1.create TRIGGER t; x; END; y;", "EXPLAIN @create TRIGGER t; x; END; y;",
            "CREATE TRIGGER t BEGIN x; 1.end; y; END; z;", "EXPLAIN ?create trigger a; b; end; c;",
            "EXPLAIN #create TRIGGER t; x; END; y;", "EXPLAIN :a::create TRIGGER t; x; END; y;"
        ] {
            #expect(SQLScript(string: text).statements == Self.referenceSplit(text), "\(text)")
        }
    }
}
