// Fuzz target: Codable decoding of arbitrary column values, through a copied `Row` and through a
// cursor reading the statement in place. Promises checked: no crash; a value either decodes or
// throws (a DecodingError or a SQLiteError); both paths agree on which, for the values SQLite
// stores.
import Foundation
import Slate

enum Colour: String, Codable { case red, green }
enum Level: Int, Codable { case low = 1, high = 2 }

struct Nested: Codable, Equatable {
    var name: String
    var tags: [String]
    var when: Date?
}

struct Everything: Codable {
    var a: Int
    var b: Int8?
    var c: UInt64
    var d: Double?
    var e: Float
    var f: Bool?
    var g: String
    var h: Data?
    var i: Date
    var j: UUID?
    var k: URL?
    var l: Colour?
    var m: Level
    var n: Nested?
    var o: [Int]?
    var p: [String: Double]?
}

struct AllOptional: Codable {
    var a: Int?
    var c: UInt32?
    var g: String?
    var i: Date?
    var n: Nested?
}

let columnNames = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "A", "N", "x"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCodableDecoding(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var names: [String] = []
    var values: [SQLiteValue] = []
    while !input.isAtEnd && names.count < 24 {
        names.append(columnNames[Int(input.byte()) % columnNames.count])
        values.append(input.value())
    }
    let row = Row(layout: ColumnLayout(names: names), values: values)
    let rowEverything = Result { try row.decode(as: Everything.self) }
    let rowOptional = Result { try row.decode(as: AllOptional.self) }

    // The same values through a statement: `SELECT ? AS "a", …`.
    guard !names.isEmpty else { return 0 }
    let db = boundedConnection()
    let sql = "SELECT " + names.indices.map { "? AS \(SQLiteValue.quoteIdentifier(names[$0]))" }.joined(separator: ", ")
    do {
        let statement = try db.prepare(sql: sql)
        for (index, value) in values.enumerated() { try statement.bind(value, at: Int32(index + 1)) }
        // Binding changes some values (NaN becomes NULL): compare with a Row of what SQLite holds.
        guard try statement.step() else { fuzzFailure("\(sql) returned no row") }
        let stored = Row(layout: ColumnLayout(names: names), values: names.indices.map { statement.columnValue(at: Int32($0)) })
        let storedEverything = Result { try stored.decode(as: Everything.self) }
        let storedOptional = Result { try stored.decode(as: AllOptional.self) }
        try statement.reset()
        let cursorEverything = Result { try statement.cursor().decodeNext(Everything.self) }
        try statement.reset()
        let cursorOptional = Result { try statement.cursor().decodeNext(AllOptional.self) }
        if ((try? storedEverything.get()) == nil) != ((try? cursorEverything.get()) == nil) {
            fuzzFailure("Everything: a Row gave \(storedEverything), the cursor \(cursorEverything), names \(names) values \(values)")
        }
        if ((try? storedOptional.get()) == nil) != ((try? cursorOptional.get()) == nil) {
            fuzzFailure("AllOptional: a Row gave \(storedOptional), the cursor \(cursorOptional), names \(names) values \(values)")
        }
        _ = (rowEverything, rowOptional)
    } catch {
        fuzzFailure("preparing or binding \(sql) failed: \(error)")
    }
    return 0
}
