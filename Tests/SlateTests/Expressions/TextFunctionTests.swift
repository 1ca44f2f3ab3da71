import Foundation
import Slate
import SlateTestSupport
import Testing

/// The text functions are written once for `String` and `String?` columns: each keeps its SQL and
/// its result type for both (a condition on `String?` is `Bool?`, its length `Int?`, …), and a
/// `NULL` text gives `NULL`.
@Suite("Text functions on String and String? expressions")
struct TextFunctionTests: UsersFixture {
    @Test func conditionsKeepTheirSQLAndNullability() {
        let likes: (SQLExpression<Bool>, SQLExpression<Bool?>) = (email.like("%@mac.com"), name.like("A%"))
        #expect(likes.0.asSQL() == "(\"email\" LIKE '%@mac.com')")
        #expect(likes.1.asSQL() == "(\"name\" LIKE 'A%')")

        let pattern = SQLExpression<String>("pattern")
        let byExpression: (SQLExpression<Bool>, SQLExpression<Bool?>) = (email.like(pattern), name.like(pattern, escape: "!"))
        #expect(byExpression.0.asSQL() == "(\"email\" LIKE \"pattern\")")
        #expect(byExpression.1.asSQL() == "(\"name\" LIKE \"pattern\" ESCAPE '!')")

        let escaped: (SQLExpression<Bool>, SQLExpression<Bool?>) = (email.like("1\\%", escape: "\\"), name.like("1\\%", escape: "\\"))
        #expect(escaped.0.asSQL() == "(\"email\" LIKE '1\\%' ESCAPE '\\')")
        #expect(escaped.1.asSQL() == "(\"name\" LIKE '1\\%' ESCAPE '\\')")

        let globs: (SQLExpression<Bool>, SQLExpression<Bool?>) = (email.glob("*@mac.com"), name.glob("A*"))
        #expect(globs.0.asSQL() == "(\"email\" GLOB '*@mac.com')")
        #expect(globs.1.asSQL() == "(\"name\" GLOB 'A*')")

        let matches: (SQLExpression<Bool>, SQLExpression<Bool?>) = (email.match("mac"), name.match("A*"))
        #expect(matches.0.asSQL() == "(\"email\" MATCH 'mac')")
        #expect(matches.1.asSQL() == "(\"name\" MATCH 'A*')")

        let regexps: (SQLExpression<Bool>, SQLExpression<Bool?>) = (email.regexp("^a"), name.regexp("^A"))
        #expect(regexps.0.asSQL() == "(\"email\" REGEXP '^a')")
        #expect(regexps.1.asSQL() == "(\"name\" REGEXP '^A')")
    }

    @Test func functionsKeepTheirSQLAndNullability() {
        let lengths: (SQLExpression<Int>, SQLExpression<Int?>) = (email.length, name.length)
        #expect(lengths.0.asSQL() == "length(\"email\")")
        #expect(lengths.1.asSQL() == "length(\"name\")")

        let texts: [(SQLExpression<String>, SQLExpression<String?>, String)] = [
            (email.lowercaseString, name.lowercaseString, "lower(\"X\")"),
            (email.uppercaseString, name.uppercaseString, "upper(\"X\")"),
            (email.ltrim(), name.ltrim(), "ltrim(\"X\")"),
            (email.rtrim(["x"]), name.rtrim(["x"]), "rtrim(\"X\", 'x')"),
            (email.trim([" ", "-"]), name.trim([" ", "-"]), "trim(\"X\", ' -')"),
            (email.replace("a", with: "b"), name.replace("a", with: "b"), "replace(\"X\", 'a', 'b')"),
            (email.substring(2), name.substring(2), "substr(\"X\", 2)"),
            (email.substring(2, length: 3), name.substring(2, length: 3), "substr(\"X\", 2, 3)"),
            (email.substring(1..<3), name.substring(1..<3), "substr(\"X\", 2, 2)")
        ]
        for (plain, optional, sql) in texts {
            #expect(plain.asSQL() == sql.replacingOccurrences(of: "\"X\"", with: "\"email\""))
            #expect(optional.asSQL() == sql.replacingOccurrences(of: "\"X\"", with: "\"name\""))
        }

        let position: SQLExpression<Int> = email.position(of: "@")
        #expect(position.asSQL() == "instr(\"email\", '@')")
    }

    @Test func jsonFunctionsAreTheSameForBoth() throws {
        let extracted: (SQLExpression<String?>, SQLExpression<Int64?>) = (
            email.jsonExtract("$.a"), name.jsonExtract("$.b", as: Int64.self)
        )
        #expect(extracted.0.asSQL() == "json_extract(\"email\", '$.a')")
        #expect(extracted.1.asSQL() == "json_extract(\"name\", '$.b')")
        guard SQLite.versionNumber >= 3_038_000 else {
            #expect(throws: SQLiteError.self) { _ = try name.json("$.a") }
            return
        }
        let json: (SQLExpression<String?>, SQLExpression<String?>) = (try email.json("$.a"), try name.json("$.a"))
        #expect(json.0.asSQL() == "(\"email\" -> '$.a')")
        #expect(json.1.asSQL() == "(\"name\" -> '$.a')")
        let value: SQLExpression<Double?> = try name.jsonValue("$.a")
        #expect(value.asSQL() == "(\"name\" ->> '$.a')")
    }

    @Test func aNullTextGivesNullAndAValueTheSameAsForString() throws {
        let db = try Connection()
        let people = Table("people")
        try db.execute(
            sql: """
                CREATE TABLE people (id INTEGER PRIMARY KEY, email TEXT NOT NULL, name TEXT, doc TEXT);
                INSERT INTO people VALUES (1, ' Ada@Mac.com ', ' Ada ', '{"n": 1}');
                INSERT INTO people VALUES (2, 'grace@icloud.com', NULL, NULL);
                """)
        let doc = SQLExpression<String?>("doc")
        let query = people.select(
            id, name.trim().uppercaseString, name.length, name.like("%ada%"), name.replace("A", with: "a"),
            email.trim().lowercaseString, email.substring(2, length: 3)
        ).order(id)
        let rows = try db.cursor(query).map { row in
            (
                try row.get(name.trim().uppercaseString), try row.get(name.length), try row.get(name.like("%ada%")),
                try row.get(name.replace("A", with: "a")), try row.get(email.trim().lowercaseString),
                try row.get(email.substring(2, length: 3))
            )
        }
        #expect(rows.count == 2)
        #expect(rows[0].0 == "ADA")
        #expect(rows[0].1 == 5)
        #expect(rows[0].2 == true)
        #expect(rows[0].3 == " ada ")
        #expect(rows[0].4 == "ada@mac.com")
        #expect(rows[0].5 == "Ada")
        #expect(rows[1].0 == nil)
        #expect(rows[1].1 == nil)
        #expect(rows[1].2 == nil)
        #expect(rows[1].3 == nil)
        #expect(rows[1].4 == "grace@icloud.com")
        #expect(rows[1].5 == "rac")

        // JSON needs SQLite 3.38 or JSON1 (SQLCipher 3.4's SQLite 3.15 has neither).
        if db.supportsJSON {
            let values = try db.cursor(people.select(doc.jsonExtract("$.n", as: Int64.self)).order(id))
                .map { try $0.get(doc.jsonExtract("$.n", as: Int64.self)) }
            #expect(values == [1, nil])
        }

        // Reading a NULL result through the non-optional form fails with a clear error.
        let notNull = SQLExpression<String>("name").uppercaseString
        #expect(throws: SQLiteError.self) { _ = try db.cursor(people.select(notNull).filter(id == 2)).map { try $0.get(notNull) } }
    }
}
