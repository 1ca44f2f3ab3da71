import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// Offsets and counts given to blob I/O are checked before they reach SQLite's `Int32`
/// arguments: extreme values are `SQLITE_RANGE` errors, never a trap, and the value is intact.
@Suite("Blob offsets and counts")
struct BlobOffsetTests {
    @Test(
        "extreme offsets and counts are range errors",
        arguments: [
            (Int?.none, Int.min), (nil, Int.max), (nil, -1), (nil, 17), (Int.max, 0), (Int.max, 1), (Int.min, 0),
            (-1, 0), (1, Int.max), (8, Int.max - 4), (Int(Int32.max) + 1, 0), (1, Int(Int32.max) + 1)
        ])
    func readRange(count: Int?, offset: Int) throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE f (id INTEGER PRIMARY KEY, b BLOB); INSERT INTO f VALUES (1, zeroblob(16))")
        let blob = try db.openBlob(table: "f", column: "b", row: 1)
        #expect(sqliteError { _ = try blob.read(count: count, at: offset) }?.code == SQLITE_RANGE)
        let writeError = sqliteError { try blob.write(Data([7]), at: offset) }
        #expect((0...15).contains(offset) ? writeError == nil : writeError?.code == SQLITE_RANGE)
        #expect(try blob.read().count == 16)
    }
}
