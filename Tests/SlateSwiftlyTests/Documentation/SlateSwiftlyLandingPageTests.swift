// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import SlateCoreTestSupport
import SlateSwiftly
import Testing

/// The example of the landing page `SlateSwiftly.docc/SlateSwiftly.md`, run as written.
@Suite("SlateSwiftly landing page")
struct SlateSwiftlyLandingPageTests {
    @Test func openingWithIntent() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("themes.sqlite")

        let db = try Connection(toNewDatabaseAt: path)        // fails if a file is already there
        try db.execute(sql: "CREATE TABLE themes (id INTEGER PRIMARY KEY, name TEXT)")
        db.close()
        let reopened = try Connection(toExistingDatabaseAt: path, readonly: true)  // fails if missing

        #expect(throws: SQLiteError.self) { try Connection(toNewDatabaseAt: path) }
        #expect(try reopened.scalar(Int.self, "SELECT count(*) FROM themes") == 0)
    }
}
