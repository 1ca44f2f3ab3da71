import Foundation
import Slate
import SlateTestSupport
import Testing

/// One-row inserts of plain values run through a statement cached per connection for their
/// shape (conflict clause, table, columns); these tests check that the shortcut behaves exactly
/// like rendering the statement every time.
@Suite("Insert statements cached by shape")
struct InsertShapeCacheTests: ItemsFixture {
    @Test func repeatedShapeThenAnotherThenTheFirstAgain() throws {
        let db = try makeItemsDatabase()
        for n in 1...3 { try db.run(items.insert(a <- Int64(n), b <- "x\(n)")) }
        try db.run(items.insert(a <- 10, c <- 1.5))
        try db.run(items.insert(b <- "reordered", a <- 11))
        try db.run(items.insert(a <- 4, b <- "x4"))
        #expect(
            try itemRows(db) == [
                [.int(1), .text("x1"), .null], [.int(2), .text("x2"), .null], [.int(3), .text("x3"), .null],
                [.int(10), .null, .real(1.5)], [.int(11), .text("reordered"), .null], [.int(4), .text("x4"), .null]
            ])
        // The rowid returned is the inserted row's.
        #expect(try db.run(items.insert(a <- 5, b <- "x5")) == 7)
        // The rendered SQL is unchanged.
        #expect(items.insert(a <- 1, b <- "x").asSQL() == "INSERT INTO \"items\" (\"a\", \"b\") VALUES (1, 'x')")
    }

    @Test func moreShapesThanTheCacheKeeps() throws {
        let db = try Connection()
        let columns = (0..<12).map { SQLExpression<Int64>("k\($0)") }
        try db.execute(sql: "CREATE TABLE wide (" + (0..<12).map { "k\($0) INTEGER" }.joined(separator: ", ") + ")")
        let wide = Table("wide")
        for round in 0..<3 {
            for (index, column) in columns.enumerated() {
                try db.run(wide.insert(column <- Int64(round * 100 + index)))
            }
        }
        var sums: [Int64?] = []
        for index in 0..<12 { sums.append(try db.scalar(Int64.self, "SELECT sum(k\(index)) FROM wide")) }
        let expected: [Int64?] = (0..<12).map { Int64(300 + 3 * $0) }
        #expect(sums == expected)
    }

    @Test func orReplaceIsADifferentShapeFromAPlainInsert() throws {
        let db = try makeItemsDatabase()
        try db.run(items.insert(a <- 1, b <- "first"))
        #expect(throws: SQLiteError.self) { try db.run(items.insert(a <- 1, b <- "second")) }
        try db.run(items.insert(or: .replace, a <- 1, b <- "replaced"))
        #expect(throws: SQLiteError.self) { try db.run(items.insert(a <- 1, b <- "third")) }
        try db.run(items.insert(or: .ignore, a <- 1, b <- "ignored"))
        #expect(try itemRows(db) == [[.int(1), .text("replaced"), .null]])
    }

    @Test func schemaChangesBetweenInsertsOfTheSameShape() throws {
        let db = try makeItemsDatabase()
        try db.run(items.insert(a <- 1, b <- "before"))
        try db.execute(sql: "ALTER TABLE items ADD COLUMN d TEXT DEFAULT 'dflt'")
        try db.run(items.insert(a <- 2, b <- "after add column"))
        #expect(
            try itemRows(db, "SELECT a, b, d FROM items ORDER BY id") == [
                [.int(1), .text("before"), .text("dflt")], [.int(2), .text("after add column"), .text("dflt")]
            ])
        // Dropped and created again with other types and constraints: the same shape still works.
        try db.execute(sql: "DROP TABLE items; CREATE TABLE items (id INTEGER PRIMARY KEY, a TEXT NOT NULL, b BLOB, c REAL)")
        try db.run(items.insert(a <- 3, b <- "recreated"))
        #expect(try itemRows(db) == [[.text("3"), .text("recreated"), .null]])
        // Created again without column b: the cached shape fails like rendering it would.
        try db.execute(sql: "DROP TABLE items; CREATE TABLE items (id INTEGER PRIMARY KEY, a INTEGER, c REAL)")
        #expect {
            try db.run(items.insert(a <- 4, b <- "no column"))
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_ERROR && error.explanation.contains("b")
        }
        try db.run(items.insert(a <- 5, c <- 2.5))
        #expect(try itemRows(db, "SELECT a, c FROM items") == [[.int(5), .real(2.5)]])
        // And back: the shape with b works again once the column exists.
        try db.execute(sql: "ALTER TABLE items ADD COLUMN b TEXT")
        try db.run(items.insert(a <- 6, b <- "back"))
        #expect(try itemRows(db, "SELECT a, b FROM items ORDER BY id") == [[.int(5), .null], [.int(6), .text("back")]])
    }

    @Test func constraintViolationLeavesTheConnectionUsable() throws {
        let db = try makeItemsDatabase()
        try db.transaction {
            try db.run(items.insert(a <- 1, b <- "one"))
            #expect {
                try db.run(items.insert(a <- 1, b <- "duplicate"))
            } throws: { error in
                guard let error = error as? SQLiteError else { return false }
                return error.category == .constraint && error.explanation.contains("UNIQUE")
                    && error.sql == "INSERT INTO \"items\" (\"a\", \"b\") VALUES (?, ?)"
            }
            #expect(throws: SQLiteError.self) { try db.run(items.insert(b <- "no a")) }
            try db.run(items.insert(a <- 2, b <- "two"))
        }
        #expect(try itemRows(db) == [[.int(1), .text("one"), .null], [.int(2), .text("two"), .null]])
        #expect(db.isAutocommit)
    }

    @Test func bindsEveryKindOfValue() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE kinds (i INTEGER, d REAL, s TEXT, data BLOB, n TEXT, at TEXT, flag INTEGER, u INTEGER)")
        let kinds = Table("kinds")
        let i = SQLExpression<Int>("i"), d = SQLExpression<Double>("d"), s = SQLExpression<String>("s")
        let data = SQLExpression<Data>("data"), n = SQLExpression<String?>("n"), at = SQLExpression<Date>("at")
        let flag = SQLExpression<Bool>("flag"), u = SQLExpression<Int64?>("u")
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        for round in 0..<2 {
            try db.run(
                kinds.insert(
                    i <- 42 + round, d <- 2.5, s <- "héllo \u{1F600}", data <- Data([0, 1, 255]), n <- nil, at <- date,
                    flag <- true, u <- (round == 0 ? 7 : nil)))
        }
        let read = try db.cursor(kinds).map { row in
            (
                try row.get(i), try row.get(d), try row.get(s), try row.get(data), try row.get(n), try row.get(at),
                try row.get(flag), try row.get(u)
            )
        }
        #expect(read.count == 2)
        for (round, row) in read.enumerated() {
            #expect(row.0 == 42 + round && row.1 == 2.5 && row.2 == "héllo \u{1F600}" && row.3 == Data([0, 1, 255]))
            #expect(row.4 == nil && abs(row.5.timeIntervalSince(date)) < 0.001 && row.6 == true)
            #expect(row.7 == (round == 0 ? 7 : nil))
        }
        // A nil in a later row of the same shape binds NULL, not the previous row's value.
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM kinds WHERE u IS NULL") == 1)
    }

    @Test func textWithEmbeddedNUL() throws {
        let db = try makeItemsDatabase()
        try db.run(items.insert(a <- 1, b <- "a\0b"))
        try db.run(items.insert(a <- 2, b <- "\0"))
        #expect(try itemRows(db, "SELECT length(CAST(b AS BLOB)) FROM items ORDER BY id") == [[.int(3)], [.int(1)]])
        #expect(try db.cursor(items.order(a)).map { try $0.get(b) } == ["a\0b", "\0"])
    }

    @Test func nonASCIIAndQuotedNames() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE \"tâble \"\"q\"\"\" (\"näme\" TEXT, \"x\"\"y\" INTEGER)")
        let table = Table("tâble \"q\"")
        let name = SQLExpression<String>("näme"), xy = SQLExpression<Int64>("x\"y")
        try db.run(table.insert(name <- "é", xy <- 1))
        try db.run(table.insert(name <- "ü", xy <- 2))
        #expect(try db.cursor(table.order(xy)).map { try $0.get(name) } == ["é", "ü"])
    }

    @Test func clearingTheStatementCacheBetweenInserts() throws {
        let db = try makeItemsDatabase()
        try db.run(items.insert(a <- 1, b <- "one"))
        db.clearStatementCache()
        #expect(preparedStatementCount(db) == 0)  // the insert shapes' statements too
        try db.run(items.insert(a <- 2, b <- "two"))  // the shape prepares its statement again
        try db.run(items.insert(a <- 3, c <- 3.5))  // a new shape prepares a new one
        #expect(preparedStatementCount(db) > 0)
        db.clearStatementCache()
        #expect(preparedStatementCount(db) == 0)
        try db.execute(sql: "CREATE INDEX items_b ON items (b)")
        try db.run(items.insert(a <- 4, b <- "four"))
        #expect(
            try itemRows(db) == [
                [.int(1), .text("one"), .null], [.int(2), .text("two"), .null], [.int(3), .null, .real(3.5)],
                [.int(4), .text("four"), .null]
            ])
    }

    @Test func closedConnectionThrows() throws {
        let db = try makeItemsDatabase()
        try db.run(items.insert(a <- 1))
        db.close()
        // SQLite's text for the code, with Slate's explanation in `details`.
        let closed = SQLiteError(code: SQLITE_MISUSE, details: "the database connection is closed")
        #expect(closed.message == String(cString: sqlite3_errstr(SQLITE_MISUSE)))
        #expect(throws: closed) { try db.run(items.insert(a <- 2)) }; #expect(Self.closedDetails { try db.run(items.insert(a <- 2)) })  // cached shape
        #expect(throws: closed) { try db.run(items.insert(a <- 2, b <- "new")) }; #expect(Self.closedDetails { try db.run(items.insert(a <- 2, b <- "new")) })  // new shape
        struct Item: Encodable { let a: Int64 }
        #expect(throws: closed) { try db.run(items.insert(Item(a: 3))) }; #expect(Self.closedDetails { try db.run(items.insert(Item(a: 3))) })
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_024_000, "upsert needs SQLite 3.24"))
    func expressionsAndUpsertsTakeTheFullPath() throws {
        let db = try makeItemsDatabase()
        try db.run(items.insert(a <- 1, b <- "x"))
        try db.run(items.insert(a <- a + 0 + 2, b <- "y"))  // an expression value: rendered
        try db.run(items.insert(a <- 3, b <- SQLExpression<String?>(value: "z").uppercaseString))
        try db.run(items.upsert(a <- 3, b <- "upserted", onConflictOf: a))
        try db.run(items.insertMany([[a <- 4, b <- "m1"], [a <- 5, b <- "m2"]]))
        try db.run(items.insertMany([[a <- 6, b <- "single"]]))
        #expect(
            try itemRows(db, "SELECT a, b FROM items ORDER BY a") == [
                [.int(1), .text("x")], [.int(2), .text("y")], [.int(3), .text("upserted")],
                [.int(4), .text("m1")], [.int(5), .text("m2")], [.int(6), .text("single")]
            ])
    }

    @Test func insertManyStillChunksWithinTheVariableLimit() throws {
        let db = try makeItemsDatabase()
        let handle = try #require(db.sqliteHandle)
        sqlite3_limit(handle, SQLITE_LIMIT_VARIABLE_NUMBER, 7)
        try db.run(items.insertMany((1...10).map { [a <- Int64($0), b <- "r\($0)", c <- Double($0)] }))
        #expect(try db.scalar(Int64.self, "SELECT count(*), sum(a) FROM items") == 10)
        #expect(try db.scalar(Int64.self, "SELECT sum(a) FROM items") == 55)
        // A violation in a later chunk leaves none of the rows.
        #expect(throws: SQLiteError.self) {
            try db.run(items.insertMany((20...30).map { [a <- Int64($0 == 30 ? 20 : $0), b <- "x", c <- nil] }))
        }
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM items") == 10)
    }

    @Test func insertFromInsideTheSameShapesStep() throws {
        let db = try makeItemsDatabase()
        let log = Table("log")
        let entry = SQLExpression<Int64>("entry")
        try db.execute(sql: "CREATE TABLE log (entry INTEGER)")
        nonisolated(unsafe) let connection = db
        // The trigger calls back into Swift while the items insert is stepping; the callback
        // inserts into items with the same shape, whose cached statement is busy.
        try db.createFunction("again", deterministic: false) { (value: Int64) -> Int64 in
            if value < 100 { try connection.run(items.insert(a <- value + 100, b <- "nested")) }
            try connection.run(log.insert(entry <- value))
            return value
        }
        try expectNestedInserts(db, through: "again", offset: 100)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM log") == 4)
    }

    @Test func setterValueAndExpressionAreUnchanged() {
        let setter = a <- 5
        #expect(setter.column.template == "\"a\"")
        #expect(setter.value.template == "?" && setter.value.values == [.int(5)])
        #expect(setter.expression.template == "\"a\" = ?" && setter.expression.values == [.int(5)])
        let null = b <- nil
        #expect(null.value.values == [.null])
        let incremented = a++
        #expect(incremented.value.template == "(\"a\" + ?)" && incremented.value.values == [.int(1)])
        #expect(items.filter(a == 1).update(a <- 2, b <- nil).asSQL() == "UPDATE \"items\" SET \"a\" = 2, \"b\" = NULL WHERE (\"a\" = 1)")
    }

    // MARK: Codable

    struct Payload: Codable, Equatable { let tags: [String]; let score: Int }

    struct Record: Codable, Equatable {
        let a: Int64
        let b: String?
        let c: Double?
        let payload: Payload?
        let when: Date?
        let uuid: UUID?
    }

    @Test func codableInsertsLeaveNilOutAndStoreNestedValuesAsJSON() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE records (a INTEGER, b TEXT, c REAL, payload TEXT, \"when\" TEXT, uuid TEXT)")
        let records = Table("records")
        let uuid = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let values = [
            Record(a: 1, b: "one", c: 1.5, payload: Payload(tags: ["x", "y"], score: 3), when: date, uuid: uuid),
            Record(a: 2, b: nil, c: nil, payload: nil, when: nil, uuid: nil),
            Record(a: 3, b: "three", c: nil, payload: Payload(tags: [], score: 0), when: date, uuid: uuid)
        ]
        for value in values { try db.run(records.insert(value)) }
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM records WHERE b IS NULL AND c IS NULL AND payload IS NULL") == 1)
        // The nested value is stored as JSON text (read back without SQLite's JSON functions,
        // which SQLCipher's SQLite 3.15 lacks).
        let json = try #require(try db.scalar(String.self, "SELECT payload FROM records WHERE a = 1"))
        #expect(try JSONDecoder().decode(Payload.self, from: Data(json.utf8)) == values[0].payload)
        let read: [Record] = try db.cursor(records.order(SQLExpression<Int64>("a"))).map { try $0.snapshot().decode() }
        #expect(read == values)
        // The SQL it renders leaves the nil optionals out (as SQLite.swift does), or writes NULL
        // for them when asked.
        let sparse = Record(a: 9, b: nil, c: nil, payload: nil, when: nil, uuid: nil)
        #expect(try records.insert(sparse).asSQL() == "INSERT INTO \"records\" (\"a\") VALUES (9)")
        #expect(
            try records.insert(sparse, nilEncoding: .null).asSQL()
                == "INSERT INTO \"records\" (\"a\", \"b\", \"c\", \"payload\", \"when\", \"uuid\") VALUES (9, NULL, NULL, NULL, NULL, NULL)")
    }

    @Test func codableAndTypedInsertsOfTheSameColumnsInterleave() throws {
        let db = try makeItemsDatabase()
        struct Item: Codable { let a: Int64; let b: String }
        try db.run(items.insert(Item(a: 1, b: "codable")))
        try db.run(items.insert(a <- 2, b <- "typed"))
        try db.run(items.insert(Item(a: 3, b: "codable")))
        try db.run(items.insert(or: .replace, Item(a: 3, b: "replaced")))
        #expect(throws: SQLiteError.self) { try db.run(items.insert(Item(a: 3, b: "duplicate"))) }
        try db.run(items.insert(Item(a: 4, b: "other setters"), otherSetters: [c <- 9.5]))
        #expect(
            try itemRows(db, "SELECT a, b, c FROM items ORDER BY a") == [
                [.int(1), .text("codable"), .null], [.int(2), .text("typed"), .null], [.int(3), .text("replaced"), .null],
                [.int(4), .text("other setters"), .real(9.5)]
            ])
    }

    /// Encodes its columns by hand: one key twice (the last value wins) and, optionally, more
    /// columns than the encoder searches in order.
    struct Repeating: Encodable {
        let count: Int
        enum Key: CodingKey {
            case name(String)
            var stringValue: String { if case .name(let name) = self { return name }; return "" }
            init?(stringValue: String) { self = .name(stringValue) }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for index in 0..<count { try container.encode(Int64(index), forKey: .name("k\(index)")) }
            try container.encode(Int64(1_000), forKey: .name("k0"))
            try container.encodeNil(forKey: .name("k1"))
        }
    }

    @Test func aKeyEncodedTwiceKeepsItsPositionAndTheLastValue() throws {
        for count in [3, 16, 17, 40] {
            let db = try Connection()
            try db.execute(sql: "CREATE TABLE t (" + (0..<count).map { "k\($0) INTEGER" }.joined(separator: ", ") + ")")
            let table = Table("t")
            let insert = try table.insert(Repeating(count: count))
            #expect(insert.asSQL().hasPrefix("INSERT INTO \"t\" (\"k0\", \"k1\", \"k2\""))
            try db.run(insert)
            try db.run(table.insert(Repeating(count: count)))
            #expect(try db.scalar(Int64.self, "SELECT count(*) FROM t WHERE k0 = 1000 AND k1 IS NULL AND k2 = 2") == 2)
            #expect(try db.scalar(Int64.self, "SELECT k\(count - 1) FROM t LIMIT 1") == Int64(count - 1))
        }
    }

    @Test func codableErrorsAreUnchanged() throws {
        let db = try makeItemsDatabase()
        #expect(throws: EncodingError.self) { try items.insert([1, 2]) }
        struct Missing: Encodable { let a: Int64; let nope: Int64 }
        #expect(throws: SQLiteError.self) { try db.run(items.insert(Missing(a: 1, nope: 2))) }
        struct Item: Encodable { let a: Int64 }
        try db.run(items.insert(Item(a: 1)))
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM items") == 1)
    }

    // MARK: InsertStatement

    @Test func describedInsertsByNameAndByPosition() throws {
        let db = try Connection()
        let insert = try describedTableInsert(db, thirdColumn: "nämé")
        #expect(insert.sql == "INSERT INTO \"described\" (\"id\", \"label\", \"nämé\") VALUES (?, ?, ?)")
        try insert.insert(["id": 1, "label": "all", "nämé": "é"])
        // A column left out after a row that gave it is NULL, not the previous value.
        try insert.insert(["id": 2])
        try insert.insert(["ID": 3, "LABEL": "upper case", "NÄMÉ": "ü"])
        try insert.insert(values: [4, "positional", nil])
        try insert.insert(values: [5, "a\0b", "ï"])
        #expect(
            try itemRows(db, "SELECT id, label, \"nämé\" FROM described ORDER BY id") == [
                [.int(1), .text("all"), .text("é")], [.int(2), .null, .null], [.int(3), .text("upper case"), .text("ü")],
                [.int(4), .text("positional"), .null], [.int(5), .text("a\0b"), .text("ï")]
            ])
    }

    @Test func describedInsertsOfManyDictionariesLandInTheirColumns() throws {
        let db = try Connection()
        let insert = try describedTableInsert(db, thirdColumn: "nämé")
        var expected: [[SQLiteValue]] = []
        for n in 0..<300 {
            // Keys inserted in varying orders and cases, sometimes leaving columns out: whatever
            // order each dictionary iterates in, every value goes to its own column.
            let label: SQLiteValue = n % 3 == 0 ? .null : .text("label \(n)")
            let other: SQLiteValue = n % 5 == 0 ? .null : .text("é\(n)")
            var values: [String: SQLiteValue] = [:]
            let keys = n % 2 == 0 ? ["id", "label", "nämé"] : ["nämé", "LABEL", "Id"]
            for key in (n % 7 == 0 ? keys.reversed() : keys) {
                switch key.lowercased() {
                case "id": values[key] = .int(Int64(n))
                case "label": if label != .null || n % 6 == 0 { values[key] = label }
                default: if other != .null { values[key] = other }
                }
            }
            try insert.insert(values)
            expected.append([.int(Int64(n)), label, other])
        }
        #expect(try itemRows(db, "SELECT id, label, \"nämé\" FROM described ORDER BY id") == expected)
    }

    @Test func describedInsertErrors() throws {
        let db = try Connection()
        let insert = try describedTableInsert(db, thirdColumn: "nämé")
        #expect {
            try insert.insert(["id": 1, "nope": 2])
        } throws: { error in
            (error as? SQLiteError)?.explanation
                == "table \"described\" has no column named \"nope\"; its columns are id, label, nämé"
        }
        #expect {
            try insert.insert(["label": "no id"])
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_CONSTRAINT_NOTNULL
        }
        #expect {
            try insert.insert(values: [1, "two"])
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_RANGE
                && error.explanation == "table \"described\" has 3 column(s) (id, label, nämé) but 2 value(s) were given"
        }
        #expect(throws: SQLiteError.self) { try insert.insert(values: [1, "x", "y", "z"]) }
        #expect(throws: SQLiteError.self) { try insert.insert(values: [nil, "NULL id", nil]) }
        try insert.insert(values: [1, "kept", nil])
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM described") == 1)
        db.close()
        // SQLite's text for the code, with Slate's explanation in `details`.
        let closed = SQLiteError(code: SQLITE_MISUSE, details: "the database connection is closed")
        #expect(closed.message == String(cString: sqlite3_errstr(SQLITE_MISUSE)))
        #expect(throws: closed) { try insert.insert(values: [9, nil, nil]) }; #expect(Self.closedDetails { try insert.insert(values: [9, nil, nil]) })
        #expect(throws: closed) { try insert.insert(["id": 9]) }; #expect(Self.closedDetails { try insert.insert(["id": 9]) })
    }
}

/// How many statements the connection has compiled and not finalized (`sqlite3_next_stmt`).
private func preparedStatementCount(_ db: Connection) -> Int {
    guard let handle = db.sqliteHandle else { return 0 }
    var count = 0
    var statement = sqlite3_next_stmt(handle, nil)
    while let current = statement {
        count += 1
        statement = sqlite3_next_stmt(handle, current)
    }
    return count
}

extension InsertShapeCacheTests {
    /// Whether a call throws the closed-connection error, with Slate's explanation in `details`.
    static func closedDetails(_ body: () throws -> Void) -> Bool {
        do { try body() } catch let error as SQLiteError { return error.details == "the database connection is closed" } catch {}
        return false
    }
}
