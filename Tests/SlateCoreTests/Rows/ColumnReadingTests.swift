import Foundation
import SlateCore
import Testing

/// The typed reads of integers, Bool and floating-point numbers look the column up once
/// (`sqlite3_column_value`) instead of twice; these tests pin that they convert exactly as before.
@Suite("Column read fast path")
struct ColumnReadingTests {
    /// One row whose columns hold every storage class an integer read must handle.
    private func row(_ db: Connection) throws -> Cursor {
        try db.execute(
            sql: """
                CREATE TABLE t (i INTEGER, r REAL, half REAL, t TEXT, b BLOB, n INTEGER, big INTEGER, huge TEXT,
                                one INTEGER, two INTEGER, minimum INTEGER, maximum INTEGER);
                INSERT INTO t VALUES (42, 7.0, 2.5, '12', x'01', NULL, 300, '18446744073709551615',
                                      1, 2, -9223372036854775808, 9223372036854775807);
                """)
        let cursor = try db.cursor("SELECT * FROM t")
        return cursor
    }

    /// The primary result code of the `SQLiteError` a read throws, or `nil` when it does not throw.
    private func failure(_ body: () throws -> Void) -> Int32? {
        do {
            try body()
            return nil
        } catch let error as SQLiteError {
            return error.code.primary
        } catch {
            return -1
        }
    }

    @Test("integers read INTEGER and integral REAL exactly; everything else is a mismatch")
    func integers() throws {
        let db = try Connection()
        let cursor = try row(db)
        let row = try #require(try cursor.next())
        #expect(try row.get(0, as: Int64.self) == 42)
        #expect(try row.get(0, as: Int8.self) == 42)
        #expect(try row.get(1, as: Int.self) == 7)
        #expect(try row.get(10, as: Int64.self) == Int64.min)
        #expect(try row.get(11, as: Int64.self) == Int64.max)
        #expect(try row.get(11, as: UInt64.self) == UInt64(Int64.max))
        #expect(try row.get(7, as: UInt64.self) == UInt64.max)
        #expect(failure { _ = try row.get(2, as: Int64.self) } == SQLITE_MISMATCH)  // 2.5
        #expect(failure { _ = try row.get(3, as: Int64.self) } == SQLITE_MISMATCH)  // '12' is TEXT
        #expect(failure { _ = try row.get(4, as: Int64.self) } == SQLITE_MISMATCH)  // BLOB
        #expect(failure { _ = try row.get(5, as: Int64.self) } == SQLITE_MISMATCH)  // NULL
        #expect(failure { _ = try row.get(6, as: Int8.self) } == SQLITE_MISMATCH)  // 300
        #expect(failure { _ = try row.get(10, as: UInt64.self) } == SQLITE_MISMATCH)  // negative
        #expect(failure { _ = try row.get(12, as: Int64.self) } == SQLITE_RANGE)
        #expect(failure { _ = try row.get(-1, as: Int64.self) } == SQLITE_RANGE)
    }

    @Test("optionals read NULL as nil and still reject values that do not convert")
    func optionals() throws {
        let db = try Connection()
        let cursor = try row(db)
        let row = try #require(try cursor.next())
        #expect(try row.get(5, as: Int64?.self) == nil)
        #expect(try row.get(0, as: Int64?.self) == 42)
        #expect(try row.get(5, as: Double?.self) == nil)
        #expect(try row.get(5, as: Bool?.self) == nil)
        #expect(failure { _ = try row.get(2, as: Int?.self) } == SQLITE_MISMATCH)
    }

    @Test("Bool reads only INTEGER 0 and 1")
    func bools() throws {
        let db = try Connection()
        let cursor = try row(db)
        let row = try #require(try cursor.next())
        #expect(try row.get(8, as: Bool.self) == true)
        #expect(failure { _ = try row.get(9, as: Bool.self) } == SQLITE_MISMATCH)  // 2
        #expect(failure { _ = try row.get(1, as: Bool.self) } == SQLITE_MISMATCH)  // REAL 7.0
        #expect(failure { _ = try row.get(5, as: Bool.self) } == SQLITE_MISMATCH)  // NULL
    }

    @Test("Double and Float read REAL and INTEGER, not TEXT, BLOB or NULL")
    func floatingPoint() throws {
        let db = try Connection()
        let cursor = try row(db)
        let row = try #require(try cursor.next())
        #expect(try row.get(2, as: Double.self) == 2.5)
        #expect(try row.get(0, as: Double.self) == 42)
        #expect(try row.get(11, as: Double.self) == Double(Int64.max))
        #expect(try row.get(2, as: Float.self) == 2.5)
        #expect(failure { _ = try row.get(3, as: Double.self) } == SQLITE_MISMATCH)
        #expect(failure { _ = try row.get(4, as: Double.self) } == SQLITE_MISMATCH)
        #expect(failure { _ = try row.get(5, as: Double.self) } == SQLITE_MISMATCH)
    }

    @Test("reading a column as text first does not change how it reads as a number, and the reverse")
    func mixedReadsOfOneColumn() throws {
        let db = try Connection()
        let cursor = try row(db)
        let row = try #require(try cursor.next())
        // sqlite3_column_text adds a text form to the INTEGER value; it must still read as 42.
        #expect(row[0] == .int(42))
        #expect(try row.get(0, as: Int64.self) == 42)
        #expect(row[0] == .int(42))
        #expect(try row.get(0, as: Int64.self) == 42)
        // Reading '12' (TEXT) as a number fails and leaves it TEXT.
        #expect(failure { _ = try row.get(3, as: Int64.self) } == SQLITE_MISMATCH)
        #expect(try row.get(3, as: String.self) == "12")
        #expect(row[3] == .text("12"))
    }

    @Test("every row of a multi-row cursor reads its own values")
    func manyRows() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE n (v INTEGER, x REAL);
                WITH RECURSIVE c(k) AS (SELECT 0 UNION ALL SELECT k + 1 FROM c WHERE k < 999)
                INSERT INTO n SELECT CASE WHEN k % 10 = 0 THEN NULL ELSE k * 1000003 END, k / 4.0 FROM c;
                """)
        let cursor = try db.cursor("SELECT v, x FROM n ORDER BY rowid")
        var k: Int64 = 0
        while let row = try cursor.next() {
            #expect(try row.get(0, as: Int64?.self) == (k % 10 == 0 ? nil : k * 1_000_003))
            #expect(try row.get(1, as: Double.self) == Double(k) / 4)
            k += 1
        }
        #expect(k == 1000)
    }

    @Test("a closed connection's statement refuses to step, and reads after close fail cleanly")
    func closedConnection() throws {
        let db = try Connection()
        let cursor = try row(db)
        _ = try #require(try cursor.next())
        db.close()
        #expect(failure { _ = try cursor.next() } == SQLITE_MISUSE)
    }

    @Test("by-name reads find the first column of a name, in any order, whatever the last read was")
    func byNameGuess() throws {
        let db = try Connection()
        let cursor = try db.cursor("SELECT 1 AS id, 2 AS id, 3 AS x, 4 AS Y UNION ALL SELECT 5, 6, 7, 8")
        var rows = 0
        while let row = try cursor.next() {
            let base = Int64(rows * 4)
            // After "id" (column 0) the guess is column 1, also spelled "id": the first must win.
            #expect(try row.get("id", as: Int64.self) == base + 1)
            #expect(try row.get("id", as: Int64.self) == base + 1)
            #expect(try row.get("x", as: Int64.self) == base + 3)
            #expect(try row.get("y", as: Int64.self) == base + 4)  // case-insensitive fallback
            #expect(try row.get("Y", as: Int64.self) == base + 4)
            #expect(try row.get("x", as: Int64.self) == base + 3)  // out of order
            #expect(try row.get("ID", as: Int64.self) == base + 1)
            #expect(failure { _ = try row.get("missing", as: Int64.self) } == SQLITE_RANGE)
            #expect(try row.get("x", as: Int64.self) == base + 3)
            rows += 1
        }
        #expect(rows == 2)
    }
}
