import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Refuses to compile any statement that reads the `secret` table, and allows the rest.
@Sendable private func hidingSecrets(_ request: AuthorizerRequest) -> AuthorizerDecision {
    request.action == SQLITE_READ && request.first == "secret" ? .deny : .allow
}

/// `Connection.authorizer(_:)`, SQLite's authorizer slot through Slate, and what Slate's own use of
/// the slot (an observation's footprints) must leave in it (issue 30, item 9's siblings).
@Suite("AuthorizerTests")
struct AuthorizerTests {
    @Test func aDeniedColumnReadRefusesTheStatementAndAnIgnoredOneReadsNull() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE users (name TEXT, password TEXT); INSERT INTO users VALUES ('ada', 'hunter2')")
        var requests: [AuthorizerRequest] = []
        db.authorizer { request in
            requests.append(request)
            return request.action == SQLITE_READ && request.second == "password" ? .deny : .allow
        }
        let denied = #expect(throws: SQLiteError.self) { try db.prepare(sql: "SELECT password FROM users") }
        #expect(denied?.code.matches(SQLITE_AUTH) == true)
        #expect(try db.scalar(String.self, "SELECT name FROM users") == "ada")
        #expect(requests.contains(AuthorizerRequest(action: SQLITE_READ, first: "users", second: "name", database: "main")))

        db.authorizer { request in request.action == SQLITE_READ && request.second == "password" ? .ignore : .allow }
        #expect(try db.scalar(String.self, "SELECT password FROM users") == nil)

        db.authorizer(nil)
        #expect(try db.scalar(String.self, "SELECT password FROM users") == "hunter2")
    }

    @Test func settingItRecompilesCachedStatements() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE secret (x); INSERT INTO secret VALUES (1)")
        #expect(try db.scalar(Int64.self, "SELECT x FROM secret") == 1)  // compiled, and cached
        db.authorizer(hidingSecrets)
        #expect(throws: SQLiteError.self) { try db.scalar(Int64.self, "SELECT x FROM secret") }
    }

    @Test func theClosureCannotUseTheConnection() throws {
        let db = try Connection()
        nonisolated(unsafe) var inner: SQLiteError?
        nonisolated(unsafe) var asked = false
        db.authorizer { [unowned db] _ in
            if !asked {
                asked = true
                inner = sqliteError { try db.execute(sql: "SELECT 1") }
            }
            return .allow
        }
        #expect(try db.scalar(Int64.self, "SELECT 2") == 2)
        #expect(asked)
        #expect(inner?.code.matches(SQLITE_MISUSE) == true)
    }

    @Test("an observation's footprints leave the authorizer in place", arguments: WriterKind.allCases)
    func anObservationKeepsTheAuthorizer(kind: WriterKind) throws {
        let directory = try TemporaryDirectory()
        var configuration = Configuration()
        configuration.prepareDatabase { db in db.authorizer(hidingSecrets) }
        let path = directory.path("db.sqlite")
        let writer: any DatabaseWriter =
            kind == .queue
            ? try DatabaseQueue(path: path, configuration: configuration)
            : try DatabasePool(path: path, configuration: configuration)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (x); CREATE TABLE secret (y)") }

        let log = ObservationLog<Int>()
        let cancellable = log.start(.tracking { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1 }, in: writer)
        #expect(log.wait(forCount: 1))
        // The commit makes the observation learn the INSERT's footprint on the writer, and the
        // fetch that follows compiles its SELECT again: both borrow the authorizer slot.
        try writer.write { db in try db.run("INSERT INTO t VALUES (1)") }
        #expect(log.wait { values, _ in values.last == 1 })
        cancellable.cancel()

        let writerRefuses = #expect(throws: SQLiteError.self) {
            try writer.writeWithoutTransaction { db in try db.execute(sql: "SELECT y FROM secret") }
        }
        #expect(writerRefuses?.code.matches(SQLITE_AUTH) == true)
        let readerRefuses = #expect(throws: SQLiteError.self) { try writer.read { db in try db.execute(sql: "SELECT y FROM secret") } }
        #expect(readerRefuses?.code.matches(SQLITE_AUTH) == true)
        #expect(log.errors.isEmpty)
    }

    @Test func aRefusedObservedStatementIsAnErrorNotASilentGap() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.execute(sql: "CREATE TABLE secret (y)") }
        try queue.writeWithoutTransaction { db in db.authorizer(hidingSecrets) }
        let log = ObservationLog<Int>()
        // `count(y)`, not `count(*)`: SQLite before 3.17 (SQLCipher 3.4's base) asks the authorizer
        // nothing for a table whose columns a statement never reads.
        let cancellable = log.start(.tracking { db in try db.scalar(Int.self, "SELECT count(y) FROM secret") ?? -1 }, in: queue)
        #expect(log.wait { _, errors in !errors.isEmpty })
        #expect((log.errors.first as? SQLiteError)?.code.matches(SQLITE_AUTH) == true)
        cancellable.cancel()
    }
}
