// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// The examples of `SlateCore.docc/StatementsAndValues.md`, run as written.
@Suite("Statements and values article")
struct StatementsAndValuesArticleTests {
    enum Theme: String, SQLiteRepresentable { case space, castle, town }

    struct Money: SQLiteRepresentable {
        var cents: Int64
        var sqliteValue: SQLiteValue { .int(cents) }
        init(cents: Int64) { self.cents = cents }
        init?(_ value: SQLiteValue) {
            guard case .int(let cents) = value else { return nil }
            self.cents = cents
        }
    }

    @Test func statementsRowsAndValues() throws {
        let db = try Connection()
        try db.execute(sql: """
            CREATE TABLE sets (id INTEGER PRIMARY KEY, name TEXT NOT NULL, year INTEGER, image BLOB);
            INSERT INTO sets (name, year) VALUES ('Galaxy Explorer', 1979);
            """)
        try db.run("INSERT INTO sets (name, year) VALUES (?, ?)", "Yellow Castle", 1978)
        let newest = try db.scalar(Int.self, "SELECT max(year) FROM sets")   // 1979
        print(db.lastInsertRowID, db.changes)                                 // 2 1
        #expect(newest == 1979)
        #expect(db.lastInsertRowID == 2 && db.changes == 1)

        let insert = try db.prepare(sql: "INSERT INTO sets (name, year) VALUES (:name, :year)")
        for (name, year) in [("Blacktron Renegade", 1987), ("Monorail Transport", 1987)] {
            try insert.bind(name, by: ":name")
            try insert.bind(year, by: ":year")
            try insert.step()                       // false: an INSERT has no row
            try insert.reset()
        }
        let select = try db.prepare(sql: "SELECT name FROM sets WHERE year = ?")
        try select.bind(1987, at: 1)
        var names: [String] = []
        while try select.step() {
            let name = select.columnValue(at: 0, as: String.self)
            print(name ?? "-")
            names.append(name ?? "-")
        }
        #expect(names == ["Blacktron Renegade", "Monorail Transport"])

        let cursor = try db.cursor("SELECT name, year FROM sets WHERE year < ? ORDER BY year", 1985)
        var read: [String] = []
        while let row = try cursor.next() {
            let name = try row.get(0, as: String.self)
            let year: Int = try row.get("year")
            print(name, year)
            read.append("\(name) \(year)")
        }
        let rows = try db.prepare(sql: "SELECT id, name FROM sets").rows()
        print(rows[0]["name"] ?? .null)             // 'Galaxy Explorer'
        #expect(read == ["Yellow Castle 1978", "Galaxy Explorer 1979"])
        #expect(rows[0]["name"] == .text("Galaxy Explorer"))
        // `get` throws for NULL read as a non-optional type, and reads it as an optional.
        let images = try db.cursor("SELECT image FROM sets")
        let first = try #require(try images.next())
        #expect(sqliteError { _ = try first.get(0, as: Data.self) } != nil)
        #expect(try first.get(0, as: Data?.self) == nil)

        try db.execute(sql: "CREATE TABLE prices (theme TEXT, amount INTEGER, added TEXT)")
        try db.run("INSERT INTO prices VALUES (?, ?, ?)", Theme.space, Money(cents: 1999), Date())
        let price = try db.scalar(Money.self, "SELECT amount FROM prices")   // Money(cents: 1999)
        let tooBig = try? db.scalar(Int8.self, "SELECT 300")                  // nil: 300 does not fit
        #expect(price?.cents == 1999)
        #expect(tooBig == nil)
        #expect(try db.scalar(Theme.self, "SELECT theme FROM prices") == .space)
    }
}
