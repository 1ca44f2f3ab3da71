import Foundation
import SlateSQLiteSwift
import SlateCoreTestSupport
import Testing

/// The WAL pragmas and SQLite.swift's spellings of them (`enableWAL`, `walAutoCheckpoint`,
/// `walCheckpoint`, `init(_:readonly:journalMode:)`), as its Connection+PragmaTests use them.
@Suite("WAL pragmas")
struct WALPragmaTests {
    @Test("enableWAL turns on WAL with synchronous NORMAL, and returns the mode SQLite kept otherwise")
    func enableWAL() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(directory.path("w.sqlite"))
        #expect(try db.enableWAL() == .wal)
        #expect(try db.enableWAL() == .wal)  // idempotent
        #expect(try db.getJournalMode() == .wal)
        #expect(try db.getSynchronous() == .normal)

        let memory = try Connection()
        try memory.setSynchronous(.full)
        #expect(try memory.enableWAL() == .memory)  // not an error: the caller checks the result
        #expect(try memory.getSynchronous() == .full)
        memory.close()
        #expect(sqliteError { try memory.enableWAL() } != nil)
    }

    @Test("wal_autocheckpoint reads and writes; a non-positive value turns it off and reads 0")
    func walAutoCheckpoint() throws {
        let db = try Connection()
        #expect(try db.getWALAutoCheckpoint() == 1000)
        db.walAutoCheckpoint = 500
        #expect(db.walAutoCheckpoint == 500)
        try db.setWALAutoCheckpoint(-3)
        #expect(try db.getWALAutoCheckpoint() == 0)
        #expect(db.lastPropertyError == nil)
        db.close()
        db.walAutoCheckpoint = 10
        #expect(db.lastPropertyError != nil)
    }

    @Test("checkpoint reports -1 outside WAL mode, frame counts in it, and errors for a bad schema")
    func checkpoint() throws {
        let memory = try Connection()
        let outside = try memory.walCheckpoint()
        #expect(outside == (busy: false, log: -1, checkpointed: -1))

        let directory = try TemporaryDirectory()
        let db = try Connection(directory.path("c.sqlite"))
        try db.enableWAL()
        db.walAutoCheckpoint = 0  // keep the frames in the log until the explicit checkpoint
        try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        let result = try db.checkpoint()
        #expect(result.walFrameCount > 0)
        #expect(result.checkpointedFrameCount == result.walFrameCount)
        // TRUNCATE empties the log, and reports the empty log.
        let truncated = try db.checkpoint(.truncate, database: "main")
        #expect(truncated.walFrameCount == 0 && truncated.checkpointedFrameCount == 0)
        #expect(try memory.checkpoint() == CheckpointResult(walFrameCount: 0, checkpointedFrameCount: 0))

        let error = sqliteError { try db.checkpoint(database: "nowhere") }
        #expect(error?.code.primary == SQLITE_ERROR)
        #expect(try db.prepare(sql: "SELECT count(*) FROM t").cursor().next()?.get(0, as: Int.self) == 2)
        db.close()
        #expect(sqliteError { try db.walCheckpoint() } != nil)
    }

    @Test("init(journalMode:) applies to files and skips memory, temporary and read-only databases")
    func initJournalMode() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("i.sqlite")
        let wal = try Connection(path, journalMode: .wal)
        #expect(try wal.getJournalMode() == .wal)
        #expect(try wal.getSynchronous() == .normal)
        wal.close()

        let truncate = try Connection(directory.path("t.sqlite"), journalMode: .truncate)
        #expect(try truncate.getJournalMode() == .truncate)
        #expect(try Connection(.inMemory, journalMode: .wal).getJournalMode() == .memory)
        #expect(try Connection(.temporary, journalMode: .wal).getJournalMode() != .wal)

        let other = directory.path("r.sqlite")
        _ = try Connection(other)
        #expect(try Connection(other, readonly: true, journalMode: .wal).getJournalMode() != .wal)
        let uri = try Connection(.uri(other, parameters: [.mode(.readOnly)]), journalMode: .wal)
        #expect(uri.readonly)
        #expect(try uri.getJournalMode() != .wal)
    }
}
