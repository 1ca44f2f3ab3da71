import CFaultVFS
import Foundation
import SlateCore
import SlateTestSupport
import Testing

/// The fault VFS itself: it counts each kind of call, each fault gives the code SQLite's own unix
/// VFS would, and it affects only the connections opened through it.
@Suite("Fault VFS")
struct FaultVFSTests {
    /// Runs `body` and returns the `SQLiteError` it throws, or `nil`.
    func sqliteError(_ body: () throws -> Void) -> SQLiteError? {
        do {
            try body()
            return nil
        } catch {
            return error as? SQLiteError
        }
    }

    func makeTable(_ vfs: FaultVFS, in folder: TemporaryDirectory, journalMode: String = "delete") throws -> Connection {
        let db = try vfs.open(folder.path("db.sqlite"))
        try db.execute(sql: "PRAGMA journal_mode = \(journalMode)")
        try db.execute(sql: "CREATE TABLE t(x); INSERT INTO t VALUES (1);")
        return db
    }

    @Test("It counts writes, syncs and open files, and only for connections opened through it")
    func counts() throws {
        let folder = try TemporaryDirectory()
        let vfs = try FaultVFS()
        do {
            let db = try makeTable(vfs, in: folder)
            defer { db.close() }
            let counts = vfs.counts
            #expect(counts.writes > 0)
            #expect(counts.syncs > 0)
            #expect(counts.deletes > 0)  // the rollback journal of each commit
            #expect(counts.openFiles == 1)  // the database; its journal is closed after each commit
            vfs.resetCounts()
            // Another connection, through the default VFS, is not counted.
            let plain = try Connection(folder.path("db.sqlite"), options: [.readwrite])
            try plain.execute(sql: "INSERT INTO t VALUES (2)")
            plain.close()
            #expect(vfs.counts.writes == 0)
            #expect(vfs.counts.openFiles == 1)
        }
        #expect(vfs.openFiles == 0)
    }

    @Test("An unregistered name is refused, and the VFS refuses to go while a file is open")
    func lifetime() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: SQLiteError.self) {
            _ = try Connection(
                .uri(folder.path("x.sqlite"), parameters: [.vfs("no-such-vfs")]),
                options: [.readwrite, .create])
        }
        let name = "slate-fault-lifetime-\(UUID().uuidString)"
        let handle = try #require(slate_fault_vfs_create(name))
        let db = try Connection(.uri(folder.path("x.sqlite"), parameters: [.vfs(name)]), options: [.readwrite, .create])
        try db.execute(sql: "CREATE TABLE t(x)")
        #expect(slate_fault_vfs_destroy(handle) == SQLITE_MISUSE)
        db.close()
        #expect(slate_fault_vfs_destroy(handle) == SQLITE_OK)
    }

    @Test(
        "Each fault gives the code the unix VFS gives, and a one-shot fault fails one call only",
        arguments: [
            (FaultVFS.Mode.ioError, FaultVFS.Kinds.write, SQLITE_IOERR_WRITE),
            (.ioError, .sync, SQLITE_IOERR_FSYNC),
            (.ioError, .delete, SQLITE_IOERR_DELETE),
            (.ioError, .read, SQLITE_IOERR_READ),
            (.diskFull, .write, SQLITE_FULL),
            (.shortWrite, .write, SQLITE_FULL),
            (.ioError, .lock, SQLITE_BUSY)
        ] as [(FaultVFS.Mode, FaultVFS.Kinds, Int32)])
    func faultCodes(mode: FaultVFS.Mode, kinds: FaultVFS.Kinds, code: Int32) throws {
        let folder = try TemporaryDirectory()
        let vfs = try FaultVFS()
        let db = try makeTable(vfs, in: folder)
        defer { db.close() }
        try db.execute(sql: "PRAGMA busy_timeout = 0")
        vfs.arm(mode, at: 1, of: kinds)
        let error = sqliteError {
            // A read happens only once the page cache is cold: a new connection's first query.
            if kinds == .read {
                let other = try vfs.open(folder.path("db.sqlite"))
                defer { other.close() }
                _ = try other.scalar(Int64.self, "SELECT count(*) FROM t")
            } else {
                try db.execute(sql: "INSERT INTO t VALUES (2)")
            }
        }
        #if SQLCipher
        // SQLCipher 3.4 (SQLite 3.15) reports a failed page read as plain SQLITE_IOERR.
        let expected = kinds == .read ? SQLITE_IOERR : code
        #else
        let expected = code
        #endif
        #expect(error?.code.rawValue == expected, "got \(String(describing: error))")
        #expect(error?.category == (kinds == .lock ? .transient : .io))
        #expect(vfs.faultsInjected >= 1)
        vfs.disarm()
        if mode != .diskFull {
            // The fault is gone: the same change now goes through.
            try db.execute(sql: "INSERT INTO t VALUES (3)")
            #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t WHERE x = 3") == 1)
        }
        #expect(try db.scalar(String.self, "PRAGMA integrity_check") == "ok")
    }

    @Test("A truncate fault gives SQLITE_IOERR_TRUNCATE")
    func truncateFault() throws {
        let folder = try TemporaryDirectory()
        let vfs = try FaultVFS()
        // journal_mode=truncate ends each commit by truncating the journal.
        let db = try makeTable(vfs, in: folder, journalMode: "truncate")
        defer { db.close() }
        vfs.arm(.ioError, at: 1, of: .truncate)
        let error = sqliteError { try db.execute(sql: "INSERT INTO t VALUES (2)") }
        #expect(error?.code.rawValue == SQLITE_IOERR_TRUNCATE, "got \(String(describing: error))")
        #expect(error?.category == .io)
    }

    @Test("A persistent disk-full fault fails every later write until disarmed")
    func persistentFault() throws {
        let folder = try TemporaryDirectory()
        let vfs = try FaultVFS()
        let db = try makeTable(vfs, in: folder)
        defer { db.close() }
        vfs.arm(.diskFull, at: 1, of: .write)
        for value in 2...4 {
            let error = sqliteError { try db.execute(sql: "INSERT INTO t VALUES (\(value))") }
            #expect(error?.code.rawValue == SQLITE_FULL)
        }
        #expect(vfs.faultsInjected >= 3)
        vfs.disarm()
        try db.execute(sql: "INSERT INTO t VALUES (5)")
        #expect(try db.scalar(String.self, "SELECT group_concat(x) FROM t") == "1,5")
    }

    @Test("Power loss: what was written after the cut is not on disk, though SQLite was told it was")
    func powerLoss() throws {
        let folder = try TemporaryDirectory()
        let vfs = try FaultVFS()
        do {
            let db = try makeTable(vfs, in: folder)
            vfs.arm(.powerLoss, at: 1)
            try db.execute(sql: "INSERT INTO t VALUES (2)")  // reported committed
            try db.execute(sql: "INSERT INTO t VALUES (3)")
            db.close()
        }
        #expect(vfs.openFiles == 0)
        vfs.disarm()
        let reopened = try Connection(folder.path("db.sqlite"), options: [.readwrite])
        defer { reopened.close() }
        #expect(try reopened.scalar(String.self, "PRAGMA integrity_check") == "ok")
        #expect(try reopened.scalar(String.self, "SELECT group_concat(x) FROM t") == "1")
    }
}
