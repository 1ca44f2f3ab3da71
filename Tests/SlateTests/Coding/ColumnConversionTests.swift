import Foundation
@testable import Slate
import SlateTestSupport
import Testing

/// The one conversion table that the Codable row decoder and `RecordReader` both follow: each
/// type's row, and the same value (or a failure) from both readers of the same column.
@Suite("Column conversion table")
struct ColumnConversionTests {
    enum Mood: String, Codable { case calm, angry }

    /// A raw-value enum whose own `init(from:)` would accept any text: the table reads the raw
    /// value, so both readers refuse a stored text that is no case.
    enum Lenient: String, Codable {
        case known, unknown
        init(from decoder: any Decoder) throws {
            self = Lenient(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .unknown
        }
    }

    struct Point: Codable, Equatable { var x: Int; var y: Int }

    @Test("each kind of type has its row, tried in the documented order")
    func rows() {
        #expect(ColumnConversion.of(Int8.self) == .exact)
        #expect(ColumnConversion.of(UInt64?.self) == .exact)
        #expect(ColumnConversion.of(Date.self) == .exact)
        #expect(ColumnConversion.of(EvenNumber.self) == .customValue)
        #expect(ColumnConversion.of(Mood.self) == .rawValue)
        #expect(ColumnConversion.of(Point.self) == .decodable)
        #expect(ColumnConversion.of([String].self) == .decodable)
    }

    /// Reads column `position` of the first row of `sql` with both readers.
    func readBoth<T: Decodable>(_ type: T.Type, _ sql: String, at position: Int, record: (RecordReader) throws -> T) throws
        -> (record: Result<T, any Error>, codable: Result<T, any Error>)
    {
        let db = try Connection()
        let statement = try db.prepare(sql: sql)
        #expect(try statement.step())
        let reader = RecordReader(positionalStatement: statement)
        let viaRecord = Result<T, any Error> { try record(reader) }
        let value = statement.columnValue(at: Int32(position))
        let viaCodable = Result<T, any Error> {
            try ColumnValueDecoding.decode(T.self, from: value, column: "c", codingPath: [], userInfo: [:])
        }
        return (viaRecord, viaCodable)
    }

    @Test("both readers agree on every row of the table, values and failures alike")
    func bothReadersAgree() throws {
        let mood = try readBoth(Mood.self, "SELECT 'angry'", at: 0) { try $0.read(Mood.self, at: 0) }
        #expect(try mood.record.get() == .angry && mood.codable.get() == .angry)
        let strange = try readBoth(Mood.self, "SELECT 'sleepy'", at: 0) { try $0.read(Mood.self, at: 0) }
        #expect(throws: (any Error).self) { try strange.record.get() }
        #expect(throws: (any Error).self) { try strange.codable.get() }
        let lenient = try readBoth(Lenient.self, "SELECT 'other'", at: 0) { try $0.read(Lenient.self, at: 0) }
        #expect(throws: (any Error).self) { try lenient.record.get() }
        #expect(throws: (any Error).self) { try lenient.codable.get() }
        let even = try readBoth(EvenNumber.self, "SELECT 4", at: 0) { try $0.read(EvenNumber.self, at: 0) }
        #expect(try even.record.get().value == 4 && even.codable.get().value == 4)
        let odd = try readBoth(EvenNumber.self, "SELECT 3", at: 0) { try $0.read(EvenNumber.self, at: 0) }
        #expect(throws: (any Error).self) { try odd.record.get() }
        #expect(throws: (any Error).self) { try odd.codable.get() }
        let point = try readBoth(Point.self, #"SELECT '{"x":1,"y":2}'"#, at: 0) { try $0.read(Point.self, at: 0) }
        #expect(try point.record.get() == Point(x: 1, y: 2) && point.codable.get() == Point(x: 1, y: 2))
        let wide = try readBoth(Int8.self, "SELECT 300", at: 0) { try $0.read(Int8.self, at: 0) }
        #expect(throws: (any Error).self) { try wide.record.get() }
        #expect(throws: (any Error).self) { try wide.codable.get() }
    }
}
