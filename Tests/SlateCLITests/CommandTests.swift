import Foundation
import Slate
import Testing

@testable import SlateCLI

/// The command line as a whole: help, version, exit codes, and the demo, backup, check, vacuum
/// and schema commands.
@Suite("CLI commands")
struct CommandTests {
    @Test("a bare `slate` prints help and creates nothing; --version names SQLite; usage errors exit 64")
    func commandLine() throws {
        let work = try Workspace()
        let bare = try work.slate()
        #expect(bare.status == 0)
        #expect(bare.stdout.contains("USAGE: slate <subcommand>"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: work.path).isEmpty)
        let version = try work.slate("--version")
        #if SQLCipher
        #expect(version.stdout == "slate \(SlateCommand.version) (SQLite \(SQLite.version), SQLCipher)\n")
        #else
        #expect(version.stdout == "slate \(SlateCommand.version) (SQLite \(SQLite.version))\n")
        #endif
        let usage = try work.slate("query")
        #expect(usage.status == 64)
        #expect(try work.slate("import", "x.db", "a.csv", "--sample", "0").status == 64)
        #expect(try work.slate("frobnicate").status == 64)
    }

    @Test("demo writes its own file in the temporary folder, again and again; --in-memory writes nothing")
    func demoDefaultPath() throws {
        let work = try Workspace()
        for _ in 0..<2 {
            let result = try CLIRunner.run(["demo", "--sets", "30", "--parts", "10"], in: work.path, environment: ["TMPDIR": work.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains("database: \(work.path)/slate-demo.sqlite"))
        }
        let db = try Connection(work.file("slate-demo.sqlite"), options: .readonly)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM sets") == 30)
        let memory = try CLIRunner.run(["demo", "--in-memory", "--sets", "5", "--parts", "5"], in: work.path, environment: ["TMPDIR": work.path + "/none"])
        #expect(memory.status == 0)
        #expect(memory.stdout.contains("database: :memory:"))
    }

    @Test("demo --path refuses an existing database and leaves its tables alone; --force replaces the file")
    func demoRefusesExistingDatabase() throws {
        let work = try Workspace()
        try work.database("mine.db", sql: "CREATE TABLE sets (my_data TEXT); INSERT INTO sets VALUES ('precious')")
        try work.fails("demo", "--path", "mine.db", "--sets", "10", "--parts", "5", stderr: "slate: mine.db: a file already exists; the demo only creates new databases (give another --path, or --force to replace this file)\n")
        let kept = try Connection(work.file("mine.db"), options: .readonly)
        #expect(try kept.scalar(String.self, "SELECT my_data FROM sets") == "precious")
        kept.close()
        try work.succeeds("demo", "--path", "mine.db", "--force", "--sets", "10", "--parts", "5")
        let replaced = try Connection(work.file("mine.db"), options: .readonly)
        #expect(try replaced.scalar(Int.self, "SELECT count(*) FROM sets") == 10)
        let fresh = try work.slate("demo", "--path", "new.db", "--sets", "10", "--parts", "5")
        #expect(fresh.status == 0)
    }

    @Test("the demo's catalog matches its report and keeps its constraints")
    func demoCatalog() throws {
        let db = try Connection()
        let report = try CatalogDemo(setCount: 300, partCount: 100, partsPerSet: 5).run(on: db)
        #expect(report.themes == CatalogDemo.themeNames.count)
        #expect(report.sets == 300 && report.parts == 100)
        #expect(report.inventoryRows > 300 && report.inventoryRows <= 1_500)
        #expect(try db.scalar(Int64.self, "SELECT sum(quantity) FROM inventory") == report.piecesInInventory)
        #expect(try db.prepare(sql: "PRAGMA foreign_key_check").rows().isEmpty)
        // It never drops tables: on a database that already has them it fails instead.
        #expect(throws: SQLiteError.self) { _ = try CatalogDemo(setCount: 10, partCount: 10, partsPerSet: 2).run(on: db) }
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM sets") == 300)
    }

    @Test("backup copies to a new file, refuses an existing one, and removes its file when it fails")
    func backup() throws {
        let work = try Workspace()
        #expect(try work.slate("demo", "--path", "source.db", "--sets", "50", "--parts", "20").status == 0)
        let copy = try work.succeeds("backup", "source.db", "copy.db", "--pages-per-step", "2")
        #expect(copy.stdout.hasPrefix("copied "))
        let copied = try Connection(work.file("copy.db"), options: .readonly)
        #expect(try copied.scalar(Int.self, "SELECT count(*) FROM sets") == 50)
        try work.fails("backup", "source.db", "copy.db", stderr: "slate: copy.db: a file already exists at copy.db; refusing to create a new database over it\n")
        let missing = try work.slate("backup", "missing.db", "other.db")
        #expect(missing.status == 1)
        #expect(!work.exists("other.db"))
    }

    @Test("backup waits for a writer that holds the source, within the busy timeout")
    func backupLocked() throws {
        let work = try Workspace()
        let holder = try Connection(work.file("held.db"))
        try holder.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1); BEGIN EXCLUSIVE; INSERT INTO t VALUES (2)")
        let failed = try work.slate("backup", "held.db", "copy.db", "--busy-timeout", "0.2")
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("database is locked"))
        #expect(!work.exists("copy.db"))
        try holder.execute(sql: "COMMIT")
        #expect(try work.slate("backup", "held.db", "copy.db", "-q").status == 0)
        #expect(try Connection(work.file("copy.db"), options: .readonly).scalar(Int.self, "SELECT count(*) FROM t") == 2)
    }

    @Test("check reports ok, or each broken foreign key with exit 1; schema prints the definitions")
    func checkAndSchema() throws {
        let work = try Workspace()
        let db = try Connection(work.file("app.db"))
        try db.execute(sql: "CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER REFERENCES parent(id)); INSERT INTO parent VALUES (1); INSERT INTO child VALUES (1, 1)")
        let ok = try work.slate("check", "app.db")
        #expect(ok.status == 0)
        #expect(ok.stdout == "ok\n")
        try db.execute(sql: "INSERT INTO child VALUES (2, 99)")
        let broken = try work.slate("check", "app.db")
        #expect(broken.status == 1)
        #expect(broken.stdout == "foreign key: child row 2 refers to a missing row of parent\n")
        #expect(broken.stderr == "slate: app.db: 1 problem found\n")
        let schema = try work.slate("schema", "app.db")
        #expect(schema.stdout.hasPrefix("CREATE TABLE parent (id INTEGER PRIMARY KEY);\nCREATE TABLE child"))
        try work.write("notadb.db", "this is not a database, just some text that is long enough to be read as a header")
        let notADatabase = try work.slate("check", "notadb.db")
        #expect(notADatabase.status == 1)
        #expect(notADatabase.stderr.hasPrefix("slate: notadb.db: ") && notADatabase.stderr.contains("is not a database"))
    }

    @Test("vacuum rebuilds in place, or into a new file that must not exist")
    func vacuum() throws {
        let work = try Workspace()
        try work.database("app.db", sql: "CREATE TABLE t (x); INSERT INTO t SELECT randomblob(1000) FROM (WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 500) SELECT i FROM c); DELETE FROM t WHERE rowid > 10")
        let into = try work.slate("vacuum", "app.db", "--into", "compact.db")
        if SQLite.versionNumber < 3_027_000 {
            // SQLCipher's SQLite 3.15 lacks VACUUM INTO: a clear error, and no file left behind.
            #expect(into.status == 1)
            #expect(into.stderr.contains("3.27"), "\(into.stderr)")
            #expect(!work.exists("compact.db"))
            #expect(try work.slate("vacuum", "app.db").status == 0)
            return
        }
        #expect(into.status == 0, "\(into.stderr)")
        #expect(try Connection(work.file("compact.db"), options: .readonly).scalar(Int.self, "SELECT count(*) FROM t") == 10)
        try work.fails("vacuum", "app.db", "--into", "compact.db", stderr: "slate: compact.db: a file already exists; vacuum --into writes a new file only\n")
        let inPlace = try work.slate("vacuum", "app.db")
        #expect(inPlace.status == 0)
        #expect(inPlace.stdout.hasPrefix("vacuumed app.db: "))
    }

    #if !SQLCipher
    @Test("without the SQLCipher trait, --key and SLATE_KEY are refused rather than ignored")
    func keyWithoutEncryption() throws {
        let work = try Workspace()
        try work.write("a.csv", "x\n1\n")
        try work.fails("import", "new.db", "a.csv", "--key", "secret", stderr: "slate: new.db: this slate was built without encryption support; build it with `--traits SQLCipher` to use --key or SLATE_KEY\n")
        #expect(!work.exists("new.db"))
        let environment = try CLIRunner.run(["query", "x.db", "SELECT 1"], in: work.path, environment: ["SLATE_KEY": "secret"])
        #expect(environment.status == 1)
        #expect(try work.slate("rekey", "x.db", "--new-key", "k").status == 1)
    }
    #endif
}
