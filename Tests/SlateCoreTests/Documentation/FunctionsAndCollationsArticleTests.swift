// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// The examples of `SlateCore.docc/FunctionsAndCollations.md`, run as written.
@Suite("Functions and collations article")
struct FunctionsAndCollationsArticleTests {
    @Test func functionsAggregatesAndCollations() throws {
        let db = try Connection()
        try db.execute(sql: """
            CREATE TABLE numbers (n INTEGER);
            INSERT INTO numbers VALUES (1), (2), (3), (4);
            CREATE TABLE sets (name TEXT);
            INSERT INTO sets VALUES ('Galaxy Explorer'), ('Yellow Castle'), ('Monorail Transport');
            """)

        try db.createFunction("slugify", deterministic: true) { (name: String) in
            name.lowercased().replacingOccurrences(of: " ", with: "-")
        }
        try db.createFunction("fullName") { (first: String, last: String) in "\(first) \(last)" }
        let slug = try db.scalar(String.self, "SELECT slugify('Galaxy Explorer')")   // "galaxy-explorer"
        #expect(slug == "galaxy-explorer")
        #expect(try db.scalar(String.self, "SELECT fullName('Ada', 'Lovelace')") == "Ada Lovelace")
        // A NULL argument for a non-optional type fails the call with a clear error.
        #expect(sqliteError { _ = try db.scalar(String.self, "SELECT slugify(NULL)") } != nil)

        try db.createFunction("answer", argumentCount: 0, options: .deterministic) { _ in Int64(42) }
        #expect(try db.scalar(Int64.self, "SELECT answer()") == 42)
        do throws(SQLiteError) {
            try db.createFunction(String(repeating: "f", count: 256), argumentCount: 0, options: []) { _ in nil }
        } catch {
            print(error.code == SQLITE_MISUSE)   // true: the name is too long
        }

        try db.createAggregate("product", argumentCount: 1, initialValue: Int64(1),
                               step: { product, args in product * (args[0] ?? 1) },
                               result: { $0 })
        let product = try db.scalar(Int64.self, "SELECT product(n) FROM numbers")
        #expect(product == 24)

        try db.createAggregate("longest", argumentCount: 1, initialValue: String?.none,
                               step: { best, args in
                                   guard let text: String = args[0] else { return best }
                                   return text.count > (best?.count ?? -1) ? text : best
                               },
                               result: { $0 })
        let longest = try db.scalar(String.self, "SELECT longest(name) FROM sets")
        #expect(longest == "Monorail Transport")


        try db.createCollation("LENGTH") { lhs, rhs in
            lhs.count == rhs.count ? .orderedSame : (lhs.count < rhs.count ? .orderedAscending : .orderedDescending)
        }
        let shortest = try db.scalar(String.self, "SELECT name FROM sets ORDER BY name COLLATE LENGTH")
        #expect(shortest == "Yellow Castle")
    }
}
