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
