// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// The examples of `SlateCore.docc/Connections.md`, run as written.
@Suite("Connections article")
struct ConnectionsArticleTests {
    @Test func openingPragmasAndAttaching() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let newPath = directory.path("new.sqlite")

        let scratch = try Connection()                                    // in memory
        let file = try Connection(.file(path: path))                      // created if missing
        let snapshot = try Connection(.uri(path, parameters: [.mode(.readOnly)]))
        print(snapshot.isReadOnly)                                        // true
        #expect(snapshot.isReadOnly)
        #expect(!file.isReadOnly)

        let created = try Connection(newPath, options: [.readwrite, .create, .exclusive])  // fails if anything is there
        created.close()
        let existing = try Connection(newPath, options: .readwrite)                       // fails if nothing is there
        #expect(!existing.isClosed)
        #expect(sqliteError { _ = try Connection(newPath, options: [.readwrite, .create, .exclusive]) }?.code == SQLITE_CANTOPEN)
        #expect(sqliteError { _ = try Connection(directory.path("missing.sqlite"), options: .readwrite) }?.code
            == SQLITE_CANTOPEN)

        try file.setJournalMode(.wal)
        try file.setForeignKeys(true)
        try file.setBusyTimeout(2.5)                  // seconds
        try file.setUserVersion(3)
        let pageSize: Int? = try file.get(pragma: "page_size")
        try file.setUserVersion(4)
        #expect(try file.getJournalMode() == .wal)
        #expect(try file.getUserVersion() == 4)
        #expect(try file.getBusyTimeout() == 2.5)
        #expect((pageSize ?? 0) > 0)
        // The throwing form reports what the database refused.
        #expect(sqliteError { try scratch.setJournalMode(.wal) } != nil)

        try scratch.attach(.file(path: path), as: "archive")
        try scratch.execute(sql: "CREATE TABLE archive.notes (body TEXT)")
        print(try scratch.databaseList().map(\.name))  // ["main", "archive"]
        #expect(try scratch.databaseList().map(\.name) == ["main", "archive"])
        try scratch.detach("archive")
        #expect(try file.scalar(Int.self, "SELECT count(*) FROM sqlite_master WHERE name = 'notes'") == 1)
    }
}
