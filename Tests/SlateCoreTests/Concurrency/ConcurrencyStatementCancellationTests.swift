import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Issue 21, item 1: a cancelled async access stops at its next statement, however short the
/// statements are (each runs far fewer VM steps than the progress handler's period).
@Suite("Concurrency: cancellation between short statements")
struct ConcurrencyStatementCancellationTests {
    /// The access kinds under test.
    enum Access: String, CaseIterable, CustomStringConvertible {
        case write, read, writeWithoutTransaction
        var description: String { rawValue }
    }

    /// Runs up to `total` single-row statements in an async access, cancels its task after the
    /// 100th, and returns how many statements ran and what the access threw.
    static func run(
        _ access: Access, in writer: any DatabaseWriter, total: Int = 3000, prepared: Bool
    ) async -> (ran: Int, error: (any Error)?) {
        let reached = DispatchSemaphore(value: 0)
        let resume = DispatchSemaphore(value: 0)
        let counter = EventLog()
        let body: @Sendable (Connection) throws -> Void = { db in
            for index in 0..<total {
                if index == 100 {
                    reached.signal()
                    resume.wait()  // the task is cancelled meanwhile, with no statement running
                }
                counter.record("statement")
                switch (access, prepared) {
                case (.read, _): _ = try db.scalar(Int.self, "SELECT ?", index)
                case (_, true): try db.run("INSERT INTO t VALUES (?)", index)
                case (_, false): try db.execute(sql: "INSERT INTO t VALUES (\(index))")
                }
            }
        }
        let task = Task {
            switch access {
            case .write: try await writer.write(body)
            case .read: try await writer.read(body)
            case .writeWithoutTransaction: try await writer.writeWithoutTransaction(body)
            }
        }
        await ConcurrencyCancellationTests.wait(reached)
        task.cancel()
        resume.signal()
        do {
            try await task.value
            return (counter.all.count, nil)
        } catch {
            return (counter.all.count, error)
        }
    }

    @Test(
        "a cancelled access runs no statement after the cancellation and throws CancellationError",
        arguments: Access.allCases, [false, true])
    func stopsAtTheNextStatement(access: Access, prepared: Bool) async throws {
        let directory = try TemporaryDirectory()
        for writer in try directory.makeWriters("cancel.sqlite", readers: 2, schema: "CREATE TABLE t (x INTEGER)") {
            let (ran, error) = await Self.run(access, in: writer, prepared: prepared)
            // Statement 101 was attempted (and refused): none after it ran.
            #expect(ran == 101, "\(writer) \(access)")
            #expect(error is CancellationError, "\(writer) \(access): \(String(describing: error))")
            let rows = try await writer.read { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1 }
            // A write rolls back; without a transaction, the statements before the cancellation stay.
            #expect(rows == (access == .writeWithoutTransaction ? 100 : 0), "\(writer) \(access)")
            // The connection works again for the next access.
            try await writer.write { db in try db.execute(sql: "DELETE FROM t") }
            #expect(try await writer.read { db in try db.scalar(Int.self, "SELECT 1") } == 1)
        }
    }
}
