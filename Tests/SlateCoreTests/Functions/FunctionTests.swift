import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// An error type of the test's own, to check that its description reaches the caller.
private struct InvalidTemperature: Error, CustomStringConvertible {
    let value: Double
    var description: String { "temperature \(value) is below absolute zero" }
}

/// Scalar functions from closures (`createFunction`).
@Suite("FunctionTests")
struct FunctionTests {
    @Test func typedClosuresFromZeroToThreeArguments() throws {
        let db = try Connection()
        try db.createFunction("answer", deterministic: true) { Int64(42) }
        try db.createFunction("shout") { (text: String) in text.uppercased() + "!" }
        try db.createFunction("repeatText") { (text: String, times: Int) in String(repeating: text, count: max(0, times)) }
        try db.createFunction("clampValue") { (x: Double, low: Double, high: Double) in min(max(x, low), high) }
        try db.createFunction("orDefault") { (text: String?) in text ?? "default" }
        try db.createFunction("bytes") { (data: Data) in Int64(data.count) }
        try db.createFunction("maybe") { (flag: Bool) -> String? in flag ? "yes" : nil }

        #expect(try db.scalar(Int64.self, "SELECT answer()") == 42)
        #expect(try db.scalar(String.self, "SELECT shout('hi')") == "HI!")
        #expect(try db.scalar(String.self, "SELECT repeatText('ab', 3)") == "ababab")
        #expect(try db.scalar(Double.self, "SELECT clampValue(15.5, 0, 10)") == 10)
        #expect(try db.scalar(String.self, "SELECT orDefault(NULL)") == "default")
        #expect(try db.scalar(String.self, "SELECT orDefault('given')") == "given")
        #expect(try db.scalar(Int64.self, "SELECT bytes(X'000102')") == 3)
        #expect(try db.scalar(String.self, "SELECT maybe(1)") == "yes")
        #expect(try db.scalar(SQLiteValue.self, "SELECT maybe(0)") == nil)
        // Text with an embedded NUL and an empty string survive the round trip.
        #expect(try db.scalar(Int64.self, "SELECT length(CAST(shout(?) AS BLOB))", "a\0b") == 4)
        #expect(try db.scalar(Int64.self, "SELECT repeatText('x', 0) = ''") == 1)
    }

    @Test func typedArgumentOfTheWrongTypeFailsClearly() throws {
        let db = try Connection()
        try db.createFunction("shout") { (text: String) in text.uppercased() }
        let null = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT shout(NULL)") }
        #expect(null?.code.matches(SQLITE_MISMATCH) == true)
        #expect(null?.explanation.contains("argument 1 of shout() is NULL") == true)

        try db.createFunction("half") { (x: Int64) in x / 2 }
        let text = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT half('ten')") }
        #expect(text?.explanation.contains("argument 1 of half() is TEXT 'ten'") == true)
        #expect(text?.explanation.contains("Int64") == true)
    }

    @Test func argumentsOfferTypedAccess() throws {
        let arguments = Function.Arguments([.int(7), .text("x"), .null], functionName: "f")
        #expect(arguments.count == 3)
        let seven: Int? = arguments[0]
        let missing: Int? = arguments[5]
        #expect(seven == 7)
        #expect(missing == nil)
        #expect(arguments[5] == .null)
        #expect(try arguments.get(1, as: String.self) == "x")
        #expect(try arguments.get(2, as: String?.self) == .some(nil))
        let range = #expect(throws: SQLiteError.self) { try arguments.get(3, as: Int.self) }
        #expect(range?.code.matches(SQLITE_RANGE) == true)
        #expect(arguments.description == "(7, 'x', NULL)")
    }

    @Test func functionsAreReleasedWhenTheConnectionCloses() throws {
        let probe = ReleaseProbe()
        let db = try Connection()
        try probe.track { tracker in
            try db.createFunction("held") { (x: Int64) -> Int64 in
                _ = tracker
                return x
            }
        }
        #expect(try db.scalar(Int64.self, "SELECT held(3)") == 3)
        db.close()
        #expect(probe.isReleased)
    }

    @Test func registeringOnAClosedConnectionThrows() throws {
        let db = try Connection()
        db.close()
        let closure = #expect(throws: SQLiteError.self) { try db.createFunction("f") { Int64(1) } }
        #expect(closure?.code.matches(SQLITE_MISUSE) == true)
        #expect(closure?.explanation.contains("closed") == true)
        #expect(throws: SQLiteError.self) { try db.removeFunction("f") }
        #expect(throws: SQLiteError.self) { try db.createAggregate("a", initialValue: 0, step: { acc, _ in acc }, result: { Int64($0) }) }
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_030_000, "direct-only functions need SQLite 3.30"))
    func optionsReachSQLite() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (x INTEGER)")
        try db.createFunction("stable", argumentCount: 1, options: [.deterministic]) { args in args[0] }
        try db.createFunction("volatile", argumentCount: 1, options: []) { args in args[0] }
        try db.createFunction("direct", argumentCount: 0, options: [.directonly]) { _ in Int64(1) }

        // Only deterministic functions may appear in an index expression.
        try db.execute(sql: "CREATE INDEX stable_x ON t (stable(x))")
        let volatile = #expect(throws: SQLiteError.self) { try db.execute(sql: "CREATE INDEX volatile_x ON t (volatile(x))") }
        #expect(volatile?.explanation.contains("non-deterministic") == true)

        // A direct-only function cannot be reached through a view.
        #expect(try db.scalar(Int64.self, "SELECT direct()") == 1)
        try db.execute(sql: "CREATE VIEW v AS SELECT direct() AS d")
        let direct = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT d FROM v") }
        #expect(direct?.explanation.contains("unsafe use of direct()") == true)
    }

    @Test func invalidDefinitionsAreRejected() throws {
        let db = try Connection()
        let probe = ReleaseProbe()
        let count = #expect(throws: SQLiteError.self) {
            try probe.track { tracker in
                try db.createFunction("many", argumentCount: 40_000, options: []) { _ in
                    _ = tracker
                    return nil
                }
            }
        }
        #expect(count?.code.matches(SQLITE_MISUSE) == true)
        #expect(count?.explanation.contains("many()") == true)
        // SQLite released the rejected closure (and only once: a double release would crash).
        #expect(probe.isReleased)

        let negative = #expect(throws: SQLiteError.self) {
            try db.createFunction("neg", argumentCount: -2, options: []) { _ in nil }
        }
        #expect(negative?.code.matches(SQLITE_MISUSE) == true)
    }
}
