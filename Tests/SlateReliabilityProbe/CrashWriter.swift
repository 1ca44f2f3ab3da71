// `SlateReliabilityProbe write`: the writer that the crash-loop test
// (Tests/SlateReliabilityTests/CrashLoop) kills with SIGKILL.
//
// Usage: SlateReliabilityProbe write PATH JOURNAL_MODE SYNCHRONOUS [MAX_TRANSACTIONS]
//
// It opens PATH with Slate, sets the journal mode (wal, delete, truncate, persist) and the
// synchronous level (normal, full), and then commits numbered transactions, continuing after the
// highest number already in the database. Each transaction inserts its number with a payload of
// one to three pages and sets a one-row counter to the same number, so a commit that was only
// half applied is visible to the checker. After COMMIT returns, the number is written to standard
// output in one unbuffered write: whatever the test read from the pipe was committed.
import Foundation
import SlateCore

func crashWriter(_ arguments: [String]) throws {
    guard arguments.count >= 3 else {
        fail("usage: SlateReliabilityProbe write PATH JOURNAL_MODE SYNCHRONOUS [MAX_TRANSACTIONS]")
    }
    let path = arguments[0]
    let journalMode = arguments[1]
    let synchronous = arguments[2]
    let maximum = arguments.count > 3 ? Int64(arguments[3]) ?? Int64.max : Int64.max
    guard ["wal", "delete", "truncate", "persist"].contains(journalMode), ["normal", "full"].contains(synchronous) else {
        fail("journal mode must be wal, delete, truncate or persist; synchronous normal or full")
    }

    let db = try Connection(path, options: [.readwrite, .create])
    // Another kill may have left a hot journal: recovering it may wait for nobody, but never fail.
    try db.execute(sql: "PRAGMA busy_timeout = 5000")
    try db.execute(sql: "PRAGMA journal_mode = \(journalMode)")
    try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
    try db.execute(
        sql: """
            CREATE TABLE IF NOT EXISTS log(n INTEGER PRIMARY KEY, payload BLOB NOT NULL);
            CREATE TABLE IF NOT EXISTS counter(id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
            INSERT OR IGNORE INTO counter(id, n) VALUES (1, 0);
            """)
    var number = try db.scalar(Int64.self, "SELECT n FROM counter WHERE id = 1") ?? 0
    let insert = try db.prepare(sql: "INSERT INTO log(n, payload) VALUES (?, randomblob(?))")
    let update = try db.prepare(sql: "UPDATE counter SET n = ? WHERE id = 1")
    var committed: Int64 = 0
    while committed < maximum {
        number += 1
        let payloadSize = Int64(1_000 + (number % 3) * 4_000)
        try db.transaction(.immediate) {
            try insert.bind(number, at: 1)
            try insert.bind(payloadSize, at: 2)
            _ = try insert.step()
            try insert.reset()
            try update.bind(number, at: 1)
            _ = try update.step()
            try update.reset()
        }
        // Written only after COMMIT returned: the test treats every number it reads as durable.
        FileHandle.standardOutput.write(Data("\(number)\n".utf8))
        committed += 1
    }
}
