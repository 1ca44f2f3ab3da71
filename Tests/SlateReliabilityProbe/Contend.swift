// `SlateReliabilityProbe contend`: one of two processes writing the same file, for the
// two-process contention test (Tests/SlateReliabilityTests/Contention).
//
// Usage: SlateReliabilityProbe contend PATH queue|pool TRANSACTIONS
//
// It opens PATH with a DatabaseQueue or DatabasePool and the default Configuration, then runs
// TRANSACTIONS writes (each increments a shared counter and logs a row) with a read after each,
// and prints one line: `commits=N busy=N other=N`. A BUSY error is one that reached the caller
// despite the busy timeout and the retry policy: the test expects none.
import Foundation
import SlateCore

func contend(_ arguments: [String]) throws {
    guard arguments.count == 3, let transactions = Int(arguments[2]) else {
        fail("usage: SlateReliabilityProbe contend PATH queue|pool TRANSACTIONS")
    }
    let path = arguments[0]
    let writer: any DatabaseWriter
    switch arguments[1] {
    case "queue": writer = try DatabaseQueue(path: path)
    case "pool": writer = try DatabasePool(path: path)
    default: fail("contend: the kind is queue or pool, not \(arguments[1])")
    }
    var commits = 0, busy = 0, other = 0
    let pid = Int64(ProcessInfo.processInfo.processIdentifier)
    for _ in 0..<transactions {
        do {
            try writer.write { db in
                try db.execute(sql: "UPDATE counter SET n = n + 1")
                try db.run("INSERT INTO log (pid) VALUES (?)", pid)
            }
            commits += 1
            _ = try writer.read { db in try db.scalar(Int.self, "SELECT n FROM counter") }
        } catch let error as SQLiteError where error.isTransient {
            busy += 1
        } catch {
            other += 1
            FileHandle.standardError.write(Data("contend: \(error)\n".utf8))
        }
    }
    print("commits=\(commits) busy=\(busy) other=\(other)")
}
