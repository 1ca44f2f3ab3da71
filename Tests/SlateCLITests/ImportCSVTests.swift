import Foundation
import Slate
import SlateTestSupport
import Testing

/// `slate import` of CSV and TSV, run as a real process: malformed input, positions, types,
/// options, and what is left on disk when it fails.
@Suite("CLI import CSV")
struct ImportCSVTests {
    func rows(_ db: String, _ sql: String) throws -> [[SQLiteValue]] {
        let connection = try Connection(db, options: .readonly)
        return try connection.prepare(sql: sql).rows().map(\.values)
    }

    @Test("a stray quote in an unquoted field is an error with its line and column; nothing is left behind")
    func strayQuote() throws {
        let work = try Workspace()
        try work.write("data.csv", "a,b\n1,ab\"c\n2,d\n")
        let result = try work.slate("import", "new.db", "data.csv")
        #expect(result.status == 1)
        #expect(result.stderr == "slate: data.csv, line 2, column 5: a quote inside an unquoted field (quote the whole field and double the quote: \"a\"\"b\"), or use --lenient to keep it as text\n")
        #expect(!work.exists("new.db"))
        #expect(!work.exists("new.db-journal"))
    }

    @Test("--lenient keeps a stray quote as text, as the sqlite3 shell does, with a warning per line")
    func lenientStrayQuote() throws {
        let work = try Workspace()
        try work.write("data.csv", "a,b\n1,ab\"c\n2,d\n")
        let result = try work.slate("import", "new.db", "data.csv", "--lenient", "--quiet")
        #expect(result.status == 0)
        #expect(result.stderr.contains("slate: warning: data.csv, line 2, column 5: a quote inside an unquoted field"))
        #expect(try rows(work.file("new.db"), "SELECT a, b FROM data ORDER BY a") == [[.int(1), .text("ab\"c")], [.int(2), .text("d")]])
    }

    @Test("an unterminated quote is an error at the opening quote, not a silent merge of the lines after it")
    func unterminatedQuote() throws {
        let work = try Workspace()
        try work.write("data.csv", "a,b\n1,x\n2,\"abc\n3,e\n4,f\n")
        let result = try work.slate("import", "new.db", "data.csv")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("slate: data.csv, line 3, column 3: a quoted field starts here and is never closed"))
        #expect(!work.exists("new.db"))
    }

    @Test("text after a closing quote is an error with its position")
    func textAfterClosingQuote() throws {
        let work = try Workspace()
        try work.write("data.csv", "a,b\n1,\"ab\"c\n")
        let result = try work.slate("import", "new.db", "data.csv")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("slate: data.csv, line 2, column 7: text after the closing quote of a quoted field"))
    }

    @Test("a row with too few or too many fields is an error naming its line; --lenient pads or trims it")
    func raggedRows() throws {
        let work = try Workspace()
        try work.write("data.csv", "a,b,c\n1,2,3\n4,5\n")
        let result = try work.slate("import", "new.db", "data.csv")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("slate: data.csv, line 3: 2 fields, but the header has 3 columns"))
        let lenient = try work.slate("import", "new.db", "data.csv", "--lenient", "-q")
        #expect(lenient.status == 0)
        #expect(try rows(work.file("new.db"), "SELECT a, b, c FROM data ORDER BY a") == [[.int(1), .int(2), .int(3)], [.int(4), .int(5), .null]])
    }

    @Test("line numbers count physical lines, also after multi-line fields and CRLF")
    func positionsAfterMultilineFields() throws {
        let work = try Workspace()
        try work.write("data.csv", "a,b\r\n1,\"two\r\nlines\"\r\n2,\"three\nmore\nlines\"\r\n3,x\"y\r\n")
        let result = try work.slate("import", "new.db", "data.csv")
        #expect(result.stderr.hasPrefix("slate: data.csv, line 7, column 4: a quote inside an unquoted field"))
    }

    @Test("with --lenient, blank lines between records and at the end are skipped, each with a warning")
    func blankLines() throws {
        let work = try Workspace()
        try work.write("data.csv", "a,b\n1,x\n\n2,y\n\n\n")
        let result = try work.slate("import", "new.db", "data.csv", "-q", "--lenient")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try rows(work.file("new.db"), "SELECT count(*) FROM data") == [[.int(2)]])
    }

    @Test("an empty file, a missing file and a folder are one-line errors without NSError dumps")
    func fileErrors() throws {
        let work = try Workspace()
        try work.write("empty.csv", "")
        let empty = try work.slate("import", "new.db", "empty.csv")
        #expect(empty.status == 1)
        #expect(empty.stderr == "slate: empty.csv: the file is empty: the first line must name the columns (or use --no-header)\n")
        let missing = try work.slate("import", "new.db", "missing.csv")
        #expect(missing.status == 1)
        #expect(missing.stderr == "slate: missing.csv: cannot open the file: No such file or directory\n")
        try FileManager.default.createDirectory(atPath: work.file("folder.csv"), withIntermediateDirectories: false)
        let folder = try work.slate("import", "new.db", "folder.csv")
        #expect(folder.status == 1)
        #expect(folder.stderr == "slate: folder.csv: cannot read the file: it is a folder\n")
        #expect(!work.exists("new.db"))
        for result in [empty, missing, folder] {
            #expect(!result.stderr.contains("NSError") && !result.stderr.contains("Domain="))
        }
    }

    @Test("a header naming a column twice is an error")
    func duplicateHeader() throws {
        let work = try Workspace()
        try work.write("data.csv", "id,Name,name\n1,a,b\n")
        let result = try work.slate("import", "new.db", "data.csv")
        #expect(result.status == 1)
        #expect(result.stderr.contains("line 1: the header names column \"name\" twice (fields 2 and 3)"))
    }

    @Test("invalid UTF-8 is an error with its position and a hint; --encoding latin1 reads the file")
    func invalidUTF8() throws {
        let work = try Workspace()
        try work.write("data.csv", bytes: Array("id,name\n1,ok\n2,caf".utf8) + [0xE9] + Array("\n".utf8))
        let result = try work.slate("import", "new.db", "data.csv")
        #expect(result.status == 1)
        #expect(result.stderr == "slate: data.csv, line 3, column 6: invalid UTF-8 (byte 0xE9); if the file is in another encoding, give it with --encoding latin1 or --encoding cp1252\n")
        #expect(!work.exists("new.db"))
        let latin1 = try work.slate("import", "new.db", "data.csv", "--encoding", "latin1", "-q")
        #expect(latin1.status == 0)
        #expect(try rows(work.file("new.db"), "SELECT name FROM data WHERE id = 2") == [[.text("café")]])
        try work.write("win.csv", bytes: Array("id,name\n1,".utf8) + [0x80, 0x93] + Array("\n".utf8))
        #expect(try work.slate("import", "new.db", "win.csv", "--encoding", "cp1252", "-q").status == 0)
        #expect(try rows(work.file("new.db"), "SELECT name FROM win") == [[.text("€“")]])
    }

    @Test("types are per column: codes, signs, hex, exponents and padded decimals stay text, exactly")
    func typeDetection() throws {
        let work = try Workspace()
        try work.write(
            "data.csv",
            """
            id,zip,plus,hex,sci,padded,price,ratio,mixed,flag,empty
            1,02134,+5,0x1E,1e5,2.50,2.5,1,7,yes,
            2,10001,+6,0x1F,2e5,3.10,100000.0,2.5,x,no,
            3,99999,-7,0x20,3e5,4.00,0.001,-3,8,yes,

            """)
        let result = try work.slate("import", "new.db", "data.csv", "-q")
        #expect(result.status == 0, "\(result.stderr)")
        let declared = try declaredColumns(work.file("new.db"), "data").map { [SQLiteValue.text($0)] }
        #expect(
            declared
                == [
                    "id INTEGER", "zip TEXT", "plus TEXT", "hex TEXT", "sci TEXT", "padded TEXT", "price REAL",
                    "ratio NUMERIC", "mixed TEXT", "flag TEXT", "empty TEXT"
                ].map { [SQLiteValue.text($0)] })
        #expect(
            try rows(work.file("new.db"), "SELECT zip, plus, hex, sci, padded, typeof(price), ratio, typeof(ratio) FROM data WHERE id = 1")
                == [[.text("02134"), .text("+5"), .text("0x1E"), .text("1e5"), .text("2.50"), .text("real"), .int(1), .text("integer")]])
        #expect(try rows(work.file("new.db"), "SELECT ratio, mixed FROM data WHERE id = 2") == [[.real(2.5), .text("x")]])
        // An export gives back exactly the text that was imported.
        let export = try work.slate("export", "new.db", "data")
        #expect(export.stdout.contains("1,02134,+5,0x1E,1e5,2.50,2.5,1,7,yes,\n"))
        #expect(export.stdout.contains("2,10001,+6,0x1F,2e5,3.10,100000.0,2.5,x,no,\n"))
    }

    @Test("a later value the detected type would change widens the column, with a warning, keeping every value")
    func wideningAfterTheSample() throws {
        let work = try Workspace()
        var csv = "id,zip,price\n"
        for id in 1...50 { csv += "\(id),\(10_000 + id),\(id).5\n" }
        csv += "51,02134,0.30000000000000004\n52,7,1.25\n"
        try work.write("data.csv", csv)
        let result = try work.slate("import", "new.db", "data.csv", "--sample", "10", "-q")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("slate: warning: data.csv, line 52: column \"zip\" holds \"02134\", which INTEGER would not keep as written: the column is now TEXT"))
        #expect(try declaredColumns(work.file("new.db"), "data") == ["id INTEGER", "zip TEXT", "price REAL"])
        #expect(
            try rows(work.file("new.db"), "SELECT zip, typeof(zip), price FROM data WHERE id IN (1, 51) ORDER BY id")
                == [[.text("10001"), .text("text"), .real(1.5)], [.text("02134"), .text("text"), .real(0.30000000000000004)]])
        #expect(try rows(work.file("new.db"), "SELECT count(*) FROM data") == [[.int(52)]])
    }

    @Test("--type overrides detection and is never widened: a value it cannot hold is an error with its line")
    func typeOverrides() throws {
        let work = try Workspace()
        try work.write("data.csv", "id,zip,data\n1,02134,00ff\n2,10001,CAFE\n")
        let ok = try work.slate("import", "new.db", "data.csv", "--type", "zip=INTEGER", "--type", "data=BLOB", "-q")
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try rows(work.file("new.db"), "SELECT zip, data FROM data ORDER BY id") == [[.int(2134), .blob(Data([0x00, 0xFF]))], [.int(10001), .blob(Data([0xCA, 0xFE]))]])
        try work.write("bad.csv", "id,zip\n1,02134\n2,n/a\n")
        let bad = try work.slate("import", "other.db", "bad.csv", "--type", "zip=INTEGER")
        #expect(bad.status == 1)
        #expect(bad.stderr == "slate: bad.csv, line 3: column \"zip\" is INTEGER (--type) but holds \"n/a\"\n")
        #expect(!work.exists("other.db"))
        let unknown = try work.slate("import", "other.db", "bad.csv", "--type", "nope=TEXT")
        #expect(unknown.status == 64)
        let malformed = try work.slate("import", "other.db", "bad.csv", "--type", "zip=WORDS")
        #expect(malformed.status == 64)
    }

    @Test("--no-detect-types stores text; --empty-null decides whether empty fields are NULL; \"\" is always empty text")
    func textAndEmptyFields() throws {
        let work = try Workspace()
        try work.write("data.csv", "id,note\n1,\n2,\"\"\n3,x\n")
        #expect(try work.slate("import", "a.db", "data.csv", "--no-detect-types", "-q").status == 0)
        #expect(
            try rows(work.file("a.db"), "SELECT id, typeof(id), note FROM data ORDER BY id")
                == [[.text("1"), .text("text"), .null], [.text("2"), .text("text"), .text("")], [.text("3"), .text("text"), .text("x")]])
        #expect(try work.slate("import", "b.db", "data.csv", "--no-empty-null", "-q").status == 0)
        #expect(try rows(work.file("b.db"), "SELECT note FROM data ORDER BY id") == [[.text("")], [.text("")], [.text("x")]])
    }

    @Test("standard input, TSV, --skip, --no-header and --delimiter")
    func inputOptions() throws {
        let work = try Workspace()
        let piped = try work.slate("import", "new.db", "-", "--table", "piped", "-q", stdin: "a,b\n1,x\n2,y\n")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(try rows(work.file("new.db"), "SELECT a, b FROM piped ORDER BY a") == [[.int(1), .text("x")], [.int(2), .text("y")]])
        #expect(try work.slate("import", "new.db", "-", stdin: "a\n1\n").status == 64)  // --table is required

        try work.write("data.tsv", "junk line\nanother \"junk\"\nname\tcount\nbrick, red\t3\n\"tab\there\"\t4\n")
        #expect(try work.slate("import", "new.db", "data.tsv", "--skip", "2", "-q").status == 0)
        #expect(try rows(work.file("new.db"), "SELECT name, count FROM data ORDER BY count") == [[.text("brick, red"), .int(3)], [.text("tab\there"), .int(4)]])

        try work.write("plain.txt", "1;x\n2;y\n")
        #expect(try work.slate("import", "new.db", "plain.txt", "--no-header", "--delimiter", ";", "--table", "plain", "-q").status == 0)
        #expect(try rows(work.file("new.db"), "SELECT c1, c2 FROM plain ORDER BY c1") == [[.int(1), .text("x")], [.int(2), .text("y")]])
    }

    @Test("--no-header into an existing table fills its columns in order")
    func positionalIntoExistingTable() throws {
        let work = try Workspace()
        let db = try Connection(work.file("app.db"))
        try db.execute(sql: "CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT, weight REAL)")
        db.close()
        try work.write("rows.csv", "1,brick,2.5\n2,plate\n")
        #expect(try work.slate("import", "app.db", "rows.csv", "--table", "parts", "--no-header", "--lenient", "-q").status == 0)
        #expect(try rows(work.file("app.db"), "SELECT id, name, weight FROM parts ORDER BY id") == [[.int(1), .text("brick"), .real(2.5)], [.int(2), .text("plate"), .null]])
        try work.write("wide.csv", "1,a,2,extra\n")
        let wide = try work.slate("import", "app.db", "wide.csv", "--table", "parts", "--no-header")
        #expect(wide.stderr == "slate: wide.csv: 4 fields per row, but table parts has 3 columns (id, name, weight)\n")
    }

    @Test("a constraint violation mid-file names the CSV line, rolls everything back and leaves no new file")
    func constraintViolation() throws {
        let work = try Workspace()
        var csv = "id,name\n"
        for id in 1...2_500 { csv += "\(id),part \(id)\n" }
        csv += "17,duplicate\n"
        try work.write("parts.csv", csv)
        let result = try work.slate("import", "new.db", "parts.csv", "--pk", "id")
        #expect(result.status == 1)
        #expect(result.stderr == "slate: parts.csv, line 2502: UNIQUE constraint failed: parts.id (in new.db; nothing was imported)\n")
        #expect(!work.exists("new.db"))

        // Into an existing database: the table keeps what it had.
        let db = try Connection(work.file("kept.db"))
        try db.execute(sql: "CREATE TABLE parts (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO parts VALUES (1, 'original')")
        db.close()
        #expect(try work.slate("import", "kept.db", "parts.csv").status == 1)
        #expect(try rows(work.file("kept.db"), "SELECT id, name FROM parts") == [[.int(1), .text("original")]])
        // --replace and --ignore decide instead; --truncate empties the table first.
        #expect(try work.slate("import", "kept.db", "parts.csv", "--ignore", "-q").status == 0)
        #expect(try rows(work.file("kept.db"), "SELECT count(*), min(name) FROM parts") == [[.int(2_500), .text("original")]])
        #expect(try work.slate("import", "kept.db", "parts.csv", "--replace", "-q").status == 0)
        #expect(try rows(work.file("kept.db"), "SELECT name FROM parts WHERE id = 17") == [[.text("duplicate")]])
        try work.write("two.csv", "id,name\n5,five\n6,six\n")
        #expect(try work.slate("import", "kept.db", "two.csv", "--table", "parts", "--truncate", "-q").status == 0)
        #expect(try rows(work.file("kept.db"), "SELECT id FROM parts ORDER BY id") == [[.int(5)], [.int(6)]])
        #expect(try work.slate("import", "kept.db", "two.csv", "--replace", "--ignore").status == 64)
    }

    @Test("into an existing table, text its numeric column would change is refused instead of converted")
    func existingTableAffinity() throws {
        let work = try Workspace()
        let db = try Connection(work.file("app.db"))
        try db.execute(sql: "CREATE TABLE codes (id INTEGER, zip INTEGER, label)")
        db.close()
        try work.write("codes.csv", "id,zip,label\n1,10001,n/a\n2,02134,x\n")
        let result = try work.slate("import", "app.db", "codes.csv")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("slate: codes.csv, line 3: column \"zip\" of table codes is INTEGER, which would store \"02134\" as a different number"))
        #expect(try rows(work.file("app.db"), "SELECT count(*) FROM codes") == [[.int(0)]])
        try work.write("extra.csv", "id,nope\n1,2\n")
        let extra = try work.slate("import", "app.db", "extra.csv", "--table", "codes")
        #expect(extra.stderr == "slate: extra.csv: table codes has no column \"nope\" (its columns: id, zip, label)\n")
    }

    @Test("a database locked by another connection fails after the busy timeout, and succeeds once released")
    func lockedDatabase() throws {
        let work = try Workspace()
        try work.write("data.csv", "a\n1\n")
        let holder = try Connection(work.file("locked.db"))
        try holder.execute(sql: "CREATE TABLE other (x); BEGIN EXCLUSIVE; INSERT INTO other VALUES (1)")
        let result = try work.slate("import", "locked.db", "data.csv", "--busy-timeout", "0.2")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("slate: locked.db: "))
        #expect(result.stderr.contains("database is locked (another connection holds a lock; raise --busy-timeout to wait longer)\n"))
        #expect(work.exists("locked.db"))  // an existing database is never removed
        try holder.execute(sql: "COMMIT")
        #expect(try work.slate("import", "locked.db", "data.csv", "-q").status == 0)
        #expect(try rows(work.file("locked.db"), "SELECT (SELECT count(*) FROM other), (SELECT count(*) FROM data)") == [[.int(1), .int(1)]])
    }

    @Test("the busy timeout waits for a writer that finishes while the import waits")
    func busyTimeoutWaits() throws {
        let work = try Workspace()
        try work.write("data.csv", "a\n1\n2\n")
        let holder = try Connection(work.file("busy.db"))
        try holder.execute(sql: "CREATE TABLE other (x); BEGIN IMMEDIATE; INSERT INTO other VALUES (1)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.executable)
        process.arguments = ["import", work.file("busy.db"), work.file("data.csv"), "--busy-timeout", "60", "-q"]
        try process.run()
        // Release the lock once slate waits on it; it must then go ahead.
        #expect(waitUntil { ProcessState.isWaitingForALock(process.processIdentifier, on: work.file("busy.db")) })
        try holder.execute(sql: "COMMIT")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try rows(work.file("busy.db"), "SELECT count(*) FROM data") == [[.int(2)]])
    }

    @Test("a read-only target is a one-line error and stays as it was")
    func readOnlyTarget() throws {
        let work = try Workspace()
        try work.write("data.csv", "a\n1\n")
        let db = try Connection(work.file("ro.db"))
        try db.execute(sql: "CREATE TABLE data (a INTEGER); INSERT INTO data VALUES (7)")
        db.close()
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: work.path)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: work.file("ro.db"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: work.file("data.csv"))
        // Root may write any file: run slate as `nobody` then, as an ordinary user would be.
        let launcher = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        let result = try CLIRunner.run(["import", work.file("ro.db"), work.file("data.csv")], launcher: launcher)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("slate: \(work.file("ro.db")): attempt to write a readonly database"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try rows(work.file("ro.db"), "SELECT a FROM data") == [[.int(7)]])
    }

    @Test("Ctrl-C during an import rolls everything back and removes the database it created")
    func interrupted() throws {
        let work = try Workspace()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.executable)
        process.arguments = ["import", work.file("new.db"), "-", "--table", "t", "-q"]
        let input = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        try process.run()
        var csv = "id,name\n"
        for id in 1...3_000 { csv += "\(id),name \(id)\n" }
        input.fileHandleForWriting.write(Data(csv.utf8))
        // Once the database exists slate is loading rows, then waiting on the open pipe for more.
        let deadline = Date().addingTimeInterval(60)
        while !work.exists("new.db") && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        process.interrupt()
        // A watchdog: an import that ignores the signal must fail the test, not hang it.
        let watchdog = Date().addingTimeInterval(120)
        while process.isRunning && Date() < watchdog { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("slate ignored SIGINT")
        }
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 130)  // as shells expect of SIGINT
        // Where it stopped (a read, or an insert at some line) depends on when the signal came.
        #expect(stderr.hasPrefix("slate: standard input"), "\(stderr)")
        #expect(stderr.hasSuffix(": interrupted; nothing was imported\n"), "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1)
        #expect(!work.exists("new.db"))
        #expect(!work.exists("new.db-journal"))
    }
}
