import Foundation
import SlateDataLiteCore
import SlateCoreTestSupport
import Testing

@Suite("Pragmas")
struct PragmaTests {
    @Test("typed pragma properties read and write")
    func typedProperties() throws {
        let directory = try TemporaryDirectory()
        let db = try Connection(directory.path("p.sqlite"))
        db.busyTimeout = 2.5
        #expect(db.busyTimeout == 2.5)
        db.userVersion = 7
        #expect(db.userVersion == 7)
        db.applicationID = 0x534C_4154
        #expect(db.applicationID == 0x534C_4154)
        db.foreignKeys = true
        #expect(db.foreignKeys)
        db.journalMode = .wal
        #expect(db.journalMode == .wal)
        db.synchronous = .normal
        #expect(db.synchronous == .normal)
        #expect(db.lastPropertyError == nil)
    }

    @Test("migrations by userVersion work as the SQLite.swift documentation shows")
    func migrations() throws {
        let db = try Connection()
        if db.userVersion == 0 {
            try db.execute(sql: "CREATE TABLE users (id INTEGER PRIMARY KEY)")
            db.userVersion = 1
        }
        if db.userVersion == 1 {
            try db.execute(sql: "ALTER TABLE users ADD COLUMN email TEXT")
            db.userVersion = 2
        }
        #expect(db.userVersion == 2)
        #expect(try db.prepare(sql: "SELECT * FROM users").columnNames == ["id", "email"])
    }

    @Test("throwing forms report failures; properties record them instead of crashing")
    func failures() throws {
        let db = try Connection()
        // WAL cannot apply to an in-memory database: SQLite keeps "memory".
        let error = sqliteError { try db.setJournalMode(.wal) }
        #expect(error?.explanation.contains("did not take effect") == true)
        db.journalMode = .wal
        #expect(db.lastPropertyError?.explanation.contains("journal_mode") == true)
        #expect(db.journalMode == .memory)

        // foreign_keys is a no-op inside a transaction; that is reported.
        try db.beginTransaction()
        #expect(sqliteError { try db.setForeignKeys(true) } != nil)
        try db.rollbackTransaction()

        #expect(sqliteError { try db.setBusyTimeout(-1) }?.code == SQLITE_MISUSE)
        #expect(sqliteError { try db.setBusyTimeout(.infinity) }?.code == SQLITE_MISUSE)

        db.close()
        #expect(db.userVersion == 0)
        #expect(db.lastPropertyError?.code == SQLITE_MISUSE)
        db.userVersion = 3
        #expect(db.lastPropertyError?.explanation.contains("closed") == true)
    }

    @Test("generic get/set validate the pragma name and never splice it unescaped")
    func genericPragmas() throws {
        let db = try Connection()
        try db.set(pragma: "cache_size", value: -4000)
        #expect(try db.get(pragma: "cache_size") == Int64(-4000))
        try db.set(pragma: .userVersion, value: 12)
        #expect(try db.get(pragma: "main.user_version") == Int32(12))
        #expect(try db.get(pragma: .journalMode) == "memory")
        for bad: Pragma in ["user_version; DROP TABLE x", "", "1abc", "a.b.c", ".x", "user version"] {
            #expect(sqliteError { let _: Int64? = try db.get(pragma: bad) }?.code == SQLITE_MISUSE)
            #expect(sqliteError { try db.set(pragma: bad, value: 1) }?.code == SQLITE_MISUSE)
        }
        #expect(sqliteError { try db.set(pragma: "cache_size", value: Double.nan) }?.code == SQLITE_MISUSE)
    }
}
