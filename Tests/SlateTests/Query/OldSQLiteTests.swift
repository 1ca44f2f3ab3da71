import Foundation
import Slate
import SlateTestSupport
import Testing

/// On a library too old for a feature (the SQLCipher trait links SQLite 3.15), the typed layer
/// fails with an error naming the feature and the version it needs, and changes nothing.
/// Each test runs only where the feature is missing; the features' own tests run elsewhere.
@Suite("Features an old SQLite lacks")
struct OldSQLiteTests: UsersFixture {
    @Test(.enabled(if: SQLite.versionNumber < 3_024_000, "only an old SQLite lacks upsert"))
    func upsertFailsClearly() throws {
        let db = try makeEmptyUsersDatabase()
        try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
        let error = #expect(throws: SQLiteError.self) {
            try db.run(users.upsert(email <- "alice@mac.com", name <- "Alicia", onConflictOf: email))
        }
        #expect(error?.code.primary == SQLITE_ERROR)
        #expect(error?.explanation.contains("upsert") == true)
        #expect(error?.explanation.contains("needs SQLite 3.24.0") == true)
        #expect(try db.cursor(users).map { try $0.get(name) } == ["Alice"])
    }

    @Test(.enabled(if: SQLite.versionNumber < 3_035_000, "only an old SQLite lacks RETURNING"))
    func returningFailsClearly() throws {
        let db = try makeEmptyUsersDatabase()
        let error = #expect(throws: SQLiteError.self) {
            try db.run(users.insert(email <- "alice@mac.com").returning(id))
        }
        #expect(error?.explanation.contains("RETURNING needs SQLite 3.35.0") == true)
        #expect(try db.scalar(users.count) == 0)
    }

    @Test(.enabled(if: SQLite.versionNumber < 3_025_000, "only an old SQLite lacks window functions"))
    func windowFunctionsFailClearly() throws {
        let db = try makeUsersDatabase()
        let number = rowNumber(email.desc)
        let attempts: [() throws -> Void] = [
            { _ = try db.cursor(users.select(id, number)) },
            { _ = try db.cursor(users.select(id, number)) },
            { _ = try db.cursor(users.select(id.lag(id), id.lead(offset: 1, id))) }
        ]
        for attempt in attempts {
            let error = #expect(throws: SQLiteError.self) { try attempt() }
            #expect(error?.code.primary == SQLITE_ERROR)
            #expect(error?.explanation.contains("window functions needs SQLite 3.25.0") == true)
            #expect(error?.sql?.contains("OVER (ORDER BY") == true)
        }
        // A plain syntax error in the same connection is reported as SQLite words it.
        let plain = #expect(throws: SQLiteError.self) { _ = try db.prepare(sql: "SELEC 1") }
        #expect(plain?.explanation.contains("syntax error") == true)
    }

    @Test(.enabled(if: SQLite.versionNumber < 3_035_000, "only an old SQLite lacks MATERIALIZED hints"))
    func materializationHintFailsClearly() throws {
        let db = try makeUsersDatabase()
        let chain = Table("chain")
        for hint in [MaterializationHint.materialize, .notMaterialize] {
            let query = chain.with(chain, columns: [id], hint: hint, as: users.select(id))
            let error = #expect(throws: SQLiteError.self) { _ = try db.cursor(query) }
            #expect(error?.explanation.contains("MATERIALIZED needs SQLite 3.35.0") == true)
            #expect(throws: SQLiteError.self) { _ = try db.pluck(query) }
            // A hinted common table expression inside a subquery is named too.
            let nested = users.filter(query.select(id).contains(id))
            let nestedError = #expect(throws: SQLiteError.self) { _ = try db.cursor(nested) }
            #expect(nestedError?.explanation.contains("MATERIALIZED needs SQLite 3.35.0") == true)
        }
        // Without the hint the same common table expression runs.
        let plain = chain.with(chain, columns: [id], as: users.select(id))
        #expect(try db.cursor(plain).map { try $0.get(id) } == [1, 2, 3])
    }

    @Test(.enabled(if: !LinkedSQLite.hasJSON, "only a library without JSON"))
    func jsonFunctionsFailClearly() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT NOT NULL); INSERT INTO docs VALUES (1, '{}')")
        #expect(!db.supportsJSON)
        let required = #expect(throws: SQLiteError.self) { try db.requireJSON() }
        #expect(required?.explanation.contains("JSON functions need SQLite 3.38.0") == true)

        let body = SQLExpression<String>("body")
        let docName: SQLExpression<String?> = body.jsonExtract("$.name")
        let typed = #expect(throws: SQLiteError.self) { _ = try db.cursor(Table("docs").select(docName)) }
        #expect(typed?.explanation.hasPrefix("no such function: json_extract") == true)
        #expect(typed?.explanation.contains("JSON functions need SQLite 3.38.0") == true)
        let each = #expect(throws: SQLiteError.self) {
            _ = try db.cursor(Table.jsonEach(SQLExpression<String>(value: "[1]")))
        }
        #expect(each?.explanation.hasPrefix("no such table: json_each") == true)
        #expect(each?.explanation.contains("JSON functions need SQLite 3.38.0") == true)
        let raw = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT json_valid(body) FROM docs") }
        #expect(raw?.explanation.contains("JSON functions need SQLite 3.38.0") == true)
        let script = #expect(throws: SQLiteError.self) {
            try db.execute(sql: "CREATE TABLE tags (doc INTEGER); INSERT INTO tags SELECT value FROM json_each('[1]')")
        }
        #expect(script?.explanation.hasPrefix("no such table: json_each") == true)
        #expect(script?.explanation.contains("JSON functions need SQLite 3.38.0") == true)
        #expect(script?.sql == "INSERT INTO tags SELECT value FROM json_each('[1]')")
        // Other missing functions and tables keep SQLite's own message.
        let plainJSON = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT json('[1]')") }
        #expect(plainJSON?.explanation.contains("JSON functions need SQLite 3.38.0") == true)
        let other = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT jsonish(1)") }
        #expect(other?.explanation == "no such function: jsonish")
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM docs") == 1)
    }

    @Test func jsonSupportIsAskedOfTheConnection() throws {
        let db = try Connection()
        #expect(db.supportsJSON == LinkedSQLite.hasJSON)
        if db.supportsJSON {
            try db.requireJSON()
            #expect(try db.scalar(Int64.self, "SELECT json_valid('[1]')") == 1)
            // A JSON error on a library that has JSON keeps SQLite's message.
            let error = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT json_extract('[', '$')") }
            #expect(error?.explanation.contains("JSON functions need") == false)
        }
        db.close()
        #expect(!db.supportsJSON)
        #expect(throws: SQLiteError.self) { try db.requireJSON() }
    }
}
