import SlateCoreTestSupport
import SlateSwiftly
import Testing

/// `import SlateSwiftly` alone gives SlateCore's API: migrating is one changed import.
@Suite struct ReexportsSlateCoreTests {
    @Test func aConnectionOpensAndWritesThroughTheCompatibilityImport() throws {
        let db = try Connection(.inMemory)
        try db.execute(sql: "CREATE TABLE t (x INTEGER PRIMARY KEY, y TEXT); INSERT INTO t (y) VALUES ('a')")
        #expect(db.lastInsertRowID == 1)
    }
}
