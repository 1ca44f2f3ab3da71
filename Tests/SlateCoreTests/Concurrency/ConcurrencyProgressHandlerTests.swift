import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Issue 21, item 9: an async access checks its cancellation from the progress handler without
/// clobbering the one the user installed.
@Suite("Concurrency: progress handlers and async accesses")
struct ConcurrencyProgressHandlerTests {
    static let counting = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < 20000) SELECT count(*) FROM c"

    @Test("a progress handler set with progressHandler(every:_:) runs during and after async accesses", arguments: WriterKind.allCases)
    func userHandlerSurvives(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let calls = FetchCounter()
        var configuration = Configuration()
        configuration.maximumReaderCount = 1  // the sync read below uses the async one's reader
        configuration.prepareDatabase { db in
            db.progressHandler(every: 100) {
                calls.increment()
                return false
            }
        }
        let path = directory.path("progress.sqlite")
        let writer: any DatabaseWriter =
            kind == .queue
            ? try DatabaseQueue(path: path, configuration: configuration)
            : try DatabasePool(path: path, configuration: configuration)
        let counting = Self.counting
        #expect(try await writer.read { db in try db.scalar(Int.self, counting) } == 20000)
        let duringAsync = calls.value
        #expect(duringAsync > 0, "the async read replaced the handler (\(kind))")
        #expect(try Self.blockingRead(writer) == 20000)
        #expect(calls.value > duringAsync, "the async read cleared the handler (\(kind))")
    }

    @Test(
        "a progress handler installed through sqlite3_progress_handler runs after async reads and writes",
        arguments: WriterKind.allCases)
    func cHandlerSurvives(kind: WriterKind) async throws {
        // Issue 30, item 9: SQLite has one progress handler slot, and no way to read it back; an
        // async access that borrowed it for its cancellation lost the user's handler.
        let directory = try TemporaryDirectory()
        let calls = FetchCounter()
        var configuration = Configuration()
        configuration.maximumReaderCount = 1  // every read uses the one reader
        configuration.prepareDatabase { db in
            sqlite3_progress_handler(
                db.sqliteHandle, 100,
                { context in
                    guard let context else { return 0 }
                    Unmanaged<FetchCounter>.fromOpaque(context).takeUnretainedValue().increment()
                    return 0
                }, Unmanaged.passUnretained(calls).toOpaque())
        }
        let path = directory.path("progress.sqlite")
        let writer: any DatabaseWriter =
            kind == .queue
            ? try DatabaseQueue(path: path, configuration: configuration)
            : try DatabasePool(path: path, configuration: configuration)
        let counting = Self.counting
        #expect(try Self.blockingRead(writer) == 20000)
        let before = calls.value
        #expect(before > 0)
        // An async access of each kind, then a blocking read on the same connection.
        try await writer.write { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (x)") }
        #expect(try Self.blockingRead(writer) == 20000)
        let afterWrite = calls.value
        #expect(afterWrite > before, "the async write removed the handler (\(kind))")
        #expect(try await writer.read { db in try db.scalar(Int.self, counting) } == 20000)
        #expect(calls.value > afterWrite, "the async read replaced the handler (\(kind))")
        let afterRead = calls.value
        #expect(try Self.blockingRead(writer) == 20000)
        #expect(calls.value > afterRead, "the async read removed the handler (\(kind))")
        withExtendedLifetime(calls) {}
    }

    @Test("a progress handler that returns true interrupts the statement")
    func userHandlerInterrupts() throws {
        let db = try Connection()
        db.progressHandler(every: 10) { true }
        #expect(throws: SQLiteError.self) { try db.scalar(Int.self, Self.counting) }
        db.progressHandler(nil)
        #expect(try db.scalar(Int.self, Self.counting) == 20000)
    }

    static func blockingRead(_ writer: any DatabaseWriter) throws -> Int? {
        try writer.read { db in try db.scalar(Int.self, counting) }
    }
}
