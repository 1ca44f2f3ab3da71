import Foundation
import Slate
@testable import SlateCore
import Testing

/// Collects an observation's values and lets a test wait for one, with a watchdog.
private final class Values<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var values: [Value] = []
    private var fetches = 0

    var all: [Value] { condition.withLock { values } }
    var fetchCount: Int { condition.withLock { fetches } }

    func countFetch() { condition.withLock { fetches += 1 } }

    func append(_ value: Value) {
        condition.withLock {
            values.append(value)
            condition.broadcast()
        }
    }

    func wait(until predicate: ([Value]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 60)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(values) {
            if !condition.wait(until: deadline) { return predicate(values) }
        }
        return true
    }
}

/// Waits (bounded) until the observation accounted for `commits` notified commits.
private func waitHandled(_ cancellable: ObservationCancellable, commits: Int) -> Bool {
    let deadline = Date(timeIntervalSinceNow: 60)
    while cancellable.handledCommits() < commits {
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.002)
    }
    return true
}

private struct Member: Codable, Equatable, Sendable {
    var id: Int64
    var email: String
    var name: String?
}

private let members = Table("members")
private let id = SQLExpression<Int64>("id")
private let email = SQLExpression<String>("email")
private let name = SQLExpression<String?>("name")
private let visits = SQLExpression<Int64>("visits")

/// ValueObservation with fetches written with the typed layer and Codable rows.
@Suite("ValueObservation with typed and Codable fetches", .enabled(if: DatabaseChangeTracker.reportsStatementEndsOnStep, "this SQLite reports statement ends only on reset"))
struct TypedObservationTests {
    enum Kind: String, CaseIterable, Sendable { case queue, pool }

    private func makeWriter(_ kind: Kind, in folder: URL) throws -> any DatabaseWriter {
        let path = folder.appendingPathComponent("\(kind).sqlite").path
        let writer: any DatabaseWriter = kind == .queue ? try DatabaseQueue(path: path) : try DatabasePool(path: path)
        try writer.write { db in
            try db.run(members.create { t in
                t.column(id, primaryKey: true)
                t.column(email)
                t.column(name)
                t.column(visits, defaultValue: 0)
            })
            try db.execute(sql: "CREATE TABLE unrelated (x)")
        }
        return writer
    }

    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("slate-observation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("a typed query: region is the columns it selects", .enabled(if: StatementFootprint.reportsTablesReadWithoutColumns, "this SQLite's authorizer does not name count(*) tables: every commit refetches"), arguments: Kind.allCases)
    func typedQuery(kind: Kind) throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try makeWriter(kind, in: url)
        let log = Values<[String]>()
        let cancellable = ValueObservation.tracking { db in
            log.countFetch()
            return try db.prepare(members.select(email).order(email)).map { $0[email] }
        }.start(in: writer, onError: { Issue.record($0) }, onChange: { log.append($0) })
        #expect(log.wait { $0.count == 1 })
        try writer.write { db in _ = try db.run(members.insert(email <- "ada@example.com", name <- "Ada")) }
        #expect(log.wait { $0.last == ["ada@example.com"] })
        // Another column, another table: no fetch.
        try writer.write { db in _ = try db.run(members.update(visits <- visits + 1)) }
        try writer.write { db in _ = try db.run("INSERT INTO unrelated VALUES (1)") }
        #expect(waitHandled(cancellable, commits: 3))
        #expect(log.fetchCount == 2)
        try writer.write { db in _ = try db.run(members.filter(id == 1).update(email <- "ada@me.com")) }
        #expect(log.wait { $0.last == ["ada@me.com"] })
        cancellable.cancel()
    }

    @Test("a Codable fetch through values(in:)", arguments: Kind.allCases)
    func codableFetch(kind: Kind) async throws {
        let url = try folder()
        defer { try? FileManager.default.removeItem(at: url) }
        let writer = try makeWriter(kind, in: url)
        let observation = ValueObservation.tracking { db -> [Member] in
            try db.prepare(members.select(id, email, name).order(id)).map { row in try row.decode() }
        }.removeDuplicates()
        var seen: [[Member]] = []
        for try await list in observation.values(in: writer) {
            seen.append(list)
            if list.count == 2 { break }
            try await writer.write { db in
                _ = try db.run(members.insert(Member(id: Int64(list.count + 1), email: "m\(list.count)@example.com", name: nil)))
            }
        }
        #expect(seen.map(\.count) == [0, 1, 2])
        #expect(seen.last?.last == Member(id: 2, email: "m1@example.com", name: nil))
    }
}
