// The writer that the crash-loop test (Tests/SlateReliabilityTests/CrashLoop) kills with SIGKILL.
//
// Usage: SlateCrashWriter PATH JOURNAL_MODE SYNCHRONOUS [MAX_TRANSACTIONS]
//
// It opens PATH with Slate, sets the journal mode (wal, delete, truncate, persist) and the
// synchronous level (normal, full), and then commits numbered transactions, continuing after the
// highest number already in the database. Each transaction inserts its number with a payload of a
// few pages and sets a one-row counter to the same number, so a commit that was only half
// applied is visible to the checker. After COMMIT returns, the number is written to standard
// output and flushed: whatever the test read from the pipe was committed. Errors go to standard
// error with exit status 1.
import Foundation
import SlateCore

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SlateCrashWriter: \(message)\n".utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count >= 4 else {
    fail("usage: SlateCrashWriter PATH JOURNAL_MODE SYNCHRONOUS [MAX_TRANSACTIONS]")
}
let path = arguments[1]
let journalMode = arguments[2]
let synchronous = arguments[3]
let maximum = arguments.count > 4 ? Int64(arguments[4]) ?? Int64.max : Int64.max
let allowed: Set<String> = ["wal", "delete", "truncate", "persist", "normal", "full"]
guard allowed.contains(journalMode), allowed.contains(synchronous) else {
    fail("journal mode must be wal, delete, truncate or persist; synchronous normal or full")
}

do {
    let db = try Connection(path: path, options: [.readwrite, .create])
    try db.execute(sql: "PRAGMA journal_mode = \(journalMode)")
    try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
    try db.execute(sql: """
        CREATE TABLE IF NOT EXISTS log(n INTEGER PRIMARY KEY, payload BLOB NOT NULL);
        CREATE TABLE IF NOT EXISTS counter(id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
        INSERT OR IGNORE INTO counter(id, n) VALUES (1, 0);
        """)
    let start = try db.prepare(sql: "SELECT n FROM counter WHERE id = 1")
    guard try start.step() else { fail("the counter row is missing") }
    var number: Int64 = start.columnValue(at: 0) ?? 0
    try start.reset()
    let insert = try db.prepare(sql: "INSERT INTO log(n, payload) VALUES (?, randomblob(?))")
    let update = try db.prepare(sql: "UPDATE counter SET n = ? WHERE id = 1")
    var committed: Int64 = 0
    while committed < maximum {
        number += 1
        // 1 to 3 pages of payload, so commits touch different numbers of pages.
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
        // Printed only after COMMIT returned: the test treats every printed number as durable.
        // One write(2) per line, unbuffered: the line is in the pipe before the next commit.
        FileHandle.standardOutput.write(Data("\(number)\n".utf8))
        committed += 1
    }
} catch {
    fail("\(error)")
}
