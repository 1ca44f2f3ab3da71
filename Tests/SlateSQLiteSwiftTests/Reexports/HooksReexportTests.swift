import SlateSQLiteSwift
import Testing

/// `import Slate` alone gives access to SlateCore's connection-level features.
@Suite("SlateReexportsHooksTests")
struct SlateReexportsHooksTests {
    @Test func hooksAndBackupAreReachableThroughSlate() throws {
        let db = try Connection()
        var inserted: [Int64] = []
        db.updateHook { _, _, _, rowid in inserted.append(rowid) }
        try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        #expect(inserted == [1, 2])
        let copy = try Connection()
        try db.backup(to: copy)
        #expect(try copy.scalar(Int64.self, "SELECT count(*) FROM t") == 2)
    }
}
