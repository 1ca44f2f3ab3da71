import Foundation
import PropertyBased
import SlateCore
import SlateCoreTestSupport
import Testing

/// One random statement on the changeset schema: what to do, to which row, with which value.
private struct RandomEdit: CustomStringConvertible {
    /// 0 inserts (or replaces), 1 updates, 2 deletes; 3 changes a `tags` row.
    let action: Int
    /// The row's key, from a small range so that updates and deletes find rows.
    let key: Int
    /// The kind of value written: integer, real, text, blob or NULL.
    let valueKind: Int
    let number: Int

    var value: SQLiteValue {
        switch valueKind {
        case 0: .int(Int64(number))
        case 1: .real(Double(number) / 8)
        case 2: .text("t\(number)")
        case 3: .blob(Data(String(number).utf8))
        default: .null
        }
    }

    var description: String { "\(action)/\(key)/\(value)" }

    func apply(to db: Connection) throws {
        switch action {
        case 0:
            _ = try db.run("INSERT OR REPLACE INTO items (id, name, price) VALUES (?, ?, ?)", key, "n\(number)", value)
        case 1:
            _ = try db.run("UPDATE items SET price = ?, data = ? WHERE id = ?", value, Data([UInt8(key)]), key)
        case 2:
            _ = try db.run("DELETE FROM items WHERE id = ?", key)
        default:
            if number.isMultiple(of: 2) {
                _ = try db.run("INSERT OR REPLACE INTO tags VALUES (?, ?, ?)", "i\(key % 3)", "t\(key % 4)", value)
            } else {
                _ = try db.run("DELETE FROM tags WHERE item = ?", "i\(key % 3)")
            }
        }
    }
}

private let edits = zip(Gen.int(in: 0...3), Gen.int(in: 1...12), Gen.int(in: 0...4), Gen.int(in: -500...500))
    .map { RandomEdit(action: $0, key: $1, valueKind: $2, number: $3) }
    .array(of: 0...40)

@Suite("ChangesetPropertyTests", .enabled(if: SQLite.hasSessionExtension))
struct ChangesetPropertyTests {
    @Test func randomEditsRecordedAndAppliedToACopyMakeItEqual() async {
        await propertyCheck(count: 60, input: edits, edits) { setup, recorded in
            let a = try makeChangesetDatabase()
            for edit in setup { try edit.apply(to: a) }
            let copy = try copyDatabase(a)
            let patched = try copyDatabase(a)
            let original = try tableContents(a)
            let session = try Session(a)
            for edit in recorded { try edit.apply(to: a) }
            let changeset = try session.changeset()
            try copy.apply(changeset)
            #expect(try tableContents(copy) == tableContents(a))
            try patched.apply(session.patchset())
            #expect(try tableContents(patched) == tableContents(a))
            // And back.
            try copy.apply(changeset.inverted())
            #expect(try tableContents(copy) == original)
        }
    }
}

@Suite("ChangesetDiffPropertyTests", .enabled(if: SQLite.hasSessionExtension))
struct ChangesetDiffPropertyTests {
    @Test func theDiffOfRandomEditsAppliedToTheSourceMakesItEqualToTheTarget() async throws {
        let folder = try TemporaryDirectory()
        nonisolated(unsafe) var run = 0
        await propertyCheck(count: 40, input: edits, edits) { setup, more in
            run += 1
            let source = try Connection(folder.path("source-\(run).db"))
            try source.execute(sql: changesetSchema)
            for edit in setup { try edit.apply(to: source) }
            let target = try Connection(folder.path("target-\(run).db"))
            try source.backup(to: target)
            for edit in more { try edit.apply(to: target) }
            let original = try tableContents(source)

            let db = try Connection()
            try db.attach(.uri(folder.path("source-\(run).db"), parameters: [.mode(.readOnly)]), as: "source")
            try db.attach(.uri(folder.path("target-\(run).db"), parameters: [.mode(.readOnly)]), as: "target")
            let diff = try db.diff(from: "source", to: "target")
            db.close()
            try source.apply(diff.changeset)
            #expect(try tableContents(source) == tableContents(target))
            try source.apply(diff.changeset.inverted())
            #expect(try tableContents(source) == original)
        }
    }
}
