import Foundation
import Slate
@testable import SlateCore
import SlateTestSupport
import Testing

/// Waits (bounded) until the observation accounted for `commits` notified commits
/// (`handledCommits` is internal to SlateCore, so the support module cannot ask it).
private func waitHandled(_ cancellable: ObservationCancellable, commits: Int) -> Bool {
    waitUntil(seconds: observationWatchdog) { cancellable.handledCommits() >= commits }
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
    private func makeWriter(_ kind: WriterKind, in folder: TemporaryDirectory) throws -> any DatabaseWriter {
        let writer = try kind.open(folder.path("\(kind).sqlite"))
        try writer.write { db in
            try db.run(
                members.create { t in
                    t.column(id, primaryKey: true)
                    t.column(email)
                    t.column(name)
                    t.column(visits, defaultValue: 0)
                })
            try db.execute(sql: "CREATE TABLE unrelated (x)")
        }
        return writer
    }

    @Test("a typed query: region is the columns it selects", .enabled(if: StatementFootprint.reportsTablesReadWithoutColumns, "this SQLite's authorizer does not name count(*) tables: every commit refetches"), arguments: WriterKind.allCases)
    func typedQuery(kind: WriterKind) throws {
        let folder = try TemporaryDirectory()
        let writer = try makeWriter(kind, in: folder)
        let log = ObservationLog<[String]>()
        let fetches = FetchCounter()
        let cancellable = ValueObservation.tracking { db in
            fetches.increment()
            return try db.cursor(members.select(email).order(email)).map { try $0.get(email) }
        }.start(in: writer, onError: { Issue.record($0) }, onChange: { log.append($0) })
        #expect(log.wait { values, _ in values.count == 1 })
        try writer.write { db in _ = try db.run(members.insert(email <- "ada@example.com", name <- "Ada")) }
        #expect(log.wait { values, _ in values.last == ["ada@example.com"] })
        // Another column, another table: no fetch.
        try writer.write { db in _ = try db.run(members.update(visits <- visits + 1)) }
        try writer.write { db in _ = try db.run("INSERT INTO unrelated VALUES (1)") }
        #expect(waitHandled(cancellable, commits: 3))
        #expect(fetches.value == 2)
        try writer.write { db in _ = try db.run(members.filter(id == 1).update(email <- "ada@me.com")) }
        #expect(log.wait { values, _ in values.last == ["ada@me.com"] })
        cancellable.cancel()
    }

    @Test("a Codable fetch through values(in:)", arguments: WriterKind.allCases)
    func codableFetch(kind: WriterKind) async throws {
        let folder = try TemporaryDirectory()
        let writer = try makeWriter(kind, in: folder)
        let observation = ValueObservation.tracking { db -> [Member] in
            try db.cursor(members.select(id, email, name).order(id)).map { row in try row.snapshot().decode() }
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
