import Dispatch
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Bounded stress runs (a few seconds each): invariants hold under contention.
@Suite("Concurrency: stress")
struct ConcurrencyStressTests {
    @Test("8 readers and 1 writer on a pool: every read sees a consistent snapshot")
    func readersAndWriter() throws {
        let directory = try TemporaryDirectory()
        let pool = try directory.makePool("stress.sqlite", readers: 8)
        // Money moves between 10 accounts; the total is always 1000, and every transfer is logged.
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE account (id INTEGER PRIMARY KEY, balance INTEGER); CREATE TABLE transfer (id INTEGER PRIMARY KEY)")
            for id in 1...10 { try db.run("INSERT INTO account VALUES (?, 100)", id) }
        }
        let deadline = Date().addingTimeInterval(2)
        let stats = EventLog()
        DispatchQueue.concurrentPerform(iterations: 9) { index in
            var reads = 0
            var inconsistent = 0
            var writes = 0
            while Date() < deadline {
                if index == 0 {
                    let from = Int.random(in: 1...10), to = Int.random(in: 1...10), amount = Int.random(in: 1...20)
                    do {
                        try pool.write { db in
                            try db.run("UPDATE account SET balance = balance - ? WHERE id = ?", amount, from)
                            try db.run("UPDATE account SET balance = balance + ? WHERE id = ?", amount, to)
                            try db.run("INSERT INTO transfer DEFAULT VALUES")
                        }
                        writes += 1
                    } catch {
                        stats.record("write error \(error)")
                    }
                } else {
                    do {
                        let (total, first, second) = try pool.read { db -> (Int?, Int?, Int?) in
                            let first = try db.scalar(Int.self, "SELECT count(*) FROM transfer")
                            let total = try db.scalar(Int.self, "SELECT sum(balance) FROM account")
                            let second = try db.scalar(Int.self, "SELECT count(*) FROM transfer")
                            return (total, first, second)
                        }
                        reads += 1
                        if total != 1000 || first != second { inconsistent += 1 }
                    } catch {
                        stats.record("read error \(error)")
                    }
                }
            }
            stats.record(index == 0 ? "writes \(writes)" : "reads \(reads) inconsistent \(inconsistent)")
        }
        let all = stats.all
        #expect(!all.contains { $0.contains("error") }, "\(all)")
        #expect(all.filter { $0.hasPrefix("reads") }.allSatisfy { $0.hasSuffix("inconsistent 0") }, "\(all)")
        #expect(all.contains { $0.hasPrefix("writes") && $0 != "writes 0" })
        #expect(try pool.read { db in try db.scalar(Int.self, "SELECT sum(balance) FROM account") } == 1000)
    }

    @Test("a queue under many threads and tasks: reads are consistent while another connection writes")
    func queueReadsWhileAnotherConnectionWrites() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("queue-stress.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in try db.execute(sql: "CREATE TABLE pair (a INTEGER, b INTEGER); INSERT INTO pair VALUES (0, 0)") }
        let writer = try DatabaseQueue(path: path)
        let deadline = Date().addingTimeInterval(1.5)
        let stats = EventLog()
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            var inconsistent = 0
            while Date() < deadline {
                if index == 0 {
                    do {
                        try writer.write { db in
                            try db.execute(sql: "UPDATE pair SET a = a + 1")
                            try db.execute(sql: "UPDATE pair SET b = b + 1")
                        }
                    } catch { stats.record("write error \(error)") }
                } else {
                    do {
                        let (a, b) = try queue.read { db in
                            (try db.scalar(Int.self, "SELECT a FROM pair"), try db.scalar(Int.self, "SELECT b FROM pair"))
                        }
                        if a != b { inconsistent += 1 }
                    } catch { stats.record("read error \(error)") }
                }
            }
            if inconsistent > 0 { stats.record("inconsistent \(inconsistent)") }
        }
        #expect(stats.all.isEmpty, "\(stats.all)")
    }
}
