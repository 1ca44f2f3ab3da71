import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// A connection that ran typed queries, typed and Codable inserts, hooks and functions is freed
/// when its user lets go of it: the typed layer's caches (statements, insert shapes, row layouts)
/// never keep it alive.
@Suite("Connections are freed after typed use", .serialized)
struct ConnectionReleaseTests {
    struct User: Codable, Equatable {
        var id: Int64?
        var name: String
        var email: String?
    }

    static let users = Table("users")
    static let id = Expression<Int64>("id")
    static let name = Expression<String>("name")
    static let email = Expression<String?>("email")

    static let schema = "CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT)"

    /// A connection (in memory unless a path is given) with `users`, used by `use` and
    /// released (see `releasedConnection`).
    static func released(path: String? = nil, _ use: (Connection) throws -> Void) throws -> WeakConnection {
        try releasedConnection(path: path, schema: schema, use)
    }

    @Test func freedAfterIteratingATypedQuery() throws {
        let weak = try Self.released { db in
            try db.run(Self.users.insert(Self.name <- "Ada"))
            var names: [String] = []
            for row in try db.prepare(Self.users.order(Self.id)) { names.append(row[Self.name]) }
            #expect(names == ["Ada"])
        }
        #expect(weak.value == nil)
    }

    @Test func freedAfterPluckScalarAndRowIterators() throws {
        let weak = try Self.released { db in
            try db.run(Self.users.insert(Self.name <- "Ada"))
            #expect(try db.pluck(Self.users)?[Self.name] == "Ada")
            #expect(try db.scalar(Self.users.count) == 1)
            #expect(try db.scalar(Self.users.select(Self.id.max)) == 1)
            #expect(try Array(db.prepareRowIterator(Self.users)).count == 1)
            // An iterator abandoned in the middle of its rows.
            try db.run(Self.users.insert(Self.name <- "Grace"))
            let iterator = try db.prepareRowIterator(Self.users)
            #expect(try iterator.failableNext() != nil)
        }
        #expect(weak.value == nil)
    }

    @Test func freedAfterATypedCursor() throws {
        let weak = try Self.released { db in
            try db.run(Self.users.insert(Self.name <- "Ada"))
            let cursor = try db.cursor(Self.users)
            var names: [String] = []
            while let row = try cursor.next() { names.append(try row.get(Self.name)) }
            #expect(names == ["Ada"])
        }
        #expect(weak.value == nil)
    }

    @Test func freedAfterTypedAndCodableWrites() throws {
        let weak = try Self.released { db in
            try db.run(Self.users.insert(Self.name <- "Ada", Self.email <- "ada@example.com"))
            try db.run(Self.users.insert(User(id: nil, name: "Grace", email: nil)))
            try db.run(Self.users.insertMany([[Self.name <- "Edsger"], [Self.name <- "Barbara"]]))
            try db.run(Self.users.filter(Self.name == "Ada").update(Self.email <- nil))
            try db.run(Self.users.filter(Self.name == "Edsger").delete())
            let decoded: [User] = try db.prepare(Self.users.order(Self.id)).map { try $0.decode() }
            #expect(decoded.map(\.name) == ["Ada", "Grace", "Barbara"])
        }
        #expect(weak.value == nil)
    }

    @Test func freedAfterHooksAndFunctionsUsedByTypedQueries() throws {
        let delegate = UpdateCountingDelegate()
        var updates = 0
        let weak = try Self.released { db in
            db.add(observer: delegate)
            db.updateHook { _, _, _, _ in updates += 1 }
            db.commitHook {}
            db.trace { _ in }
            db.createFunction("shout", argumentCount: 1, deterministic: true) { args in
                (args[0] as? String).map { $0.uppercased() }
            }
            try db.run(Self.users.insert(Self.name <- "Ada"))
            let loud = SQLExpression<String>(literal: "shout(\"name\")")
            #expect(try db.pluck(Self.users.select(loud))?[loud] == "ADA")
        }
        #expect(weak.value == nil)
        #expect(delegate.updates == 1)
        #expect(updates == 1)
    }

    @Test func aTypedCursorInTheUsersHandsStillWorks() throws {
        var cursor: Cursor?
        let weak = try Self.released { db in
            try db.run(Self.users.insert(Self.name <- "Ada"))
            try db.run(Self.users.insert(Self.name <- "Grace"))
            cursor = try db.cursor(Self.users.order(Self.id))
        }
        // The cursor holds its statement, which keeps SQLite's handle open: the `Connection`
        // object is freed, and the rows still read by typed expression.
        #expect(weak.value == nil)
        var names: [String] = []
        do {
            let kept = try #require(cursor)
            while let row = try kept.next() { names.append(try row.get(Self.name)) }
        }
        #expect(names == ["Ada", "Grace"])
        cursor = nil
    }

    @Test func rowsOfATemporaryConnectionStillIterate() throws {
        // SQLite.swift code such as `for row in try Connection(path).prepare(users)` drops the
        // connection before the loop starts.
        let directory = try TemporaryDirectory()
        let path = directory.path("release.sqlite")
        do {
            let db = try Connection(path)
            try db.execute(sql: Self.schema)
            try db.run(Self.users.insert(Self.name <- "Ada"))
        }
        var names: [String] = []
        let rows = try Connection(path).prepare(Self.users)
        for row in rows { names.append(row[Self.name]) }
        #expect(rows.error == nil)
        #expect(names == ["Ada"])
    }

    // MARK: Ten thousand connections

    /// The process's open file descriptors, or `nil` where `/proc/self/fd` does not exist.
    static func openFileDescriptors() -> [String]? {
        try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    }

    /// How many of the process's file descriptors are open on a file inside `folder`.
    static func descriptors(inside folder: String) -> Int {
        (openFileDescriptors() ?? []).count { fd in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + fd) else {
                return false
            }
            return target.hasPrefix(folder)
        }
    }

    /// Everything a connection can be asked to keep: typed queries, cached statements, typed
    /// and Codable inserts, hooks and functions.
    static func exercise(_ db: Connection, round: Int) throws {
        try db.execute(sql: "PRAGMA synchronous = OFF")
        db.updateHook { _, _, _, _ in }
        db.commitHook {}
        db.createFunction("shout", argumentCount: 1, deterministic: true) { args in
            (args[0] as? String).map { $0.uppercased() }
        }
        try db.transaction {
            try db.run(users.insert(name <- "user \(round)", email <- nil))
            try db.run(users.insert(User(id: nil, name: "codable \(round)", email: "c@example.com")))
        }
        _ = try db.pluck(users.filter(id == Int64(round % 50 + 1)))
        _ = try db.scalar(users.count)
        for row in try db.prepare(users.filter(id <= 2)) { _ = row[name] }
        let cached = try db.cachedStatement(sql: "SELECT shout(name) FROM users WHERE id = ?")
        try cached.bind(Int64(1), at: 1)
        _ = try cached.step()
        try cached.reset()  // its read lock would block the next connection's writes
        try db.run(users.filter(name == "user \(round)").delete())
        try db.run(users.filter(name == "codable \(round)").delete())
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd")))
    func tenThousandConnectionsReturnDescriptorsAndMemory() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("many.sqlite")
        // Warm up once: SQLite's and the runtime's one-time allocations are not a leak.
        _ = try Self.released(path: path) { try Self.exercise($0, round: 0) }
        let startDescriptors = Self.openFileDescriptors()?.count ?? 0
        let startMemory = sqlite3_memory_used()
        for round in 1...10_000 {
            let weak = try Self.released(path: path) { try Self.exercise($0, round: round) }
            if weak.value != nil || Self.descriptors(inside: folder.url.path) != 0 {
                // Stop at once rather than exhaust the process's descriptors for the other tests.
                Issue.record("round \(round): the connection was not freed, or its file is still open")
                return
            }
        }
        #expect(Self.descriptors(inside: folder.url.path) == 0)
        let endDescriptors = Self.openFileDescriptors()?.count ?? 0
        let growth = sqlite3_memory_used() - startMemory
        // Fixed slack, not proportional to the 10,000 connections: what tests running in
        // parallel may hold at the moment of measuring.
        #expect(endDescriptors <= startDescriptors + 16, "descriptors: \(startDescriptors) → \(endDescriptors)")
        #expect(growth < 8 << 20, "SQLite's memory grew by \(growth) bytes over 10,000 connections")
    }
}
