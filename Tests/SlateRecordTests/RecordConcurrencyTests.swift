import Dispatch
import Foundation
import SlateMacros
import SlateTestSupport
import Testing

/// Records share process-wide state: each type's SQL (`RecordStatements`) and each layout's
/// column indexes (`ColumnLayoutCache`), read from any thread. Run under ThreadSanitizer by
/// `.ci/sanitizers.sh thread` (the suite name matches its filter).
@Suite("Record concurrency: shared caches")
struct RecordConcurrencyTests {
    @Test func copiedRowsDecodeOnManyThreads() throws {
        let db = try Connection(.inMemory)
        try Player.createTable(db)
        for id in 1...50 { try Player(id: Int64(id), name: "p\(id)", score: id % 3 == 0 ? nil : Int64(id)).insert(db) }
        // Columns in another order: every decode looks its indexes up in the shared layout cache.
        let rows = try db.prepare(sql: "SELECT score, name, id FROM players ORDER BY id").rows()
        let expected = try Player.all().order { $0.id }.fetchAll(db)
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for (row, player) in zip(rows, expected) {
                guard let decoded = try? row.decode(as: Player.self), decoded == player else {
                    failures.increment()
                    continue
                }
            }
        }
        #expect(failures.value == 0)
    }

    @Test func connectionsOnManyThreadsShareTheRecordSQL() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("players.sqlite")
        let setUp = try Connection(.uri(path))
        try setUp.execute(sql: "PRAGMA journal_mode = WAL")
        try Player.createTable(setUp)
        let failures = LockedCounter()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            do {
                let db = try Connection(.uri(path))
                try db.setBusyTimeout(10)
                for index in 0..<20 {
                    try Player(id: Int64(thread * 100 + index), name: "t\(thread)", score: nil).insert(db)
                    _ = try Player.fetchOne(db, key: Int64(thread * 100 + index))
                }
            } catch {
                failures.increment()
            }
        }
        #expect(failures.value == 0)
        #expect(try Player.fetchCount(setUp) == 80)
    }
}

/// A counter shared by threads.
final class LockedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}
