import Foundation
import Testing
@testable import SlateCore
import SlateDataLiteCore
import SlateCoreTestSupport

/// Issue 19: a custom function or collation runs inside `sqlite3_step`, so it can use its own
/// connection while the statement that called it is half way through a row: the statement cache,
/// other statements, even the calling statement itself. Each case must either work, with the
/// right results, or throw a clear `SQLiteError`, and leave the database intact. None may corrupt
/// memory: these suites also run under AddressSanitizer and ThreadSanitizer (`.ci/sanitizers.sh`).
@Suite("Re-entry: custom functions and collations that use their own connection")
struct FunctionReentryTests {
    /// `t`: ids 1, 2, 3 with texts a, b, c; `log`: empty.
    static func makeDatabase() throws -> Connection {
        try reentryDatabase(log: "v INTEGER")
    }

    /// `PRAGMA integrity_check` says "ok".
    static func isIntact(_ db: Connection) throws -> Bool {
        try db.scalar(String.self, "PRAGMA integrity_check") == "ok"
    }

    /// What a function saw or caught, kept outside the closure SQLite calls.
    final class Record: @unchecked Sendable {
        var errors: [SQLiteError] = []
        var statements: [ObjectIdentifier] = []
        var calls = 0
    }

    // MARK: The statement cache

    /// `nest(id, depth)` runs the query that calls it, with `depth - 1`, through the cache: the
    /// same SQL text, so the same cache entry, while the calling statement is mid-row.
    static let nestSQL = "SELECT id, nest(id, ?) FROM t ORDER BY id"

    /// `nest(id, 0) = id`; `nest(id, d) = id + Σ nest(y, d - 1)` over the rows of t.
    static func expectedNest(_ id: Int64, depth: Int64) -> Int64 {
        depth == 0 ? id : id + [1, 2, 3].reduce(0) { $0 + expectedNest($1, depth: depth - 1) }
    }

    @Test func functionRunsItsCallersSQLThroughTheCacheWhileItSteps() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        let record = Record()
        try db.createFunction("nest", argumentCount: 2, options: []) { args in
            let id = try args.get(0, as: Int64.self), depth = try args.get(1, as: Int64.self)
            guard depth > 0 else { return id }
            // The cached statement for this SQL is the caller's, and busy: a fresh one comes back.
            let nested = try connection.cachedStatement(sql: Self.nestSQL)
            record.statements.append(ObjectIdentifier(nested))
            try nested.bind(depth - 1, at: 1)
            var sum: Int64 = 0
            let cursor = nested.cursor()
            while let row = try cursor.next() { sum += try row.get(1) as Int64 }
            return id + sum
        }
        let outer = try db.cachedStatement(sql: Self.nestSQL)
        for depth: Int64 in [0, 1, 2] {
            record.statements = []
            // From the cache again: the same statement, reset after the last run's cursor.
            #expect(try db.cachedStatement(sql: Self.nestSQL) === outer)
            try outer.bind(depth, at: 1)
            let values = try outer.cursor().map { row in try row.get(1) as Int64 }
            #expect(values == [1, 2, 3].map { Self.expectedNest($0, depth: depth) })
            #expect(!record.statements.contains(ObjectIdentifier(outer)))
        }
        // The cache still holds the caller's statement, once.
        #expect(try db.cachedStatement(sql: Self.nestSQL) === outer)
        #expect(db.cachedStatementCount == 1)
        #expect(try Self.isIntact(db))
    }

    @Test func functionReadsAndWritesThroughRawAPIsWhileItsStatementSteps() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        try db.createFunction("audit", argumentCount: 1, options: []) { args in
            let id = try args.get(0, as: Int64.self)
            let below = try connection.scalar(Int64.self, "SELECT count(*) FROM t WHERE id <= ?", id) ?? -1
            let text = try connection.cursor("SELECT x FROM t WHERE id = ?", id).next().map { try $0.get(0) as String }
            try connection.run("INSERT INTO log (v) VALUES (?)", id * 10)
            try connection.execute(sql: "INSERT INTO log (v) SELECT v + 1 FROM log WHERE v = \(id * 10)")
            // The arguments are copies: still readable after the nested statements ran.
            #expect(try args.get(0, as: Int64.self) == id)
            return "\(below):\(text ?? "-")"
        }
        #expect(
            try rowValues(db, "SELECT id, audit(id) FROM t ORDER BY id") == [
                [.int(1), .text("1:a")], [.int(2), .text("2:b")], [.int(3), .text("3:c")]
            ])
        #expect(try rowValues(db, "SELECT v FROM log ORDER BY v") == [10, 11, 20, 21, 30, 31].map { [.int($0)] })
        #expect(try Self.isIntact(db))
    }

    /// A function that walks the cached statement for some SQL to its end with a cursor, called
    /// once per row: each call gets that statement back from the cache, finished but never reset
    /// by the cursor, and must still be able to bind it.
    @Test func functionReusingACachedStatementThatItsLastCallRanToItsEnd() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        try db.createFunction("below", argumentCount: 1, options: []) { args in
            let statement = try connection.cachedStatement(sql: "SELECT x FROM t WHERE id <= ? ORDER BY id")
            try statement.bind(try args.get(0, as: Int64.self), at: 1)
            return try statement.cursor().map { try $0.get(0) as String }.joined()
        }
        #expect(try rowValues(db, "SELECT below(id) FROM t ORDER BY id") == [[.text("a")], [.text("ab")], [.text("abc")]])
        // The same outside a function: the cache resets what it hands out, as documented.
        let first = try db.cachedStatement(sql: "SELECT ?")
        try first.bind(Int64(1), at: 1)
        #expect(try first.cursor().map { try $0.get(0) as Int64 } == [1])
        let again = try db.cachedStatement(sql: "SELECT ?")
        #expect(again === first)
        try again.bind(Int64(2), at: 1)
        #expect(try again.cursor().map { try $0.get(0) as Int64 } == [2])
    }

    /// A class-based function (DataLiteCore's spelling) finds its connection through a static.
    final class Nest: Function.Scalar {
        nonisolated(unsafe) static var connection: Connection?
        override class var name: String { "nest" }
        override class var argc: Int32 { 2 }
        override class func invoke(args: Arguments) throws -> (any SQLiteRepresentable)? {
            let id = try args.get(0, as: Int64.self), depth = try args.get(1, as: Int64.self)
            guard depth > 0, let db = connection else { return id }
            let nested = try db.cachedStatement(sql: FunctionReentryTests.nestSQL)
            try nested.bind(depth - 1, at: 1)
            return id + (try nested.cursor().map { try $0.get(1) as Int64 }.reduce(0, +))
        }
    }

    @Test func classBasedFunctionRunsItsCallersSQLWhileItSteps() throws {
        let db = try Self.makeDatabase()
        Nest.connection = db
        defer { Nest.connection = nil }
        try db.add(function: Nest.self)
        let outer = try db.cachedStatement(sql: Self.nestSQL)
        try outer.bind(Int64(2), at: 1)
        #expect(try outer.cursor().map { try $0.get(1) as Int64 } == [1, 2, 3].map { Self.expectedNest($0, depth: 2) })
        #expect(try Self.isIntact(db))
    }

    /// An aggregate that looks up each row's text, and the count of `log`, with its connection.
    final class Lookup: Function.Aggregate {
        nonisolated(unsafe) static var connection: Connection?
        override class var name: String { "lookup" }
        override class var argc: Int32 { 1 }
        var text = ""
        override func step(args: Arguments) throws {
            guard let db = Self.connection else { return }
            text += try db.scalar(String.self, "SELECT x FROM t WHERE id = ?", try args.get(0, as: Int64.self)) ?? "?"
            try db.run("INSERT INTO log (v) VALUES (?)", try args.get(0, as: Int64.self))
        }
        override func finalize() throws -> (any SQLiteRepresentable)? {
            text + "/" + String(try Self.connection?.scalar(Int64.self, "SELECT count(*) FROM log") ?? -1)
        }
    }

    @Test func aggregateUsesItsConnectionInStepAndFinalize() throws {
        let db = try Self.makeDatabase()
        Lookup.connection = db
        defer { Lookup.connection = nil }
        try db.add(function: Lookup.self)
        #expect(try db.scalar(String.self, "SELECT lookup(id) FROM (SELECT id FROM t ORDER BY id)") == "abc/3")
        #expect(try Self.isIntact(db))
    }

    @Test func functionClearingTheStatementCacheKeepsItsStatementRunning() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        try db.createFunction("churn", argumentCount: 1, options: []) { args in
            connection.clearStatementCache()
            connection.statementCacheCapacity = 1
            // Fill the one-statement cache, evicting whatever it held (the caller's statement).
            let count = try connection.cachedStatement(sql: "SELECT count(*) FROM t").cursor().next().map { try $0.get(0) as Int64 }
            connection.statementCacheCapacity = Connection.defaultStatementCacheCapacity
            return try args.get(0, as: Int64.self) * 10 + (count ?? 0)
        }
        let sql = "SELECT churn(id) FROM t ORDER BY id"
        let outer = try db.cachedStatement(sql: sql)
        #expect(try outer.cursor().map { try $0.get(0) as Int64 } == [13, 23, 33])
        // The statement was evicted mid-run and stayed valid; the cache compiles a new one.
        #expect(try db.cachedStatement(sql: sql) !== outer)
        #expect(try outer.cursor().map { try $0.get(0) as Int64 } == [13, 23, 33])
        #expect(try Self.isIntact(db))
    }

    // MARK: The calling statement itself

    /// What a function does to the statement that is calling it.
    enum OwnStatementUse: String, CaseIterable, Sendable {
        case reset, step, clearBindings, bind, cursor, executeToCompletion, execute

        func perform(on statement: Statement) throws {
            switch self {
            case .reset: try statement.reset()
            case .step: _ = try statement.step()
            case .clearBindings: try statement.clearBindings()
            case .bind: try statement.bind(Int64(1), at: 1)
            case .cursor: _ = try statement.cursor().next()
            case .executeToCompletion: try statement.executeToCompletion()
            case .execute: try statement.execute([SQLiteRow()])
            }
        }
    }

    /// Resetting, stepping or unbinding a statement from inside its own `sqlite3_step` is
    /// undefined in SQLite (a reset frees the registers the step is using; a nested step runs the
    /// same program twice at once): the statement refuses, and its run goes on undisturbed.
    @Test(arguments: OwnStatementUse.allCases)
    func functionUsingItsOwnRunningStatementIsRefused(_ use: OwnStatementUse) throws {
        let result = withWatchdog(seconds: 30) { () throws -> ([[SQLiteValue]], [SQLiteError.Code], Int) in
            let db = try Self.makeDatabase()
            nonisolated(unsafe) let connection = db
            final class Box: @unchecked Sendable { var statement: Statement? }
            let box = Box()
            let record = Record()
            try db.createFunction("meddle", argumentCount: 1, options: []) { args in
                record.calls += 1
                guard record.calls < 20, let statement = box.statement else { return "runaway" }
                do {
                    try use.perform(on: statement)
                } catch let error as SQLiteError {
                    record.errors.append(error)
                }
                return try args.get(0, as: String.self).uppercased()
            }
            let statement = try db.prepare(sql: "SELECT id, meddle(x) FROM t WHERE id >= ? ORDER BY id")
            try statement.bind(Int64(1), at: 1)
            box.statement = statement
            let rows = try statement.cursor().map { row in (0..<row.columnCount).map { row[$0] } }
            box.statement = nil
            #expect(try Self.isIntact(connection))
            return (rows, record.errors.map(\.code), record.calls)
        }
        let (rows, codes, calls) = try #require(result, "the statement never finished").get()
        #expect(rows == [[.int(1), .text("A")], [.int(2), .text("B")], [.int(3), .text("C")]])
        #expect(calls == 3)
        #expect(codes.count == 3)
        #expect(codes.allSatisfy { $0 == SQLITE_MISUSE })
    }

    // MARK: Changing the connection under a running statement

    @Test func functionMayRegisterNewFunctionsButNotReplaceOrRemoveRunningOnes() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        let record = Record()
        try db.createFunction("shell", argumentCount: 1, options: []) { args in
            let id = try args.get(0, as: Int64.self)
            // A new function: allowed, and usable at once by a nested statement.
            try connection.createFunction("helper\(id)", argumentCount: 0, options: []) { _ in id * 100 }
            let helped = try connection.scalar(Int64.self, "SELECT helper\(id)()") ?? -1
            // Replacing or removing a function while statements run: SQLITE_BUSY.
            for change in [
                { try connection.createFunction("shell", argumentCount: 1, options: []) { _ in 0 } },
                { try connection.removeFunction("shell", argumentCount: 1) },
                { try connection.createCollation("NOCASE2") { $0.lowercased().compare($1.lowercased()) } }
            ] as [() throws -> Void] {
                do { try change() } catch let error as SQLiteError { record.errors.append(error) }
            }
            return helped + id
        }
        #expect(try rowValues(db, "SELECT shell(id) FROM t ORDER BY id") == [[.int(101)], [.int(202)], [.int(303)]])
        // Two refusals for the first row (a new collation is not a replacement, so it was
        // allowed), three for each later row (by then it is one).
        #expect(record.errors.count == 8)
        #expect(record.errors.allSatisfy { $0.code == SQLITE_BUSY })
        #expect(try db.scalar(Int64.self, "SELECT shell(7)") == 707)
        #expect(try Self.isIntact(db))
    }

    @Test func functionInterruptingItsConnectionFailsTheStatementCleanly() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        try db.createFunction("stop", argumentCount: 1, options: []) { args in
            if try args.get(0, as: Int64.self) == 2 { connection.interrupt() }
            return 0
        }
        let error = sqliteError { _ = try rowValues(db, "SELECT stop(id) FROM t ORDER BY id") }
        #expect(error?.code == SQLITE_INTERRUPT)
        #expect(try rowValues(db, "SELECT count(*) FROM t") == [[.int(3)]])
        #expect(try Self.isIntact(db))
    }

    /// A function that closes its connection: the statement that called it cannot continue, and
    /// says so; nothing of the closed connection is used again.
    @Test func functionClosingItsConnectionFailsTheStatementCleanly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("close.sqlite")
        do {
            let db = try directory.database("close.sqlite", "CREATE TABLE t (id INTEGER PRIMARY KEY, x TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')")
            nonisolated(unsafe) let connection = db
            try db.createFunction("quit", argumentCount: 1, options: []) { args in
                if try args.get(0, as: Int64.self) == 2 { connection.close() }
                return try args.get(0, as: Int64.self)
            }
            let statement = try db.prepare(sql: "SELECT quit(id) FROM t ORDER BY id")
            let cursor = statement.cursor()
            var seen: [Int64] = []
            let error = sqliteError { while let row = try cursor.next() { seen.append(try row.get(0)) } }
            #expect(error?.code == SQLITE_MISUSE)
            #expect(seen.count <= 2)
            #expect(db.isClosed)
            #expect(sqliteError { _ = try db.scalar(Int64.self, "SELECT 1") }?.code == SQLITE_MISUSE)
        }
        let reopened = try Connection(path)
        #expect(
            try rowValues(reopened, "SELECT id, x FROM t ORDER BY id") == [
                [.int(1), .text("a")], [.int(2), .text("b")], [.int(3), .text("c")]
            ])
        #expect(try Self.isIntact(reopened))
    }

    /// SQL that ends or changes what the calling statement depends on, run from inside it:
    /// SQLite refuses what it cannot do under a running statement, and the rest works.
    @Test func functionRunningTransactionAndSchemaStatementsLeavesTheDatabaseIntact() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        let record = Record()
        let statements = [
            "COMMIT", "DROP TABLE t", "CREATE TABLE extra (y)", "CREATE INDEX t_x ON t (x)", "VACUUM",
            "ALTER TABLE log ADD COLUMN w"
        ]
        try db.createFunction("ddl", argumentCount: 1, options: []) { args in
            let index = Int(try args.get(0, as: Int64.self))
            for sql in statements {
                do { try connection.execute(sql: sql) } catch let error as SQLiteError { record.errors.append(error) }
            }
            return index
        }
        try db.execute(sql: "BEGIN")
        try db.execute(sql: "INSERT INTO log (v) SELECT ddl(id) FROM t ORDER BY id")
        try db.execute(sql: "COMMIT")
        // Refused on every call: COMMIT with a write statement running, DROP TABLE of a table
        // being read, VACUUM inside a transaction. The rest worked on the first call (SQLite
        // allows them under a running statement) and fail as duplicates on the later ones.
        let refusals = record.errors.map { "\($0.sql ?? "") \($0.code.primary)" }
        let firstCall = ["COMMIT \(SQLITE_BUSY)", "DROP TABLE t \(SQLITE_LOCKED)", "VACUUM \(SQLITE_ERROR)"]
        let laterCall = [
            "COMMIT \(SQLITE_BUSY)", "DROP TABLE t \(SQLITE_LOCKED)", "CREATE TABLE extra (y) \(SQLITE_ERROR)",
            "CREATE INDEX t_x ON t (x) \(SQLITE_ERROR)", "VACUUM \(SQLITE_ERROR)", "ALTER TABLE log ADD COLUMN w \(SQLITE_ERROR)"
        ]
        #expect(refusals == firstCall + laterCall + laterCall)
        #expect(try rowValues(db, "SELECT v FROM log ORDER BY v").map { $0[0] } == [.int(1), .int(2), .int(3)])
        #expect(try rowValues(db, "SELECT count(*) FROM t") == [[.int(3)]])
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM sqlite_master WHERE name IN ('extra', 't_x')") == 2)
        // PRAGMA, not pragma_table_info(), which needs SQLite 3.16 (the SQLCipher build links 3.15).
        #expect(try rowValues(db, "PRAGMA table_info(log)").filter { $0[1] == .text("w") }.count == 1)
        #expect(try Self.isIntact(db))
    }

    @Test func functionRollingBackTheTransactionAbortsItsStatementCleanly() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        let record = Record()
        try db.createFunction("undo", argumentCount: 1, options: []) { args in
            if try args.get(0, as: Int64.self) == 2 {
                do { try connection.execute(sql: "ROLLBACK") } catch let error as SQLiteError { record.errors.append(error) }
            }
            return try args.get(0, as: Int64.self)
        }
        try db.execute(sql: "BEGIN; INSERT INTO log (v) VALUES (100)")
        let error = sqliteError { try db.execute(sql: "INSERT INTO log (v) SELECT undo(id) FROM t ORDER BY id") }
        // SQLite rolls back under the running insert, which then stops with SQLITE_ABORT_ROLLBACK:
        // nothing of the transaction stays, and the connection is back in autocommit mode.
        #expect(record.errors.isEmpty)
        #expect(error?.code.matches(SQLITE_ABORT_ROLLBACK) == true)
        #expect(db.isAutocommit)
        #expect(try rowValues(db, "SELECT count(*) FROM log") == [[.int(0)]])
        try db.run("INSERT INTO log (v) VALUES (1)")
        #expect(try rowValues(db, "SELECT count(*) FROM log") == [[.int(1)]])
        #expect(try Self.isIntact(db))
    }

    // MARK: Collations

    /// `BYRANK` orders texts by their rank in `ranks`, looked up with a cached statement.
    static func makeRankedDatabase() throws -> Connection {
        let db = try makeDatabase()
        try db.execute(
            sql: """
                CREATE TABLE ranks (x TEXT PRIMARY KEY, rank INTEGER);
                INSERT INTO ranks VALUES ('a', 3), ('b', 1), ('c', 2);
                """)
        return db
    }

    @Test func collationQueriesItsConnectionDuringASort() throws {
        let db = try Self.makeRankedDatabase()
        nonisolated(unsafe) let connection = db
        let record = Record()
        func rank(_ text: String) -> Int64 {
            do {
                let statement = try connection.cachedStatement(sql: "SELECT rank FROM ranks WHERE x = ?")
                try statement.bind(text, at: 1)
                return try statement.cursor().next().map { try $0.get(0) as Int64 } ?? Int64.max
            } catch let error as SQLiteError {
                record.errors.append(error)
                return Int64.max
            } catch {
                return Int64.max
            }
        }
        try db.createCollation("BYRANK") { lhs, rhs in
            record.calls += 1
            let (left, right) = (rank(lhs), rank(rhs))
            return left < right ? .orderedAscending : left > right ? .orderedDescending : .orderedSame
        }
        #expect(try rowValues(db, "SELECT x FROM t ORDER BY x COLLATE BYRANK") == [[.text("b")], [.text("c")], [.text("a")]])
        #expect(record.calls > 0)
        #expect(record.errors.isEmpty)
        // The same sort, run again from inside the comparison (once), through the cache.
        nonisolated(unsafe) var nested: [[SQLiteValue]] = []
        try db.createCollation("BYRANK2") { lhs, rhs in
            if nested.isEmpty {
                nested = (try? rowValues(connection, "SELECT x FROM t ORDER BY x COLLATE BYRANK")) ?? [[.null]]
            }
            let (left, right) = (rank(lhs), rank(rhs))
            return left < right ? .orderedAscending : left > right ? .orderedDescending : .orderedSame
        }
        #expect(try rowValues(db, "SELECT x FROM t ORDER BY x COLLATE BYRANK2 DESC") == [[.text("a")], [.text("c")], [.text("b")]])
        #expect(nested == [[.text("b")], [.text("c")], [.text("a")]])
        #expect(try Self.isIntact(db))
    }

    @Test func collationReplacingItselfDuringASortGetsBusy() throws {
        let db = try Self.makeRankedDatabase()
        nonisolated(unsafe) let connection = db
        let record = Record()
        try db.createCollation("REV") { lhs, rhs in
            do {
                try connection.createCollation("REV") { $1.compare($0) }
            } catch let error as SQLiteError {
                record.errors.append(error)
            } catch {}
            do {
                try connection.removeCollation("REV")
            } catch let error as SQLiteError {
                record.errors.append(error)
            } catch {}
            return rhs.compare(lhs)
        }
        #expect(try rowValues(db, "SELECT x FROM t ORDER BY x COLLATE REV") == [[.text("c")], [.text("b")], [.text("a")]])
        #expect(!record.errors.isEmpty)
        #expect(record.errors.allSatisfy { $0.code == SQLITE_BUSY })
        #expect(try Self.isIntact(db))
    }

    // MARK: Queues

    /// A function registered on a queue's connection that asks the queue for another access:
    /// a clear error at once, not a deadlock.
    @Test func functionAskingItsQueueForAnotherAccessIsRefused() throws {
        let result = withWatchdog(seconds: 30) { () throws -> [SQLiteError] in
            let queue = try DatabaseQueue()
            let record = Record()
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); INSERT INTO t VALUES (1), (2)")
                try db.createFunction("again", argumentCount: 1, options: []) { args in
                    for access in [
                        { _ = try queue.write { db in try db.scalar(Int64.self, "SELECT 1") } },
                        { _ = try queue.inDatabase { db in try db.scalar(Int64.self, "SELECT 1") } }
                    ] as [() throws -> Void] {
                        do { try access() } catch let error as SQLiteError { record.errors.append(error) }
                    }
                    return try args.get(0, as: Int64.self)
                }
            }
            #expect(try queue.read { db in try db.scalar(Int64.self, "SELECT sum(again(id)) FROM t") } == 3)
            #expect(try queue.write { db in try db.scalar(Int64.self, "SELECT sum(again(id)) FROM t") } == 3)
            try queue.close()
            return record.errors
        }
        let errors = try #require(result, "a nested access deadlocked").get()
        #expect(errors.count == 8)
        #expect(errors.allSatisfy { $0.code == SQLITE_MISUSE && $0.explanation.contains("not reentrant") })
    }
}
