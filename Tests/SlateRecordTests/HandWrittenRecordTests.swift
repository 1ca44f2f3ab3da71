import Foundation
import SlateMacros
import SlateTestSupport
import Testing

/// A conformance written by hand, with positions outside its columns: every read and write must
/// fail with an `SQLiteError`, never trap.
struct MisnumberedRecord: TableRecord, Equatable {
    var id: Int64
    /// The position `init(reading:)` and `write(to:)` use for `id` (a mistake in hand-written code).
    nonisolated(unsafe) static var position = 0

    static let tableName = "misnumbered"
    static let table = Table("misnumbered")
    struct Columns: Sendable { let id = SQLExpression<Int64>("id") }
    static let columns = Columns()
    static let columnNames = ["id"]
    static var columnDefinitions: [ColumnDefinition] { [.recordColumn("id", Int64.self, primaryKey: true)] }
    static let primaryKeyColumn: String? = "id"

    init(id: Int64) { self.id = id }

    init(reading reader: borrowing RecordReader) throws(SQLiteError) {
        id = try reader.read(Int64.self, at: Self.position)
    }

    func write(to writer: inout RecordWriter) throws(SQLiteError) {
        try writer.write(id, at: Int32(Self.position))
    }
}

@Suite("Records: hand-written conformances", .serialized)
struct HandWrittenRecordTests {
    @Test(arguments: [-1, 1, 7])
    func positionsOutsideTheColumnsThrow(position: Int) throws {
        MisnumberedRecord.position = 0
        defer { MisnumberedRecord.position = 0 }
        let db = try Connection(.inMemory)
        try MisnumberedRecord.createTable(db)
        try MisnumberedRecord(id: 1).insert(db)
        #expect(try MisnumberedRecord.fetchAll(db) == [MisnumberedRecord(id: 1)])
        MisnumberedRecord.position = position
        // In place (by position and by name), from a copied row, and every write.
        #expect(sqliteError { _ = try MisnumberedRecord.fetchAll(db) } != nil)
        #expect(sqliteError { _ = try db.prepare(sql: "SELECT * FROM misnumbered").cursor().decodeAll(MisnumberedRecord.self) } != nil)
        let row = try #require(try db.pluck(MisnumberedRecord.table))
        #expect(sqliteError { let _: MisnumberedRecord = try row.decode() } != nil)
        #expect(sqliteError { try MisnumberedRecord(id: 2).insert(db) } != nil)
        #expect(sqliteError { _ = try MisnumberedRecord(id: 1).delete(db) } != nil)
        #expect(try rowValues(db, "SELECT id FROM misnumbered") == [[.int(1)]])
    }
}
