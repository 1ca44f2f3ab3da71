// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import Slate
import SlateTestSupport
import Testing

// Each README example is copied here verbatim and run, and `readmeExamplesAreCompiledHere`
// checks that every ```swift block of the README still appears in this file — so the README
// cannot drift from code that compiles and works.

@Suite("README examples")
struct ReadmeExamplesTests {
    @Test("the core tour runs as written")
    func coreTour() throws {
        // BEGIN README
        let db = try Connection(.inMemory)
        try db.execute(sql: """
            CREATE TABLE sets (id INTEGER PRIMARY KEY, name TEXT NOT NULL, year INTEGER);
            INSERT INTO sets (name, year) VALUES ('Galaxy Explorer', 1979);
            """)

        // SQLite.swift-style raw SQL
        try db.run("INSERT INTO sets (name, year) VALUES (?, ?)", "Yellow Castle", 1978)
        let count = try db.scalar("SELECT count(*) FROM sets") as? Int64   // 2

        // DataLiteCore-style statements: bind, step, reset
        let insert = try db.prepare(sql: "INSERT INTO sets (name, year) VALUES (:name, :year)")
        try insert.bind("Blacktron Renegade", by: ":name")
        try insert.bind(1987, by: ":year")
        try insert.step()

        // A cursor reads columns in place, with exact typed conversions
        let cursor = try db.cursor("SELECT name, year FROM sets WHERE year < ? ORDER BY year", 1985)
        while let row = try cursor.next() {
            let name: String = try row.get(0)
            let year = try row.get("year", as: Int.self)
            print(name, year)
        }

        do {
            try db.execute(sql: "CREATE TABLE users (email TEXT UNIQUE)")
            try db.run("INSERT INTO users (email) VALUES (?)", "ada@example.com")
            try db.run("INSERT INTO users (email) VALUES (?)", "ada@example.com")
        } catch {
            switch error.code {
            case SQLITE_CONSTRAINT: print("already exists")          // matches SQLITE_CONSTRAINT_UNIQUE
            case SQLITE_BUSY, SQLITE_LOCKED: print("try again later")
            default: print(error.userFacingMessage)
            }
        }

        try db.transaction {
            try db.run("UPDATE sets SET year = year + 1 WHERE name = ?", "Galaxy Explorer")
            try db.savepoint {
                try db.run("DELETE FROM sets WHERE year < 1950")
            }
        }

        // Busy or locked? Retry the whole transaction with exponential backoff and jitter.
        try db.transaction(.immediate, retry: .standard) {
            try db.run("INSERT INTO sets (name, year) VALUES ('Monorail Transport', 1987)")
        }

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("catalog.sqlite").path

        let catalog = try Connection(path, options: [.readwrite, .create, .exclusive])        // fails if a file is already there
        try catalog.setJournalMode(.wal)
        try catalog.setUserVersion(1)                               // throwing form of `userVersion`
        try catalog.execute(sql: SQLScript(string: """
            CREATE TABLE themes (id INTEGER PRIMARY KEY, name TEXT);
            CREATE TRIGGER themes_named AFTER INSERT ON themes BEGIN
                UPDATE themes SET name = CASE WHEN NEW.name IS NULL THEN 'unnamed' ELSE NEW.name END
                WHERE id = NEW.id;
            END;
            """))
        catalog.close()

        let reopened = try Connection(path, options: .readonly)  // fails if missing
        print((try reopened.getUserVersion()))   // 1
        // END README

        #expect(count == 2)
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 1)
        #expect(try db.scalar("SELECT year FROM sets WHERE name = 'Galaxy Explorer'") as? Int64 == 1980)
        #expect(try db.scalar("SELECT count(*) FROM sets") as? Int64 == 4)
        #expect((try reopened.getUserVersion()) == 1)
        #expect(try reopened.getJournalMode() == .wal)
        try FileManager.default.removeItem(at: directory)
    }

    @Test("the concurrency example runs as written")
    func concurrencyExample() async throws {
        let queue = try DatabaseQueue()
        try await queue.write { db in
            try db.execute(sql: "CREATE TABLE events (name TEXT)")
            _ = try db.run("INSERT INTO events (name) VALUES (?)", "launch")
        }
        let events = try await queue.read { db in
            try db.scalar(Int.self, "SELECT count(*) FROM events") ?? 0
        }
        #expect(events == 1)
    }

    @Test("the pool example runs as written")
    func poolExample() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("events.sqlite")
        var configuration = Configuration()
        configuration.maximumReaderCount = 4
        let pool = try DatabasePool(path: path, configuration: configuration)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS events (name TEXT)") }
        let names = try await pool.read { db in try db.prepare(sql: "SELECT name FROM events").rows() }
        #expect(names.isEmpty)
    }

    // BEGIN README: the typed layer
    struct Member: Codable, Equatable {
        var id: Int64
        var email: String
        var name: String?
        var joined: Date
    }

    @Test("the typed-layer and Codable tours run as written")
    func typedTour() throws {
        let users = Table("users")
        let id = SQLExpression<Int64>("id")
        let email = SQLExpression<String>("email")
        let name = SQLExpression<String?>("name")

        let store = try Connection()
        try store.run(users.create { t in     // CREATE TABLE "users" (
            t.column(id, primaryKey: true)    //     "id" INTEGER PRIMARY KEY NOT NULL,
            t.column(email, unique: true)     //     "email" TEXT NOT NULL UNIQUE,
            t.column(name)                    //     "name" TEXT
        })                                    // )

        let rowid = try store.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
        try store.run(users.insert(email <- "betty@icloud.com"))

        for user in try store.prepare(users.filter(name != nil).order(email.desc)) {
            print("id: \(user[id]), email: \(user[email]), name: \(user[name] ?? "-")")
        }
        let alice = users.filter(id == rowid)
        try store.run(alice.update(email <- email.replace("mac.com", with: "me.com")))
        let total = try store.scalar(users.count)                        // 2
        print(users.filter(email.like("%@icloud.com")).asSQL())
        // SELECT * FROM "users" WHERE ("email" LIKE '%@icloud.com')

        let members = Table("members")
        try store.execute(sql: "CREATE TABLE members (id INTEGER PRIMARY KEY, email TEXT, name TEXT, joined TEXT)")
        let ada = Member(id: 1, email: "ada@example.com", name: "Ada", joined: Date(timeIntervalSince1970: 0))
        try store.run(members.insert(ada))
        let loaded: [Member] = try store.prepare(members).map { row in try row.decode() }
// As in SQLite.swift, a nil optional is left out: an update keeps the column, an insert gets
// its default. `nilEncoding: .null` writes NULL instead.
let unnamed = Member(id: 1, email: "ada@example.com", name: nil, joined: ada.joined)
try store.run(members.filter(id == 1).update(unnamed))                       // name stays "Ada"
try store.run(members.filter(id == 1).update(unnamed, nilEncoding: .null))   // name is NULL

        // SQLite.swiftly-style: a table model, and one prepared statement for a bulk load.
        let parts = try TableDescription(name: "parts", columns: [
            ColumnDescription(name: "number", type: .text, nullable: false),
            ColumnDescription(name: "weight", type: .real, nullable: true),
        ])
        try store.createTable(parts)
        let insertPart = try store.prepareInsert(into: parts)
        try store.transaction {
            for number in ["3001", "3002", "3003"] {
                try insertPart.insert(["number": .text(number), "weight": .real(2.3)])
            }
        }
        let partRows = try store.readAllRows(from: parts)                // checks the columns match

        #expect(total == 2)
        #expect(try store.scalar(users.filter(email == "alice@me.com").count) == 1)
        #expect(loaded == [ada])
        #expect(try store.pluck(members)?.decode(as: Member.self) == unnamed)
        #expect(partRows.count == 3)
        #expect(users.filter(email.like("%@icloud.com")).asSQL() == #"SELECT * FROM "users" WHERE ("email" LIKE '%@icloud.com')"#)
    }

    @Test("every ```swift block of the README is compiled in this file")
    func readmeExamplesAreCompiledHere() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = packageRoot()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try Self.readmeSources(root: root).map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        let sourceLines = Self.normalizedLines(source)
        let blocks = Self.swiftBlocks(in: readme)
        #expect(blocks.count >= 4)
        for block in blocks {
            let lines = Self.normalizedLines(block).filter { !$0.hasPrefix("import ") }
            let found = Self.containsInOrder(sourceLines, lines)
            #expect(found, "README block not found in \(here.lastPathComponent), RecordsArticleTests.swift or ReadmeRecordsTests.swift:\n\(block)")
        }
    }

    @Test("the README shows exactly the imports its examples need")
    func readmeShowsItsImports() throws {
        let readme = try String(contentsOf: packageRoot().appendingPathComponent("README.md"), encoding: .utf8)
        let source = try Self.readmeSources(root: packageRoot()).map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        // The module each `import` line names, ignoring any comment after it.
        func imports(_ lines: [String]) -> Set<String> {
            Set(lines.filter { $0.hasPrefix("import ") }.compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) })
        }
        let shown = imports(Self.swiftBlocks(in: readme).flatMap(Self.normalizedLines))
        // Slate does not re-export Foundation, and the examples use Date, URL and FileManager.
        // Testing and SlateTestSupport are this file's test infrastructure, not the examples'.
        #expect(shown == imports(Self.normalizedLines(source)).subtracting(["Testing", "SlateTestSupport"]))
        #expect(shown == ["Foundation", "Slate", "SlateMacros"])
    }

    /// The files that compile the README's examples, in this order: this one, and the records
    /// example's, which live in the test target that imports the macros (the record type is the
    /// Records article's, the statements that use it are in ReadmeRecordsTests.swift).
    static func readmeSources(root: URL) -> [URL] {
        [
            root.appendingPathComponent("Tests/SlateTests/Documentation/ReadmeExamplesTests.swift"),
            root.appendingPathComponent("Tests/SlateRecordTests/Documentation/RecordsArticleTests.swift"),
            root.appendingPathComponent("Tests/SlateRecordTests/Documentation/ReadmeRecordsTests.swift"),
        ]
    }

    static func swiftBlocks(in markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```swift" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current?.joined(separator: "\n") ?? "")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    static func normalizedLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether every line of `needle` appears in `haystack`, in the same order (a README block may
    /// be split here, e.g. a type declared outside the test function that uses it).
    static func containsInOrder(_ haystack: [String], _ needle: [String]) -> Bool {
        var position = haystack.startIndex
        for line in needle {
            guard let found = haystack[position...].firstIndex(of: line) else { return false }
            position = found + 1
        }
        return true
    }
}
