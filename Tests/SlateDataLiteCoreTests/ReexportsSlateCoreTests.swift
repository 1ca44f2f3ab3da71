import SlateCoreTestSupport
import SlateDataLiteCore
import Testing

/// `import SlateDataLiteCore` alone gives SlateCore's API: migrating is one changed import.
@Suite struct ReexportsSlateCoreTests {
    @Test func slateCoreIsReachableThroughTheCompatibilityImport() throws {
        let db = try Connection(.inMemory)
        try db.execute(sql: "CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (42)")
        let cursor = try db.prepare(sql: "SELECT x FROM t").cursor()
        let row = try #require(try cursor.next())
        #expect(try row.get(0, as: Int64.self) == 42)
    }
}
