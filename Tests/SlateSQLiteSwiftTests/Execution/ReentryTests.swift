import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// Issue 19: a custom function runs inside `sqlite3_step`, so it can use Slate's typed paths on
/// its own connection while a typed query that called it is half way through a row: the
/// statement cache, the layout cache, the insert shape cache, the per-thread `SetterEncoder` and
/// the per-layout `RowDecoder`. A value's `encode(to:)` or `init(from:)` can do the same while
/// Slate encodes or decodes it. Each case must work with the right results or throw a clear
/// `SQLiteError`, and leave the database intact; these suites also run under AddressSanitizer
/// and ThreadSanitizer (`.ci/sanitizers.sh`).
@Suite("Re-entry: typed queries, inserts and Codable rows run from inside themselves")
struct TypedReentryTests {
    static let t = Table("t")
    static let log = Table("log")
    static let id = SQLExpression<Int64>("id")
    static let x = SQLExpression<String>("x")
    static let v = SQLExpression<Int64>("v")

    /// `t`: ids 1, 2, 3 with texts a, b, c; `log`: empty.
    static func makeDatabase() throws -> Connection {
        try reentryDatabase(log: "id INTEGER PRIMARY KEY, v INTEGER NOT NULL, note TEXT")
    }

    static func isIntact(_ db: Connection) throws -> Bool {
        try db.scalar(String.self, "PRAGMA integrity_check") == "ok"
    }

    static func logValues(_ db: Connection) throws -> [Int64] {
        try db.prepare(log.order(v)).map { $0[v] }
    }

    /// A bound value: the SQL text is the same whatever the value, so every depth of a nested
    /// query shares one cache entry and one row layout.
    static func bound(_ value: Int64) -> SQLExpression<Int64> {
        SQLExpression<Int64>(template: "?", values: [.int(value)])
    }

    struct Item: Codable, Equatable {
        var id: Int64
        var x: String
    }

    struct LogRow: Codable, Equatable {
        var v: Int64
        var note: String?
    }

    /// What a function or a Codable value saw, outside the closures Slate calls.
    final class Record: @unchecked Sendable {
        var mismatches: [String] = []
        var errors: [SQLiteError] = []
        var calls = 0
    }

    // MARK: Typed reads from inside a typed read

    /// `nest(id, depth)` reads the query that calls it (at `depth - 1`) through every typed read
    /// path, while the calling query is mid-row: the same SQL text, the same cache entry (busy,
    /// so another statement), the same layout.
    @Test func functionRunsItsCallersTypedQueryThroughEveryReadPath() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        let record = Record()
        nonisolated(unsafe) var nest: ((SQLExpression<Int64>, SQLExpression<Int64>) -> SQLExpression<Int64>)!
        func query(_ depth: Int64) -> Table {
            Self.t.select(Self.id, nest(Self.id, Self.bound(depth))).order(Self.id)
        }
        func column() -> SQLExpression<Int64> { nest(Self.id, Self.bound(0)) }
        func expected(_ id: Int64, _ depth: Int64) -> Int64 {
            depth == 0 ? id : id + [1, 2, 3].reduce(0) { $0 + expected($1, depth - 1) }
        }
        nest = try db.createFunction("nest") { (id: Int64, depth: Int64) -> Int64 in
            record.calls += 1
            guard depth > 0 else { return id }
            let inner = query(depth - 1)
            let viaPrepare = try connection.prepare(inner).map { $0[column()] }
            let viaCursor = try connection.cursor(inner).map { try $0.get(column()) }
            let viaIterator = try connection.prepareRowIterator(inner).map { try $0.get(column()) }
            let viaPluck = try connection.pluck(inner)?[column()]
            let viaScalar = try connection.scalar(nest(Self.bound(0), Self.bound(depth - 1)))
            let items = try connection.prepare(Self.t.order(Self.id)).map { try $0.decode() as Item }
            // The typed query's own SQL text, through the raw cache: the entry the typed reads
            // use, whose statement the calling query holds (busy), so another one.
            let raw = try connection.cachedStatement(sql: inner.expression.template)
            try raw.bind(depth - 1, at: 1)
            let viaRaw = try raw.cursor().map { try $0.get(1) as Int64 }
            if viaCursor != viaPrepare || viaIterator != viaPrepare || viaPluck != viaPrepare.first
                || viaScalar != expected(0, depth - 1) || items.map(\.id) != [1, 2, 3] || viaRaw != viaPrepare
            {
                record.mismatches.append(
                    "depth \(depth): \(viaPrepare) \(viaCursor) \(viaIterator) \(String(describing: viaPluck)) \(viaScalar) \(viaRaw)")
            }
            return id + viaPrepare.reduce(0, +)
        }
        for depth: Int64 in [0, 1, 2] {
            var values: [Int64] = []
            for row in try db.prepare(query(depth)) { values.append(row[column()]) }
            #expect(values == [1, 2, 3].map { expected($0, depth) })
            #expect(try db.cursor(query(depth)).map { try $0.get(column()) } == values)
        }
        #expect(record.mismatches == [])
        #expect(record.calls > 100)
        // One statement cached for the query's SQL, however deep the nesting went.
        #expect(try db.cachedStatement(sql: query(0).expression.template) === db.cachedStatement(sql: query(2).expression.template))
        #expect(try Self.isIntact(db))
    }

    /// A raw cursor that runs the statement cached for a typed query's SQL to its end, then the
    /// typed paths (and the insert shape cache) with the same SQL: the statement is reset before
    /// it is handed out again, so it takes new values.
    @Test func typedPathsReuseAStatementThatARawCursorRanToItsEnd() throws {
        let db = try Self.makeDatabase()
        let query = Self.t.filter(Self.id >= Self.bound(2)).order(Self.id)
        func runRaw(_ sql: String, _ value: Int64) throws -> [Int64] {
            let statement = try db.cachedStatement(sql: sql)
            try statement.bind(value, at: 1)
            return try statement.cursor().map { try $0.get(0) as Int64 }  // leaves it finished
        }
        #expect(try runRaw(query.expression.template, 3) == [3])
        #expect(try db.pluck(query)?[Self.id] == 2)
        #expect(try runRaw(query.expression.template, 1) == [1, 2, 3])
        #expect(try db.prepare(query).map { $0[Self.id] } == [2, 3])
        #expect(try runRaw(query.expression.template, 2) == [2, 3])
        #expect(try db.prepareRowIterator(query).map { $0[Self.id] } == [2, 3])
        // The insert shape cache holds the statement cached for the insert's SQL.
        try db.run(Self.log.insert(Self.v <- 1))
        let insertSQL = Self.log.insert(Self.v <- 2).expression.template
        let insert = try db.cachedStatement(sql: insertSQL)
        try insert.bind(Int64(2), at: 1)
        #expect(try insert.step() == false)  // done, not reset
        try db.run(Self.log.insert(Self.v <- 3))
        #expect(try Self.logValues(db) == [1, 2, 3])
    }

    /// While a typed query iterates, its function writes through every typed write path: the
    /// insert shape cache, the per-thread encoder, updates, deletes and RETURNING.
    @Test func functionWritesThroughEveryTypedWritePathWhileAQueryIterates() throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        let note = SQLExpression<String?>("note")
        let touch: (SQLExpression<Int64>) -> SQLExpression<Int64> = try db.createFunction("touch") { (id: Int64) -> Int64 in
            try connection.run(Self.log.insert(Self.v <- id, note <- "setters"))
            try connection.run(Self.log.insert(LogRow(v: id + 10, note: "codable \(id)")))
            try connection.run(Self.log.insertMany([LogRow(v: id + 20, note: nil), LogRow(v: id + 30, note: "many")]))
            try connection.run(Self.log.filter(Self.v == id + 30).update(Self.v <- id + 40))
            try connection.run(Self.log.filter(Self.v == id + 20).delete())
            // RETURNING needs SQLite 3.35 (the SQLCipher build links 3.15): a plain insert there.
            guard SQLite.versionNumber >= 3_035_000 else {
                try connection.run(Self.log.insert(Self.v <- id + 50))
                return id + 50
            }
            let returned = try connection.run(Self.log.insert(Self.v <- id + 50).returning(Self.v))
            return returned.first.map { $0[Self.v] } ?? -1
        }
        let results = try db.prepare(Self.t.select(touch(Self.id)).order(Self.id)).map { $0[touch(Self.id)] }
        #expect(results == [51, 52, 53])
        #expect(try Self.logValues(db) == [1, 2, 3, 11, 12, 13, 41, 42, 43, 51, 52, 53])
        #expect(try db.prepare(Self.log.filter(Self.v == 12)).map { try $0.decode() as LogRow } == [LogRow(v: 12, note: "codable 2")])
        // The caches still serve the outer shapes.
        try db.run(Self.log.insert(Self.v <- 100, note <- "after"))
        try db.run(Self.log.insert(LogRow(v: 101, note: "after")))
        #expect(try db.scalar(Self.log.count) == 14)
        #expect(try Self.isIntact(db))
    }

    /// A cursor, a row sequence and a row iterator walk a query while their loop bodies run the
    /// same query again: the cached statement they hold is busy, and never handed out twice.
    @Test func iteratorsKeepTheirRowsWhileTheSameQueryRunsInTheirLoops() throws {
        let db = try Self.makeDatabase()
        let query = Self.t.order(Self.id)
        var seen: [[Int64]] = []
        for row in try db.prepare(query) {
            let inner = try db.prepare(query).map { $0[Self.id] }
            let plucked = try db.pluck(query)?[Self.id] ?? -1
            let raw = try db.cachedStatement(sql: query.asSQL()).cursor().map { try $0.get(0) as Int64 }
            seen.append([row[Self.id]] + inner + [plucked] + raw)
        }
        let iterator = try db.prepareRowIterator(query)
        while let row = try iterator.failableNext() {
            seen.append([row[Self.id]] + (try db.prepare(query).map { $0[Self.id] }))
        }
        let cursor = try db.cursor(query)
        while let row = try cursor.next() {
            let inner = try db.cursor(query).map { try $0.get(Self.id) }
            seen.append([try row.get(Self.id)] + inner + [Int64(try db.scalar(Self.t.count))])
        }
        #expect(
            seen == [
                [1, 1, 2, 3, 1, 1, 2, 3], [2, 1, 2, 3, 1, 1, 2, 3], [3, 1, 2, 3, 1, 1, 2, 3],
                [1, 1, 2, 3], [2, 1, 2, 3], [3, 1, 2, 3],
                [1, 1, 2, 3, 3], [2, 1, 2, 3, 3], [3, 1, 2, 3, 3]
            ])
        // A loop left early gives its statement back: the next run starts at the first row.
        for _ in try db.prepare(query) { break }
        #expect(try db.prepare(query).map { $0[Self.id] } == [1, 2, 3])
    }

    // MARK: Codable values that use the connection while Slate encodes or decodes them

    static let databaseKey = CodingUserInfoKey(rawValue: "reentry.database")!
    static let depthKey = CodingUserInfoKey(rawValue: "reentry.depth")!

    /// Encodes `a`, then (once) inserts and reads rows through the same connection, then
    /// encodes `note`: the thread's encoder is in use, so the nested insert gets its own.
    struct Audited: Encodable {
        var v: Int64
        var note: String
        enum Keys: String, CodingKey { case v, note }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(v, forKey: .v)
            if let db = encoder.userInfo[TypedReentryTests.databaseKey] as? Connection, v < 10 {
                // The same shape (the same type), then another, then a read that decodes rows.
                try db.run(TypedReentryTests.log.insert(Audited(v: v + 10, note: "nested"), userInfo: [TypedReentryTests.databaseKey: db]))
                try db.run(TypedReentryTests.log.insert(LogRow(v: v + 20, note: nil)))
                let items = try db.prepare(TypedReentryTests.t.order(TypedReentryTests.id)).map { try $0.decode() as Item }
                try container.encode(note + " after \(items.count) items", forKey: .note)
            } else {
                try container.encode(note, forKey: .note)
            }
        }
    }

    @Test func encodeToInsertingThroughTheSameConnectionGetsItsOwnEncoder() throws {
        let db = try Self.makeDatabase()
        try db.run(Self.log.insert(Audited(v: 1, note: "outer"), userInfo: [Self.databaseKey: db]))
        try db.run(Self.log.insertMany([Audited(v: 2, note: "many"), Audited(v: 3, note: "many")], userInfo: [Self.databaseKey: db]))
        let rows = try db.prepare(Self.log.order(Self.v)).map { try $0.decode() as LogRow }
        #expect(
            rows == [
                LogRow(v: 1, note: "outer after 3 items"), LogRow(v: 2, note: "many after 3 items"),
                LogRow(v: 3, note: "many after 3 items"), LogRow(v: 11, note: "nested"), LogRow(v: 12, note: "nested"),
                LogRow(v: 13, note: "nested"), LogRow(v: 21, note: nil), LogRow(v: 22, note: nil), LogRow(v: 23, note: nil)
            ])
        #expect(try Self.isIntact(db))
    }

    /// Decodes `id`, then (at depth 0) decodes every row of the same query through the same
    /// connection, then decodes `x`: the outer row is still there to read.
    struct Node: Decodable, Equatable {
        var id: Int64
        var x: String
        var children: [Node]
        init(id: Int64, x: String, children: [Node] = []) { (self.id, self.x, self.children) = (id, x, children) }
        enum Keys: String, CodingKey { case id, x }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(Int64.self, forKey: .id)
            let depth = decoder.userInfo[TypedReentryTests.depthKey] as? Int ?? 0
            if depth == 0, let db = decoder.userInfo[TypedReentryTests.databaseKey] as? Connection {
                let userInfo: [CodingUserInfoKey: Any] = [TypedReentryTests.databaseKey: db, TypedReentryTests.depthKey: 1]
                let copied = try db.prepare(TypedReentryTests.t.order(TypedReentryTests.id)).map { try $0.decode(userInfo: userInfo) as Node }
                let inPlace = try db.prepare(sql: "SELECT * FROM t ORDER BY id").cursor().decodeAll(Node.self, userInfo: userInfo)
                guard copied == inPlace else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "paths differ")) }
                children = copied
            } else {
                children = []
            }
            x = try container.decode(String.self, forKey: .x)
        }
    }

    @Test func initFromDecoderRunningTheSameQueryDecodesEveryRowRight() throws {
        let db = try Self.makeDatabase()
        let leaves = [Node(id: 1, x: "a"), Node(id: 2, x: "b"), Node(id: 3, x: "c")]
        let expected = leaves.map { Node(id: $0.id, x: $0.x, children: leaves) }
        let userInfo: [CodingUserInfoKey: Any] = [Self.databaseKey: db]
        // Copied rows (one reused decoder per layout), a cursor's rows (read in place), and a
        // typed cursor's rows, each decoding the same query inside every row.
        #expect(try db.prepare(Self.t.order(Self.id)).map { try $0.decode(userInfo: userInfo) as Node } == expected)
        #expect(try db.prepare(sql: "SELECT * FROM t ORDER BY id").cursor().decodeAll(Node.self, userInfo: userInfo) == expected)
        #expect(try db.cursor(Self.t.order(Self.id)).map { try $0.snapshot().decode(userInfo: userInfo) as Node } == expected)
        #expect(try Self.isIntact(db))
    }

    // MARK: Prepared inserts of a table description

    /// A prepared insert re-entered from its own step (a trigger calls a function that inserts
    /// through the same `InsertStatement`) is refused: its one statement is running. Another
    /// prepared insert into the same table works.
    @Test func describedInsertReenteredFromItsOwnStepIsRefused() throws {
        let result = withReentryWatchdog(seconds: 30) { () throws -> ([[SQLiteValue]], [SQLiteError.Code], Bool) in
            let db = try Connection()
            let description = try createLabelledTable("described", in: db)
            let insert = try db.prepareInsert(into: description)
            let other = try db.prepareInsert(into: description)
            let record = Record()
            try db.createFunction("again", argumentCount: 1, options: []) { args in
                let n = try args.get(0, as: Int64.self)
                record.calls += 1
                guard n < 10, record.calls < 20 else { return n }
                for attempt in [
                    { try insert.insert(["n": .int(n + 10), "label": .text("same statement")]) },
                    { try insert.insert(values: [.text("same statement"), .int(n + 20)]) },
                    { try insert.insert(["n": .int(n + 30)]) }
                ] as [() throws -> Int64] {
                    do { _ = try attempt() } catch let error as SQLiteError { record.errors.append(error) }
                }
                try other.insert(["n": .int(n + 40), "label": .text("other statement")])
                return n
            }
            try db.execute(sql: "CREATE TRIGGER reenter AFTER INSERT ON described BEGIN SELECT again(NEW.n); END")
            try insert.insert(["n": .int(1), "label": .text("outer")])
            try insert.insert(values: [.text("outer"), .int(2)])
            // The prepared insert still works after the refusals.
            try insert.insert(["n": .int(100), "label": .text("after")])
            let rows = try db.prepare(sql: "SELECT n, label FROM described ORDER BY n").cursor()
                .map { row in [row[0], row[1]] }
            return (rows, record.errors.map(\.code), try Self.isIntact(db))
        }
        let (rows, codes, intact) = try #require(result, "the prepared insert never finished").get()
        #expect(
            rows == [
                [.int(1), .text("outer")], [.int(2), .text("outer")], [.int(41), .text("other statement")],
                [.int(42), .text("other statement")], [.int(100), .text("after")]
            ])
        #expect(codes.count == 6)
        #expect(codes.allSatisfy { $0 == SQLITE_MISUSE })
        #expect(intact)
    }

    // MARK: Hooks

    /// The typed paths a hook might try.
    enum TypedUse: String, CaseIterable, Sendable {
        case pluck, scalar, prepare, cursor, insertSetters, insertCodable, update, delete

        func perform(on db: Connection) throws {
            switch self {
            case .pluck: _ = try db.pluck(TypedReentryTests.t)
            case .scalar: _ = try db.scalar(TypedReentryTests.t.count)
            // A row sequence records its errors rather than throwing them: the iterator throws.
            case .prepare: _ = try db.prepareRowIterator(TypedReentryTests.t).map { $0[TypedReentryTests.id] }
            case .cursor: _ = try db.cursor(TypedReentryTests.t).next()
            case .insertSetters: try db.run(TypedReentryTests.log.insert(TypedReentryTests.v <- 1))
            case .insertCodable: try db.run(TypedReentryTests.log.insert(LogRow(v: 2, note: "hook")))
            case .update: try db.run(TypedReentryTests.log.update(TypedReentryTests.v <- 3))
            case .delete: try db.run(TypedReentryTests.t.filter(TypedReentryTests.id == 1).delete())
            }
        }

        var isRead: Bool { self == .pluck || self == .scalar || self == .prepare || self == .cursor }
    }

    /// SQLite forbids hooks to change their connection. Through Slate's typed paths as through
    /// raw SQL, the commit hook may use nothing, the update and rollback hooks only read-only
    /// queries: the rest throws SQLITE_MISUSE, and the write that fired the hook stands.
    @Test(arguments: TypedUse.allCases)
    func hooksRunningTypedQueriesGetWhatTheirHookAllows(_ use: TypedUse) throws {
        let db = try Self.makeDatabase()
        nonisolated(unsafe) let connection = db
        let record = Record()
        nonisolated(unsafe) var outcomes: [String] = []
        func attempt(_ hook: String) {
            record.calls += 1
            do {
                try use.perform(on: connection)
                outcomes.append("\(hook) ok")
            } catch let error as SQLiteError {
                outcomes.append("\(hook) \(error.code == SQLITE_MISUSE && error.explanation.contains("hook") ? "refused" : "\(error)")")
            } catch {
                outcomes.append("\(hook) \(error)")
            }
        }
        db.commitHook { attempt("commit") }
        db.updateHook { _, _, table, _ in if table == "t" { attempt("update") } }
        db.rollbackHook { attempt("rollback") }
        try db.transaction { try db.run(Self.t.insert(Self.id <- 4, Self.x <- "d")) }  // update, commit
        try db.run(Self.t.filter(Self.id == 4).update(Self.x <- "D"))  // update, commit
        try db.execute(sql: "BEGIN")
        try db.run(Self.t.insert(Item(id: 5, x: "e")))  // update
        try db.execute(sql: "ROLLBACK")  // rollback
        db.commitHook(nil)
        db.updateHook(nil)
        db.rollbackHook(nil)
        let changeHooks = use.isRead ? "ok" : "refused"
        #expect(
            outcomes == [
                "update \(changeHooks)", "commit refused", "update \(changeHooks)", "commit refused",
                "update \(changeHooks)", "rollback \(changeHooks)"
            ])
        #expect(
            try db.prepare(Self.t.order(Self.id)).map { try $0.decode() as Item } == [
                Item(id: 1, x: "a"), Item(id: 2, x: "b"), Item(id: 3, x: "c"), Item(id: 4, x: "D")
            ])
        #expect(try Self.logValues(db) == [])
        // The caches the refused calls went through still work.
        try db.run(Self.log.insert(Self.v <- 1))
        try db.run(Self.log.insert(LogRow(v: 2, note: "after")))
        #expect(try Self.logValues(db) == [1, 2])
        #expect(try Self.isIntact(db))
    }
}

/// Runs `body` on its own thread and waits at most `seconds` for it: for a re-entry that could
/// loop forever (a statement restarted from inside its own step) the test fails instead of
/// hanging. A body that overruns keeps running on its thread.
private func withReentryWatchdog<T: Sendable>(
    seconds: Double, _ body: @escaping @Sendable () throws -> T
) -> Result<T, any Error>? {
    let box = ReentryWatchdogBox<T>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let result = Result { try body() }
        box.lock.withLock { box.result = result }
        done.signal()
    }
    thread.stackSize = 16 << 20
    thread.start()
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return box.lock.withLock { box.result }
}

/// Where the watched thread leaves its result; guarded by its lock.
private final class ReentryWatchdogBox<T>: @unchecked Sendable {
    let lock = NSLock()
    var result: Result<T, any Error>?
}
