import Foundation
import SlateCore
import Testing

/// A flag shared with the interrupting thread.
private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false
    var isStopped: Bool { lock.withLock { stopped } }
    func stop() { lock.withLock { stopped = true } }
}

@Suite("InterruptTests")
struct InterruptTests {
    /// A recursive CTE that would count to a billion: far longer than the test waits.
    private let endlessQuery = """
        WITH RECURSIVE counter(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM counter WHERE x < 1000000000)
        SELECT count(*) FROM counter
        """

    @Test func interruptFromAnotherThreadStopsALongRecursiveQuery() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE kept (x); INSERT INTO kept VALUES (1)")
        let handle = db.interruptHandle
        let flag = StopFlag()
        let finished = DispatchSemaphore(value: 0)
        // sqlite3_interrupt only affects statements that are running (or start before they all
        // finish), so the other thread keeps interrupting until the query has failed.
        Thread.detachNewThread {
            while !flag.isStopped {
                handle.interrupt()
                usleep(1_000)
            }
            finished.signal()
        }
        let error = #expect(throws: SQLiteError.self) { _ = try db.scalar(SQLiteValue.self, endlessQuery) }
        flag.stop()
        finished.wait()
        #expect(error?.code.matches(SQLITE_INTERRUPT) == true)
        #expect(error?.category == .interrupted)

        // The connection is still usable, and its data intact.
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM kept") == 1)
    }

    @Test func interruptHandleIsSharedAndSafeAfterClose() throws {
        let db = try Connection()
        let handle = db.interruptHandle
        #expect(handle === db.interruptHandle)
        #expect(handle.isConnectionOpen)
        handle.interrupt()  // nothing is running: no lasting effect
        #expect(try db.scalar(Int64.self, "SELECT 40 + 2") == 42)
        db.close()
        #expect(!handle.isConnectionOpen)
        handle.interrupt()  // must not touch the closed sqlite3 handle
        let late = db.interruptHandle
        #expect(!late.isConnectionOpen)
        late.interrupt()
    }

    @Test func interruptHandleCanBeSentToATask() async throws {
        let db = try Connection()
        let handle = db.interruptHandle
        let open = await Task.detached { handle.isConnectionOpen }.value
        #expect(open)
        db.close()
        let stillOpen = await Task.detached {
            handle.interrupt()
            return handle.isConnectionOpen
        }.value
        #expect(!stillOpen)
    }
}
