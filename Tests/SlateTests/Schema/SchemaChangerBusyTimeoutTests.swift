import Foundation
import Slate
import SlateTestSupport
import Testing

/// Issue 30, item 3's sibling: a schema change reads the schema before it writes, so begun
/// deferred (a savepoint outside a transaction) it failed at once with SQLITE_BUSY while another
/// connection held the write lock, whatever the busy timeout: SQLite calls no busy handler when a
/// read transaction asks for the write lock. It now waits, as the busy timeout allows.
@Suite("Schema changer: the busy timeout")
struct SchemaChangerBusyTimeoutTests {
    @Test("a table rebuild waits for a write lock held by another connection")
    func rebuildWaits() throws {
        let directory = try TemporaryDirectory()
        let db = try directory.database("changer.sqlite", "CREATE TABLE items (code TEXT, price TEXT); INSERT INTO items VALUES ('a', '42')")
        try whileWriteLocked(directory.path("changer.sqlite"), waiting: db) {
            try db.schemaChanger.alter(table: "items") { $0.change(column: "price", type: .INTEGER) }
        }
        #expect(try db.scalar(String.self, "SELECT typeof(price) FROM items") == "integer")
        #expect(db.isAutocommit)
    }
}
