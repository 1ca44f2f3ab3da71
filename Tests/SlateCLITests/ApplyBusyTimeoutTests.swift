import Foundation
import Slate
import SlateTestSupport
import Testing

/// Issue 30, item 3: `slate apply --busy-timeout` waits for another connection's write lock
/// instead of failing at once (the changeset is applied in a transaction begun IMMEDIATE, whose
/// lock the busy timeout waits for).
@Suite("CLI apply and the busy timeout", .enabled(if: SQLite.hasSessionExtension))
struct ApplyBusyTimeoutTests {
    @Test("apply waits for a write lock held for a while, within --busy-timeout")
    func applyWaits() throws {
        let work = try Workspace()
        let schema = "CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT);"
        for (name, rows) in [("a.db", ""), ("b.db", "INSERT INTO items VALUES (1, 'pen');"), ("c.db", "")] {
            try work.database(name, sql: schema + rows)
        }
        #expect(try work.slate("diff", "a.db", "b.db", "-o", "x.changeset").status == 0)
        // Held far shorter than the timeout: no timing decides the outcome.
        let lock = try TimedWriteLock(work.file("c.db"), milliseconds: 300)
        let result = Result { try work.slate("apply", "c.db", "x.changeset", "--busy-timeout", "60") }
        try lock.finish()
        let applied = try result.get()
        #expect(applied.status == 0, "\(applied.stderr)")
        let db = try Connection(work.file("c.db"), options: .readonly)
        #expect(try db.scalar(String.self, "SELECT name FROM items WHERE id = 1") == "pen")
    }
}
