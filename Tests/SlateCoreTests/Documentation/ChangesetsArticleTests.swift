// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// The examples of `SlateCore.docc/Changesets.md`, run as written.
@Suite("Changesets article", .enabled(if: SQLite.hasSessionExtension))
struct ChangesetsArticleTests {
    @Test func twoReplicasExchangePatchsetsAndResolveAConflict() throws {
        let schema = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, updatedAt INTEGER)"
        let phone = try Connection()
        let laptop = try Connection()
        for replica in [phone, laptop] {
            try replica.execute(sql: schema)
            try replica.execute(sql: "INSERT INTO notes VALUES (1, 'milk', 100), (2, 'eggs', 100)")
        }

        let phoneSession = try Session(phone)
        let laptopSession = try Session(laptop)
        try phone.execute(sql: "UPDATE notes SET body = 'oat milk', updatedAt = 200 WHERE id = 1")
        try phone.execute(sql: "INSERT INTO notes VALUES (3, 'bread', 200)")
        try laptop.execute(sql: "DELETE FROM notes WHERE id = 2")
        try laptop.execute(sql: "INSERT INTO notes VALUES (3, 'butter', 150)")

        let fromPhone = try phoneSession.patchset()
        let fromLaptop = try laptopSession.patchset()

        let bytes: Data = fromPhone.data                  // what goes over the wire
        let received = Changeset(bytes)                   // on the laptop, checked when read or applied
        #expect(received == fromPhone)

        for change in try fromPhone.changes() {
            print(change.operation, change.table, change.primaryKey.compactMap { $0 })
        }
        // update notes [1] and insert notes [3], in an order of SQLite's choosing
        #expect(Set(try fromPhone.changes().map { "\($0.operation) \($0.table) \($0.primaryKey.compactMap { $0 })" })
            == ["update notes [1]", "insert notes [3]"])

        var kinds: [ChangesetConflict.Kind] = []
        func newerWins(_ conflict: ChangesetConflict) -> ConflictResolution {
            kinds.append(conflict.kind)
            switch conflict.kind {
            case .data, .conflict:
                guard case .int(let incoming)? = conflict.change?.newValues[2],
                      case .int(let local)? = conflict.conflictingRow?[2]
                else { return .abort }
                return incoming > local ? .replace : .omit
            case .notFound:
                return .omit                       // already deleted here
            case .constraint, .foreignKey:
                return .abort
            }
        }

        // The sessions are done: what the other side sends is not recorded.
        phoneSession.delete()
        laptopSession.delete()
        try phone.apply(fromLaptop, onConflict: newerWins)   // keeps its 'bread'
        try laptop.apply(fromPhone, onConflict: newerWins)   // replaces 'butter' with 'bread'

        #expect(kinds == [.conflict, .conflict])
        let rows = "SELECT id, body, updatedAt FROM notes ORDER BY id"
        let phoneRows = try phone.prepare(sql: rows).rows().map(\.values)
        #expect(phoneRows == (try laptop.prepare(sql: rows).rows().map(\.values)))
        #expect(phoneRows == [[.int(1), .text("oat milk"), .int(200)], [.int(3), .text("bread"), .int(200)]])
    }

    @Test func comparingTwoDatabases() throws {
        let folder = try TemporaryDirectory()
        for (name, rows) in [("phone", "(1, 'milk', 100)"), ("server", "(1, 'oat milk', 200), (2, 'eggs', 150)")] {
            let file = try Connection(folder.path("\(name).sqlite"))
            try file.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, updatedAt INTEGER); INSERT INTO notes VALUES \(rows)")
            try file.execute(sql: "CREATE TABLE log (line TEXT)")
            file.close()
        }

        let phonePath = folder.path("phone.sqlite")
        let serverPath = folder.path("server.sqlite")

        let db = try Connection()                          // a scratch connection
        try db.attach(.uri(phonePath, parameters: [.mode(.readOnly)]), as: "phone")
        try db.attach(.uri(serverPath, parameters: [.mode(.readOnly)]), as: "server")
        let diff = try db.diff(from: "phone", to: "server")
        for omission in diff.omissions {
            print("not compared:", omission)               // a table without a primary key, …
        }
        db.close()

        let phone = try Connection(phonePath)
        try phone.apply(diff.changeset, columns: diff.columns)   // the phone now holds the server's rows

        #expect(diff.omissions == [.tableWithoutPrimaryKey("log")])
        #expect(diff.columns["notes"] == ["id", "body", "updatedAt"])
        #expect(try phone.prepare(sql: "SELECT * FROM notes ORDER BY id").rows().map(\.values)
            == [[.int(1), .text("oat milk"), .int(200)], [.int(2), .text("eggs"), .int(150)]])
    }

    @Test func invertingConcatenatingAndFiltering() throws {
        let schema = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, updatedAt INTEGER)"
        let db = try Connection()
        try db.execute(sql: schema)
        var steps: [Changeset] = []
        for edit in ["INSERT INTO notes VALUES (1, 'draft', 1)", "UPDATE notes SET body = 'final' WHERE id = 1"] {
            let session = try Session(db)
            try db.execute(sql: edit)
            steps.append(try session.changeset())
        }
        let both = try Changeset.concatenating(steps)   // one insert, of 'final'
        try db.apply(both.inverted())                   // back to an empty table
        #expect(try both.changes().map(\.operation) == [.insert])
        #expect(try both.changes().first?.newValues[1] == .text("final"))
        #expect(try db.scalar(Int.self, "SELECT count(*) FROM notes") == 0)
        #expect(try both.filtered(tables: ["notes"]) == both)
    }
}
