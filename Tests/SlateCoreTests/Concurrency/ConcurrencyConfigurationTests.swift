import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// `Configuration`: what every connection of a queue or pool gets.
@Suite("Concurrency: configuration")
struct ConcurrencyConfigurationTests {
    @Test("defaults: foreign keys on, a 5 s busy timeout, the standard retry policy, 5 readers")
    func defaults() throws {
        let configuration = Configuration()
        #expect(configuration.foreignKeysEnabled)
        #expect(configuration.busyTimeout == 5)
        #expect(configuration.retry == .standard)
        #expect(configuration.maximumReaderCount == 5)
        #expect(configuration.journalMode == nil)
        #expect(!configuration.readonly)
        let queue = try DatabaseQueue()
        #expect(try queue.read { db in try db.getForeignKeys() })
        #expect(try queue.read { db in try db.getBusyTimeout() } == 5)
    }

    @Test("a pool is in WAL with synchronous=NORMAL on its writer, and prepareDatabase runs on every connection")
    func poolSettings() throws {
        let directory = try TemporaryDirectory()
        let prepared = EventLog()
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        configuration.prepareDatabase { db in
            prepared.record(db.isReadOnly ? "reader" : "writer")
            try db.createFunction("answer", argumentCount: 0, options: []) { _ in Int64(42) }
        }
        let pool = try DatabasePool(path: directory.path("settings.sqlite"), configuration: configuration)
        #expect(try pool.write { db in try db.getJournalMode() } == .wal)
        #expect(try pool.write { db in try db.getSynchronous() } == .normal)
        #expect(try pool.read { db in try db.getForeignKeys() } == false)
        #expect(try pool.read { db in try db.scalar(Int.self, "SELECT answer()") } == 42)
        #expect(try pool.write { db in try db.scalar(Int.self, "SELECT answer()") } == 42)
        // Two reads at once need two readers: each is prepared once.
        let inside = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                _ = try? pool.read { _ in
                    inside.signal()
                    inside.wait()  // both reads overlap only when each waits for the other's signal
                    inside.signal()
                }
            }
        }
        #expect(group.wait(timeout: .now() + 20) == .success)
        #expect(prepared.all.filter { $0 == "writer" }.count == 1)
        #expect(prepared.all.filter { $0 == "reader" }.count >= 1)
        #expect(prepared.all.filter { $0 == "reader" }.count <= 2)
    }

    @Test("a failing prepareDatabase fails the initializer with its error")
    func failingPreparation() throws {
        let directory = try TemporaryDirectory()
        var configuration = Configuration()
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA nonsense = ") }
        #expect(sqliteError { _ = try DatabaseQueue(configuration: configuration) }?.code == SQLITE_ERROR)
        #expect(sqliteError { _ = try DatabasePool(path: directory.path("bad.sqlite"), configuration: configuration) }?.code == SQLITE_ERROR)
    }

    @Test("journalMode on a queue; a pool refuses anything but WAL")
    func journalMode() throws {
        let directory = try TemporaryDirectory()
        var configuration = Configuration()
        configuration.journalMode = .truncate
        let queue = try DatabaseQueue(path: directory.path("queue.sqlite"), configuration: configuration)
        #expect(try queue.read { db in try db.getJournalMode() } == .truncate)
        let error = sqliteError { _ = try DatabasePool(path: directory.path("pool.sqlite"), configuration: configuration) }
        #expect(error?.category == .misuse)
        #expect(error?.explanation.contains("WAL") == true)
    }

    @Test("readonly: reads work, writes fail with SQLITE_READONLY and change nothing")
    func readonly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("ro.sqlite")
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)") }
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
        #expect(sqliteError { try queue.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") } }?.category == .readOnly)
        #expect(try queue.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 1)
    }

    @Test("the busy timeout applies while opening: a queue or pool opens while another connection holds an exclusive lock")
    func busyTimeoutWhileOpening() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("locked.sqlite")
        do {
            let setup = try Connection(path)
            try setup.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)")
        }
        for open in [
            { () throws -> any DatabaseReader in try DatabaseQueue(path: path) },
            { () throws -> any DatabaseReader in try DatabasePool(path: path) }
        ] {
            // The lock holder changes the schema, so opening must read it, and waits for it.
            let holder = try Connection(path)
            try holder.execute(sql: "BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS u (y); INSERT INTO t VALUES (2)")
            let box = UncheckedBox(holder)
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { try? box.value.execute(sql: "COMMIT") }
            let database = try open()
            #expect(try database.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } ?? 0 >= 2)
            try database.close()
            holder.close()
        }
    }
}

/// Pools opened at the same moment on one file that is not yet in WAL mode.
@Suite("Concurrency: pools opened together")
struct ConcurrentPoolOpeningTests {
    @Test("four pools opening one rollback-journal file at once all switch it to WAL or find it switched")
    func poolsOpenTogether() throws {
        // The race is narrow: without the retry, about one run in three of ten rounds hit it.
        for _ in 0..<40 {
            let directory = try TemporaryDirectory()
            let path = directory.path("together.sqlite")
            try DatabaseQueue(path: path).write { db in try db.execute(sql: "CREATE TABLE t (x)") }
            let failures = EventLog()
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                do {
                    let pool = try DatabasePool(path: path)
                    try pool.write { db in try db.run("INSERT INTO t VALUES (1)") }
                    try pool.close()
                } catch {
                    failures.record("\(error)")
                }
            }
            #expect(failures.all.isEmpty)
            #expect(try DatabaseQueue(path: path).read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") } == 4)
        }
    }
}
