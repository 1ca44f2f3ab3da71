import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// `close()`: later accesses throw `.misuse`.
@Suite("Concurrency: closing a queue or pool")
struct ConcurrencyCloseTests {
    @Test("every access after close throws .misuse naming the closed database; closing twice does nothing")
    func accessAfterClose() throws {
        let directory = try TemporaryDirectory()
        for writer in try directory.makeWriters("close.sqlite") {
            try writer.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER)") }
            let escaped = try writer.read { $0 }
            try writer.close()
            try writer.close()
            for error in [
                sqliteError { _ = try writer.read { _ in 1 } },
                sqliteError { try writer.write { _ in } },
                sqliteError { try writer.writeWithoutTransaction { _ in } },
                sqliteError { try writer.barrierWriteWithoutTransaction { _ in } }
            ] {
                #expect(error?.category == .misuse)
                #expect(error?.explanation.contains("is closed") == true)
            }
            #expect(escaped.isClosed)
        }
    }

    @Test("async accesses after close throw .misuse")
    func asyncAccessAfterClose() async throws {
        let directory = try TemporaryDirectory()
        for writer in try directory.makeWriters("close.sqlite") {
            try writer.close()
            for result in [
                await Result { _ = try await writer.read { _ in 1 } },
                await Result { try await writer.write { _ in } },
                await Result { try await writer.writeWithoutTransaction { _ in } },
                await Result { try await writer.barrierWriteWithoutTransaction { _ in } }
            ] {
                #expect(sqliteError(result)?.category == .misuse)
                #expect(sqliteError(result)?.explanation.contains("is closed") == true)
            }
        }
    }

    @Test("close waits for a running read, and a read waiting for a reader fails with .misuse")
    func closeWhileReading() throws {
        let directory = try TemporaryDirectory()
        let pool = try directory.makePool("close.sqlite", readers: 1)
        let log = EventLog()
        let reading = DispatchSemaphore(value: 0)
        let finishRead = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            _ = try? pool.read { _ in
                reading.signal()
                finishRead.wait()
                log.record("read ended")
            }
        }
        reading.wait()
        DispatchQueue.global().async(group: group) {
            if sqliteError({ _ = try pool.read { _ in 1 } })?.category == .misuse { log.record("waiting read refused") }
        }
        #expect(waitUntil { pool.waitingReadCount == 1 })
        DispatchQueue.global().async(group: group) {
            try? pool.close()
            log.record("closed")
        }
        // close() has begun and waits for the running read: it must not return before the read ends.
        #expect(waitUntil { pool.isClosing })
        log.record("read released")
        finishRead.signal()
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(log.index(of: "read ended").map { $0 < (log.index(of: "closed") ?? -1) } == true)
        #expect(log.index(of: "read released").map { $0 < (log.index(of: "closed") ?? -1) } == true)
        #expect(log.all.contains("waiting read refused"))
    }
}
