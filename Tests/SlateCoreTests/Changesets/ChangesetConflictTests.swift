import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Two databases that start equal, a changeset recorded on the first, and a conflicting change
/// made on the second: each conflict kind's setting. Every changeset also inserts item 50, which
/// conflicts with nothing, to show that an abort rolls it back too.
private struct Scenario {
    let target: Connection
    let changeset: Changeset

    init(_ kind: ChangesetConflict.Kind) throws {
        let source = try makeChangesetDatabase()
        try source.execute(
            sql: """
                CREATE TABLE parents (id INTEGER PRIMARY KEY);
                CREATE TABLE children (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parents (id));
                INSERT INTO items VALUES (1, 'a', 1, 'C1', NULL);
                """)
        target = try copyDatabase(source)
        try target.execute(sql: "PRAGMA foreign_keys = ON")
        let session = try Session(source, tables: .named(["items", "children"]))
        // What the source records, and what the target changes first (nothing, for .foreignKey).
        let (recorded, conflicting): (String, String?) =
            switch kind {
            case .data: ("UPDATE items SET name = 'fromA' WHERE id = 1", "UPDATE items SET name = 'fromB' WHERE id = 1")
            case .notFound: ("UPDATE items SET name = 'fromA' WHERE id = 1", "DELETE FROM items WHERE id = 1")
            case .conflict: ("INSERT INTO items (id, name) VALUES (2, 'fromA')", "INSERT INTO items (id, name) VALUES (2, 'fromB')")
            case .constraint:
                ("INSERT INTO items (id, name, code) VALUES (3, 'fromA', 'DUP')", "INSERT INTO items (id, name, code) VALUES (4, 'fromB', 'DUP')")
            // The parent is not recorded, so the target gets a child without its parent.
            case .foreignKey: ("INSERT INTO parents VALUES (9); INSERT INTO children VALUES (1, 9)", nil)
            }
        try source.execute(sql: recorded)
        if let conflicting { try target.execute(sql: conflicting) }
        try source.execute(sql: "INSERT INTO items (id, name) VALUES (50, 'extra')")
        changeset = try session.changeset()
    }

    /// The names of the items, by id.
    func names() throws -> [Int64: String] {
        var names: [Int64: String] = [:]
        for row in try target.prepare(sql: "SELECT id, name FROM items").rows() {
            names[try row.get(0)] = try row.get(1)
        }
        return names
    }

    func childCount() throws -> Int64? {
        try target.scalar(Int64.self, "SELECT count(*) FROM children")
    }
}

@Suite("ChangesetConflictTests", .enabled(if: SQLite.hasSessionExtension))
struct ChangesetConflictTests {
    @Test(arguments: ChangesetConflict.Kind.allCases, ConflictResolution.allCases)
    func everyKindWithEveryResolution(kind: ChangesetConflict.Kind, resolution: ConflictResolution) throws {
        let scenario = try Scenario(kind)
        let before = try scenario.names()
        var seen: [ChangesetConflict] = []
        let error = sqliteError {
            try scenario.target.apply(scenario.changeset) { conflict in
                seen.append(conflict)
                return resolution
            }
        }
        #expect(seen.map(\.kind) == [kind])
        let conflict = try #require(seen.first)

        // What the handler was told.
        switch kind {
        case .data:
            #expect(conflict.change?.operation == .update)
            #expect(conflict.change?.oldValues[1] == .text("a"))
            #expect(conflict.change?.newValues[1] == .text("fromA"))
            #expect(conflict.conflictingRow == [.int(1), .text("fromB"), .real(1), .text("C1"), .null])
        case .notFound:
            #expect(conflict.change?.primaryKey == [.int(1)])
            #expect(conflict.conflictingRow == nil)
        case .conflict:
            #expect(conflict.change?.operation == .insert)
            #expect(conflict.conflictingRow?[1] == .text("fromB"))
        case .constraint:
            #expect(conflict.change?.newValues[3] == .text("DUP"))
            #expect(conflict.table == "items")
        case .foreignKey:
            #expect(conflict.change == nil)
            #expect(conflict.foreignKeyViolations == 1)
        }

        // What became of the database.
        switch resolution {
        case .abort:
            #expect(error?.code == SQLITE_ABORT)
            #expect(error?.explanation.contains("\(kind) conflict") == true, "\(String(describing: error))")
            #expect(try scenario.names() == before)
            #expect(try scenario.childCount() == 0)
        case .replace where !kind.allowsReplace:
            #expect(error?.code == SQLITE_MISUSE)
            #expect(error?.explanation.contains("only data and conflict conflicts can be replaced") == true)
            #expect(try scenario.names() == before)
            #expect(try scenario.childCount() == 0)
        case .omit, .replace:
            #expect(error == nil)
            let names = try scenario.names()
            #expect(names[50] == "extra")
            switch (kind, resolution) {
            case (.data, .omit): #expect(names[1] == "fromB")
            case (.data, _): #expect(names[1] == "fromA")
            case (.notFound, _): #expect(names[1] == nil)
            case (.conflict, .omit): #expect(names[2] == "fromB")
            case (.conflict, _): #expect(names[2] == "fromA")
            case (.constraint, _): #expect(names[3] == nil && names[4] == "fromB")
            case (.foreignKey, _): #expect(try scenario.childCount() == 1)
            }
        }
    }

    @Test func theDefaultAbortsOnAnyConflictAndNamesIt() throws {
        for kind in ChangesetConflict.Kind.allCases {
            let scenario = try Scenario(kind)
            let before = try scenario.names()
            let error = expectSQLiteError(SQLITE_ABORT) { try scenario.target.apply(scenario.changeset) }
            #expect(error?.explanation.contains("nothing changed") == true)
            #expect(try scenario.names() == before)
            #expect(try scenario.childCount() == 0)
        }
    }

    @Test func anErrorThrownByTheHandlerPropagatesAndNothingChanges() throws {
        for kind in ChangesetConflict.Kind.allCases {
            let scenario = try Scenario(kind)
            let before = try scenario.names()
            #expect(throws: HandlerFailure()) {
                try scenario.target.apply(scenario.changeset) { _ in throw HandlerFailure() }
            }
            #expect(try scenario.names() == before)
            #expect(try scenario.childCount() == 0)
            #expect(try scenario.target.scalar(String.self, "PRAGMA integrity_check") == "ok")
        }
    }

    @Test func noConflictNoHandlerCall() throws {
        let a = try makeChangesetDatabase()
        let b = try copyDatabase(a)
        let session = try Session(a)
        try a.execute(sql: "INSERT INTO items (id) VALUES (1)")
        var calls = 0
        try b.apply(session.changeset()) { _ in
            calls += 1
            return .abort
        }
        #expect(calls == 0)
        #expect(try b.scalar(Int64.self, "SELECT count(*) FROM items") == 1)
    }
}
