import Foundation
import SlateDataLiteCore
import Testing

@Suite("RegexpTests")
struct RegexpTests {
    private func makeConnection() throws -> Connection {
        let db = try Connection()
        try db.add(function: Function.Regexp.self)
        return db
    }

    @Test(arguments: [
        ("abc", "b", false),  // a part is not enough: the whole text must match
        ("abc", ".*b.*", true),
        ("abc", "abc", true),
        ("ab", "a|ab", true),  // alternation still matches the whole text
        ("ab\nc", "ab", false),
        ("user@example.com", "[a-z]+@example\\.com", true),
        ("USER@example.com", "[a-z]+@example\\.com", false),
        ("", "", true),
        ("héllo", "h.llo", true)
    ])
    func wholeTextMatching(text: String, pattern: String, matches: Bool) throws {
        let db = try makeConnection()
        #expect(try db.scalar(Int64.self, "SELECT ? REGEXP ?", text, pattern) == (matches ? 1 : 0))
    }

    @Test func filtersRowsAndHandlesNullAndNumbers() throws {
        let db = try makeConnection()
        try db.execute(
            sql: """
                CREATE TABLE users (email TEXT);
                INSERT INTO users VALUES ('ada@example.com'), ('bob@other.org'), (NULL), ('eve@example.com');
                """)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM users WHERE email REGEXP '.*@example\\.com'") == 2)
        #expect(try db.scalar(SQLiteValue.self, "SELECT NULL REGEXP 'a'") == nil)
        #expect(try db.scalar(SQLiteValue.self, "SELECT 'a' REGEXP NULL") == nil)
        #expect(try db.scalar(Int64.self, "SELECT 2024 REGEXP '[0-9]{4}'") == 1)
        #expect(try db.scalar(Int64.self, "SELECT regexp('[0-9]+', 'abc')") == 0)
    }

    @Test func invalidPatternIsAClearError() throws {
        let db = try makeConnection()
        try db.execute(sql: "CREATE TABLE t (s TEXT); INSERT INTO t VALUES ('a')")
        for pattern in ["(", "a)(b", "[z-a]"] {
            let error = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT s REGEXP ? FROM t", pattern) }
            #expect(error?.code.matches(SQLITE_ERROR) == true)
            #expect(error?.explanation.contains("invalid regular expression '\(pattern)'") == true)
        }
        // The connection and the cache of valid patterns go on working.
        #expect(try db.scalar(Int64.self, "SELECT s REGEXP 'a' FROM t") == 1)
    }

    @Test func connectionsOnSeveralThreadsShareThePatternCache() async throws {
        let matches = try await withThrowingTaskGroup(of: Int.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    let db = try Connection()
                    try db.add(function: Function.Regexp.self)
                    var matched = 0
                    for index in 0..<200 {
                        let pattern = "w\(worker)-[0-9]*\(index % 10)"
                        if try db.scalar(Int64.self, "SELECT ? REGEXP ?", "w\(worker)-\(index)", pattern) == 1 { matched += 1 }
                    }
                    return matched
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(matches == 800)
    }

    @Test func withoutRegistrationREGEXPIsUnknown() throws {
        let db = try Connection()
        let error = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT 'a' REGEXP 'a'") }
        #expect(error?.explanation.contains("no such function: REGEXP") == true)
    }

    @Test func wrongArgumentCountIsRejected() throws {
        let db = try makeConnection()
        let error = #expect(throws: SQLiteError.self) { try db.prepare(sql: "SELECT regexp('a')") }
        #expect(error?.explanation.contains("wrong number of arguments") == true)
    }

    @Test func registrationSurvivesManyStatementsAndUseAfterClose() throws {
        let db = try makeConnection()
        var matched = 0
        for index in 0..<1_000 {
            if try db.scalar(Int64.self, "SELECT ? REGEXP 'item-[0-9]*7'", "item-\(index)") == 1 { matched += 1 }
        }
        #expect(matched == 100)
        db.close()
        let error = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT 'a' REGEXP 'a'") }
        #expect(error?.code.matches(SQLITE_MISUSE) == true)
        #expect(throws: SQLiteError.self) { try db.add(function: Function.Regexp.self) }
    }
}
