import SlateCore
import SlateCoreTestSupport
import Testing

/// W1's read paths (`Cursor` + `RowView.get(Int32)`, `Cursor.forEach`, and DataLiteCore's
/// `step()` + `columnValue(at:) as Int64?`) take an INTEGER-first shortcut; these tests pin what
/// each of them must still do: strict types, errors after close and outside a lent access, and
/// iterators that stay ended.
@Suite("Integer read paths")
struct IntegerReadPathTests {
    /// One row: INTEGER, integral REAL, fractional REAL, numeric TEXT, TEXT, BLOB, NULL.
    private static func database() throws -> Connection {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE t (i, r, h, nt, tx, b, n);
                INSERT INTO t VALUES (42, 3.0, 3.5, '12', 'abc', x'3132', NULL);
                """)
        return db
    }

    @Test("columnValue(at:) as Int64? reads INTEGER and integral REAL, and nil for anything else")
    func dataLiteCoreColumnValue() throws {
        let db = try Self.database()
        let statement = try db.prepare(sql: "SELECT * FROM t")
        #expect(try statement.step())
        #expect(statement.columnValue(at: 0, as: Int64.self) == 42)
        #expect(statement.columnValue(at: 1, as: Int64.self) == 3)
        #expect(statement.columnValue(at: 2, as: Int64.self) == nil)  // 3.5
        #expect(statement.columnValue(at: 3, as: Int64.self) == nil)  // '12' is TEXT, not 12
        #expect(statement.columnValue(at: 4, as: Int64.self) == nil)  // not 0
        #expect(statement.columnValue(at: 5, as: Int64.self) == nil)  // a BLOB of digits
        #expect(statement.columnValue(at: 6, as: Int64.self) == nil)  // NULL, not 0
        #expect(statement.columnValue(at: 7, as: Int64.self) == nil)  // out of range
        #expect(statement.columnValue(at: -1, as: Int64.self) == nil)
        #expect(statement.columnValue(at: 1, as: Int32.self) == 3)
        #expect(statement.columnValue(at: 2, as: Int.self) == nil)
        #expect(try !statement.step())
    }

    @Test("RowView.get(Int32) as Int64 throws for REAL 3.5, TEXT, BLOB, NULL and a bad index, through next() and forEach")
    func rowViewStrictness() throws {
        let db = try Self.database()
        for walk in 0..<2 {
            let cursor = try db.cursor("SELECT * FROM t")
            var rows = 0
            let check: (RowView) throws -> Void = { row in
                rows += 1
                let integer = try row.get(0, as: Int64.self)
                let integralReal = try row.get(1, as: Int64.self)
                #expect(integer == 42)
                #expect(integralReal == 3)
                for column: Int32 in 2...6 {
                    #expect(sqliteError { _ = try row.get(column, as: Int64.self) }?.code.primary == SQLITE_MISMATCH)
                }
                #expect(sqliteError { _ = try row.get(7, as: Int64.self) }?.code.primary == SQLITE_RANGE)
                #expect(sqliteError { _ = try row.get(-1, as: Int64.self) }?.code.primary == SQLITE_RANGE)
                let null = try row.get(6, as: Int64?.self)
                #expect(null == nil)
                #expect(sqliteError { _ = try row.get(7, as: Int64?.self) }?.code.primary == SQLITE_RANGE)
            }
            if walk == 0 {
                while let row = try cursor.next() { try check(row) }
            } else {
                try cursor.forEach { row in try check(row) }
            }
            #expect(rows == 1)
            // Ended: nil again, the statement is not restarted.
            #expect(try cursor.next() == nil)
            try cursor.forEach { _ in rows += 1 }
            #expect(rows == 1)
        }
    }

    @Test("a closed connection's statement throws on step(), next() and forEach")
    func closed() throws {
        let db = try Self.database()
        let statement = try db.prepare(sql: "SELECT i FROM t")
        let cursor = try db.cursor("SELECT i FROM t")
        let walked = try db.cursor("SELECT i FROM t")
        db.close()
        #expect(sqliteError { _ = try statement.step() }?.code.primary == SQLITE_MISUSE)
        #expect(sqliteError { _ = try cursor.next() }?.code.primary == SQLITE_MISUSE)
        #expect(sqliteError { try walked.forEach { _ in } }?.code.primary == SQLITE_MISUSE)
        // The failure ended the walk: nil from then on, without stepping again.
        #expect(try cursor.next() == nil)
    }

    @Test("a statement or cursor that escaped its access throws on step(), next() and forEach")
    func outsideAccess() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)") }
        let (statement, cursor, walked) = try queue.read { db in
            (try db.prepare(sql: "SELECT x FROM t"), try db.cursor("SELECT x FROM t"), try db.cursor("SELECT x FROM t"))
        }
        let outside = "used outside its database access"
        #expect(sqliteError { _ = try statement.step() }?.explanation.contains(outside) == true)
        #expect(sqliteError { _ = try cursor.next() }?.explanation.contains(outside) == true)
        #expect(sqliteError { try walked.forEach { _ in } }?.explanation.contains(outside) == true)
    }
}
