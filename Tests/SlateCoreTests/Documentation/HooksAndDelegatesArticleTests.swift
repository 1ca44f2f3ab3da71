// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// An observer from `SlateCore.docc/HooksAndDelegates.md`, as written.
final class ChangeLog: ConnectionObserver {
    var changes: [String] = []
    var allowCommits = true
    func connection(_ connection: Connection, didUpdate action: SQLiteAction) {
        changes.append("\(action.table) \(action.rowID)")
    }
    func connectionWillCommit(_ connection: Connection) throws {
        guard allowCommits else { throw CocoaError(.userCancelled) }
    }
}

/// A trace observer from `SlateCore.docc/HooksAndDelegates.md`, as written.
final class StatementLog: ConnectionTraceObserver {
    var statements: [String] = []
    func connection(_ connection: Connection, trace: (unexpandedSQL: String, expandedSQL: String)) {
        statements.append(trace.expandedSQL)
    }
}

/// The examples of `SlateCore.docc/HooksAndDelegates.md`, run as written.
@Suite("Hooks and delegates article")
struct HooksAndDelegatesArticleTests {
    @Test func delegatesAndClosures() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE notes (body TEXT)")

        let log = ChangeLog()
        db.add(observer: log)
        try db.run("INSERT INTO notes (body) VALUES ('hello')")
        print(log.changes)                            // ["notes 1"]
        log.allowCommits = false
        let vetoed = try? db.run("INSERT INTO notes (body) VALUES ('refused')")
        print(vetoed == nil)                          // true: nothing was written
        db.remove(observer: log)
        #expect(log.changes.first == "notes 1")
        #expect(vetoed == nil)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM notes") == 1)

        let statements = StatementLog()
        db.add(trace: statements)
        try db.run("UPDATE notes SET body = ? WHERE rowid = 1", "hi")
        db.remove(trace: statements)
        print(statements.statements)                  // ["UPDATE notes SET body = 'hi' WHERE rowid = 1"]
        #expect(statements.statements == ["UPDATE notes SET body = 'hi' WHERE rowid = 1"])
    }

    @Test func authorizer() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE users (name TEXT, password TEXT)")

        db.authorizer { request in
            request.action == SQLITE_READ && request.second == "password" ? .deny : .allow
        }
        #expect(sqliteError { _ = try db.prepare(sql: "SELECT password FROM users") }?.code.matches(SQLITE_AUTH) == true)
        #expect(try db.scalar(Int.self, "SELECT count(name) FROM users") == 0)
    }

    @Test func vetoReachesTheCaller() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE notes (body TEXT)")
        let log = ChangeLog()
        log.allowCommits = false
        db.add(observer: log)
        let error = sqliteError { try db.run("INSERT INTO notes (body) VALUES ('refused')") }
        #expect(error?.code == SQLITE_CONSTRAINT_COMMITHOOK)
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM notes") == 0)
    }
}
