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

/// Keys that SQL calls equal within each group: `'a'` and `'A'` under `NOCASE`; `0`, `0.0` and
/// `-0.0`; `1` and `1.0`.
private let collidingKeys: [[SQLiteValue]] = [
    [.text("a"), .text("A")], [.text("b"), .text("B")], [.int(0), .real(0), .real(-0.0)], [.int(1), .real(1)]
]
/// Values that differ only in storage class, case or the sign of a zero.
private let collidingValues: [SQLiteValue] = [
    .int(0), .real(0), .real(-0.0), .int(1), .real(1), .text("x"), .text("X"), .null, .blob(Data([0]))
]
/// One database's rows of a table: per key group, a number whose remainder by 4 picks the key's
/// spelling (or no row, past the group's spellings) and whose quotient picks the value.
private let pickedRows = Gen.int(in: 0..<(4 * 9)).array(of: 4...4)

@Suite("ChangesetInversePropertyTests", .enabled(if: SQLite.hasSessionExtension))
struct ChangesetInversePropertyTests {
    static let schema = """
        CREATE TABLE t (k COLLATE NOCASE PRIMARY KEY, v) WITHOUT ROWID;
        CREATE TABLE r (id INTEGER PRIMARY KEY, v, w TEXT COLLATE NOCASE);
        """

    /// Inserts the picked rows into `schema.t` and `schema.r`.
    private func insert(_ t: [Int], _ r: [Int], into schema: String, of db: Connection) throws {
        for (spellings, pick) in zip(collidingKeys, t) where pick % 4 < spellings.count {
            _ = try db.run("INSERT INTO \(schema).t VALUES (?, ?)", spellings[pick % 4], collidingValues[pick / 4])
        }
        for (id, pick) in r.enumerated() where pick % 4 != 3 {
            let w: SQLiteValue = pick % 4 == 0 ? .null : .text(pick % 4 == 1 ? "w" : "W")
            _ = try db.run("INSERT INTO \(schema).r VALUES (?, ?, ?)", id, collidingValues[pick / 4], w)
        }
    }

    @Test func theInverseOfARandomDiffApplies() async {
        // Issue 30: the inverse of a diff aborted when a key changed only in case or storage
        // class, and a zero's sign was lost.
        await propertyCheck(count: 150, input: pickedRows, pickedRows, pickedRows, pickedRows) { at, ar, bt, br in
            let db = try Connection()
            for name in ["a", "b"] {
                try db.attach(.inMemory, as: name)
                try db.execute(sql: Self.schema.replacingOccurrences(of: "CREATE TABLE ", with: "CREATE TABLE \(name)."))
            }
            try insert(at, ar, into: "a", of: db)
            try insert(bt, br, into: "b", of: db)
            let diff = try db.diff(from: "a", to: "b")
            let target = try Connection()
            try target.execute(sql: Self.schema)
            try insert(at, ar, into: "main", of: target)
            try expectRoundTrip(diff.changeset, on: target, of: db, tables: ["t", "r"])
        }
    }
}
