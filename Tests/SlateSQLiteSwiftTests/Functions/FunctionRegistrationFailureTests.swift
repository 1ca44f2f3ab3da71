import SlateSQLiteSwift
import SlateCoreTestSupport
import Testing

/// SQLite.swift's untyped `createFunction` and `createAggregation` do not throw (SQLite.swift
/// traps when a registration fails). Slate keeps the signatures and records the failure: in
/// `lastFunctionRegistrationError`, and in the error of the next statement that calls the
/// function.
@Suite("Functions: non-throwing registration records its failure")
struct FunctionRegistrationFailureTests {
    /// A name one byte longer than SQLite accepts (255).
    static let tooLong = String(repeating: "f", count: 256)

    @Test("on a closed connection, createFunction and both createAggregation forms record SQLITE_MISUSE; nothing traps")
    func closedConnection() throws {
        let db = try Connection()
        db.close()
        db.createFunction("shout", argumentCount: 1) { args in (args[0] as? String)?.uppercased() }
        let first = try #require(db.lastFunctionRegistrationError)
        #expect(first.code == SQLITE_MISUSE)
        #expect(first.explanation.contains("shout()"), "\(first)")

        db.createAggregation("total", argumentCount: 1, initialValue: Int64(0), reduce: { $0 + ($1[0] as? Int64 ?? 0) }, result: { $0 })
        #expect(db.lastFunctionRegistrationError?.explanation.contains("total()") == true)
        #expect(db.lastFunctionRegistrationError?.code == SQLITE_MISUSE)

        // The next statement fails as every use of a closed connection does.
        #expect(sqliteError { _ = try db.scalar("SELECT shout('a')") }?.code == SQLITE_MISUSE)
        // The throwing spellings report it at once.
        #expect(sqliteError { try db.defineFunction("shout") { _ in nil } }?.code == SQLITE_MISUSE)
        #expect(
            sqliteError {
                try db.defineAggregation("total", initialValue: 0, reduce: { sum, _ in sum }, result: { $0 })
            }?.code == SQLITE_MISUSE)
    }

    @Test("a name longer than 255 bytes is recorded, and a statement calling it says why it does not exist")
    func nameTooLong() throws {
        let db = try Connection()
        #expect(db.lastFunctionRegistrationError == nil)
        db.createFunction(Self.tooLong, deterministic: true) { _ in Int64(1) }
        let recorded = try #require(db.lastFunctionRegistrationError)
        #expect(recorded.code == SQLITE_MISUSE)
        #expect(recorded.explanation.contains("1 to 255 bytes"), "\(recorded)")

        let error = try #require(sqliteError { _ = try db.scalar("SELECT \(Self.tooLong)()") })
        #expect(error.code == SQLITE_ERROR)
        #expect(error.message == "no such function: \(Self.tooLong)")
        #expect(error.explanation.contains("its registration failed"), "\(error)")
        #expect(error.explanation.contains("1 to 255 bytes"), "\(error)")
        // SQLite matches function names without regard to ASCII case; so does the report.
        let upper = sqliteError { _ = try db.scalar("SELECT \(Self.tooLong.uppercased())()") }
        #expect(upper?.explanation.contains("its registration failed") == true)

        // A 255-byte name is fine.
        let longest = String(repeating: "g", count: 255)
        db.createFunction(longest, argumentCount: 0) { _ in Int64(7) }
        #expect(try db.scalar("SELECT \(longest)()") as? Int64 == 7)
    }

    @Test("createAggregation with a name too long, or an argument count SQLite refuses, is recorded")
    func aggregationFailures() throws {
        let db = try Connection()
        db.createAggregation(Self.tooLong, initialValue: "", reduce: { last, _ in last }, result: { $0 })
        #expect(db.lastFunctionRegistrationError?.code == SQLITE_MISUSE)
        let error = sqliteError { _ = try db.scalar("SELECT \(Self.tooLong)(1)") }
        #expect(error?.explanation.contains("its registration failed") == true)

        db.createFunction("many", argumentCount: 1000) { _ in nil }
        #expect(db.lastFunctionRegistrationError?.explanation.contains("many()") == true)
        #expect(sqliteError { _ = try db.scalar("SELECT many(1)") }?.explanation.contains("its registration failed") == true)
    }

    @Test("a later successful registration of the name, or its removal, ends the report; other errors are untouched")
    func recordEndsWithSuccess() throws {
        let db = try Connection()
        db.createFunction("answer", argumentCount: 1000) { _ in Int64(42) }
        #expect(sqliteError { _ = try db.scalar("SELECT answer()") }?.explanation.contains("its registration failed") == true)
        db.createFunction("answer", argumentCount: 0) { _ in Int64(42) }
        #expect(try db.scalar("SELECT answer()") as? Int64 == 42)
        // The last error stays until another failure replaces it.
        #expect(db.lastFunctionRegistrationError != nil)

        db.createFunction("gone", argumentCount: 1000) { _ in nil }
        try db.removeFunction("gone")
        let removed = sqliteError { _ = try db.scalar("SELECT gone()") }
        #expect(removed?.message == "no such function: gone")
        #expect(removed?.explanation.contains("its registration failed") == false)

        let unrelated = sqliteError { _ = try db.scalar("SELECT never_registered()") }
        #expect(unrelated?.details == nil)
    }

    @Test("a script calling the function reports the registration's cause too")
    func scripts() throws {
        let db = try Connection()
        db.createFunction(Self.tooLong) { _ in nil }
        let error = sqliteError { try db.execute(sql: "CREATE TABLE t (x); SELECT \(Self.tooLong)();") }
        #expect(error?.explanation.contains("its registration failed") == true)
    }
}
