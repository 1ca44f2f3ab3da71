import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

private func makeFiles() throws -> Connection {
    try inMemoryDatabase(
        """
        CREATE TABLE files (id INTEGER PRIMARY KEY, name TEXT, content BLOB);
        INSERT INTO files VALUES (1, 'one', zeroblob(16)), (2, 'two', x'0102030405'), (3, 'none', NULL);
        """)
}

private func content(_ db: Connection, row: Int64) throws -> Data? {
    try db.scalar(Data.self, "SELECT content FROM files WHERE id = ?", row)
}

@Suite("BlobHandleTests")
struct BlobHandleTests {
    @Test func writesAndReadsInPlace() throws {
        let db = try makeFiles()
        let blob = try db.openBlob(table: "files", column: "content", row: 1)
        #expect(blob.count == 16)
        #expect(blob.row == 1)
        try blob.write(Data([0xCA, 0xFE]), at: 4)
        try blob.write(Data("end!".utf8), at: 12)
        #expect(try blob.read(count: 2, at: 4) == Data([0xCA, 0xFE]))
        #expect(try blob.read(at: 12) == Data("end!".utf8))
        #expect(try blob.read().count == 16)
        #expect(try blob.read(count: 0, at: 16).isEmpty)
        try blob.close()
        #expect(blob.isClosed)
        let stored = try #require(try content(db, row: 1))
        #expect(stored.count == 16)
        #expect(stored[4] == 0xCA && stored[5] == 0xFE)
        #expect(stored.suffix(4) == Data("end!".utf8))
    }

    @Test func writingPastTheEndFailsAndLeavesTheValueIntact() throws {
        let db = try makeFiles()
        let blob = try db.openBlob(table: "files", column: "content", row: 2)
        let error = #expect(throws: SQLiteError.self) { try blob.write(Data([9, 9, 9]), at: 3) }
        #expect(error?.code.matches(SQLITE_RANGE) == true)
        #expect(error?.explanation.contains("the blob holds 5 bytes") == true)
        #expect(error?.explanation.contains("zeroblob") == true)
        #expect(throws: SQLiteError.self) { try blob.write(Data([1]), at: -1) }
        let readError = #expect(throws: SQLiteError.self) { try blob.read(count: 10, at: 0) }
        #expect(readError?.code.matches(SQLITE_RANGE) == true)
        try blob.close()
        #expect(try content(db, row: 2) == Data([1, 2, 3, 4, 5]))
    }

    @Test func readOnlyHandlesRefuseWrites() throws {
        let db = try makeFiles()
        let blob = try db.openBlob(table: "files", column: "content", row: 2, readOnly: true)
        #expect(blob.isReadOnly)
        #expect(try blob.read() == Data([1, 2, 3, 4, 5]))
        let error = #expect(throws: SQLiteError.self) { try blob.write(Data([0]), at: 0) }
        #expect(error?.category == .readOnly)
        #expect(try content(db, row: 2) == Data([1, 2, 3, 4, 5]))
    }

    @Test func reopenMovesToAnotherRow() throws {
        let db = try makeFiles()
        let blob = try db.openBlob(table: "files", column: "content", row: 1)
        try blob.reopen(row: 2)
        #expect(blob.row == 2)
        #expect(blob.count == 5)
        #expect(try blob.read(count: 1, at: 4) == Data([5]))
        let missing = #expect(throws: SQLiteError.self) { try blob.reopen(row: 99) }
        #expect(missing?.explanation.contains("row 99") == true)
        #expect(blob.row == 2)
        // SQLite aborts a handle whose reopen failed: every later call says so.
        #expect(blob.isExpired)
        let expired = #expect(throws: SQLiteError.self) { try blob.read(count: 0) }
        #expect(expired?.code.matches(SQLITE_ABORT) == true)
        #expect(expired?.explanation.contains("expired") == true)
        #expect(throws: SQLiteError.self) { try blob.reopen(row: 1) }
        let fresh = try db.openBlob(table: "files", column: "content", row: 1)
        #expect(fresh.count == 16)
    }

    @Test func openingFailsForMissingRowsTablesColumnsAndNulls() throws {
        let db = try makeFiles()
        let row = #expect(throws: SQLiteError.self) { try db.openBlob(table: "files", column: "content", row: 42) }
        #expect(row?.explanation.contains("no such rowid") == true)
        let table = #expect(throws: SQLiteError.self) { try db.openBlob(table: "nope", column: "content", row: 1) }
        #expect(table?.explanation.contains("no such table") == true)
        let column = #expect(throws: SQLiteError.self) { try db.openBlob(table: "files", column: "nope", row: 1) }
        #expect(column?.explanation.contains("no such column") == true)
        let null = #expect(throws: SQLiteError.self) { try db.openBlob(table: "files", column: "content", row: 3) }
        #expect(null?.explanation.contains("null") == true)
    }

    @Test func aChangedRowExpiresTheHandle() throws {
        let db = try makeFiles()
        let blob = try db.openBlob(table: "files", column: "content", row: 2)
        try db.run("UPDATE files SET content = x'AABB' WHERE id = 2")
        #expect(!blob.isExpired)  // SQLite notices at the next call
        let error = #expect(throws: SQLiteError.self) { try blob.read(count: 0) }
        #expect(error?.code.matches(SQLITE_ABORT) == true)
        #expect(error?.category == .interrupted)
        #expect(error?.explanation.contains("changed or deleted") == true)
        #expect(blob.isExpired)
        #expect(throws: SQLiteError.self) { try blob.write(Data([1]), at: 0) }
        #expect(try db.openBlob(table: "files", column: "content", row: 2).read() == Data([0xAA, 0xBB]))
    }

    @Test func handlesFailClearlyOnceClosed() throws {
        let db = try makeFiles()
        let blob = try db.openBlob(table: "files", column: "content", row: 1)
        try blob.close()
        try blob.close()
        let closedHandle = #expect(throws: SQLiteError.self) { try blob.read() }
        #expect(closedHandle?.explanation.contains("blob handle is closed") == true)

        let other = try db.openBlob(table: "files", column: "content", row: 2)
        db.close()
        let closedConnection = #expect(throws: SQLiteError.self) { try other.write(Data([0]), at: 0) }
        #expect(closedConnection?.code.matches(SQLITE_MISUSE) == true)
        try other.close()
        #expect(throws: SQLiteError.self) { try db.openBlob(table: "files", column: "content", row: 1) }
    }
}
