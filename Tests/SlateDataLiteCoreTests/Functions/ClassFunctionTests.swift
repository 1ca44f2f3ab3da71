import Foundation
import SlateCoreTestSupport
import SlateDataLiteCore
import Testing

/// An error type of the test's own, to check that its description reaches the caller.
private struct InvalidTemperature: Error, CustomStringConvertible {
    let value: Double
    var description: String { "temperature \(value) is below absolute zero" }
}

/// A class-based scalar function, DataLiteCore style.
private final class Celsius: Function.Scalar {
    override class var name: String { "celsius" }
    override class var argc: Int32 { 1 }
    override class var options: Function.Options { [.deterministic, .innocuous] }
    override class func invoke(args: Function.Arguments) throws -> (any SQLiteRepresentable)? {
        guard let fahrenheit: Double = args[0] else { return nil }
        guard fahrenheit >= -459.67 else { throw InvalidTemperature(value: fahrenheit) }
        return (fahrenheit - 32) * 5 / 9
    }
}

/// A scalar that forgets to override `invoke(args:)`.
private final class Unimplemented: Function.Scalar {
    override class var argc: Int32 { 0 }
}

/// DataLiteCore's class-based scalar functions (`Function.Scalar`, `add(function:)`).
@Suite("ClassFunctionTests")
struct ClassFunctionTests {
    @Test func classScalarIsCalledFromSQL() throws {
        let db = try Connection()
        try db.add(function: Celsius.self)
        #expect(try db.scalar(Double.self, "SELECT celsius(212)") == 100)
        #expect(try db.scalar(Double.self, "SELECT celsius(?)", 32.0) == 0)
        #expect(try db.scalar(SQLiteValue.self, "SELECT celsius(NULL)") == nil)
        // SQL function names are case-insensitive.
        #expect(try db.scalar(Double.self, "SELECT CELSIUS(50)") == 10)
    }

    @Test func customErrorReachesTheCallerWithItsDescription() throws {
        let db = try Connection()
        try db.add(function: Celsius.self)
        try db.execute(sql: "CREATE TABLE readings (f REAL); INSERT INTO readings VALUES (50), (-500), (212)")
        try db.execute(sql: "CREATE TABLE converted (c REAL)")

        let error = #expect(throws: SQLiteError.self) {
            try db.run("INSERT INTO converted SELECT celsius(f) FROM readings")
        }
        #expect(error?.code.matches(SQLITE_ERROR) == true)
        #expect(error?.explanation == "temperature -500.0 is below absolute zero")
        #expect(error?.sql == "INSERT INTO converted SELECT celsius(f) FROM readings")
        // The failed statement changed nothing; the connection goes on working.
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM converted") == 0)
        #expect(try db.scalar(Int64.self, "SELECT count(*) FROM readings") == 3)
        #expect(try db.scalar(Double.self, "SELECT celsius(50)") == 10)
    }

    @Test func wrongArgumentCountIsRejectedBySQLite() throws {
        let db = try Connection()
        try db.add(function: Celsius.self)
        let error = #expect(throws: SQLiteError.self) { try db.prepare(sql: "SELECT celsius(1, 2)") }
        #expect(error?.code.matches(SQLITE_ERROR) == true)
        #expect(error?.explanation.contains("wrong number of arguments to function celsius()") == true)

        try db.createFunction("pair", deterministic: true) { (a: Int64, b: Int64) in a * 10 + b }
        #expect(try db.scalar(Int64.self, "SELECT pair(4, 2)") == 42)
        #expect(throws: SQLiteError.self) { try db.prepare(sql: "SELECT pair(1)") }
    }

    @Test func functionsKeepWorkingAfterManyStatements() throws {
        let db = try Connection()
        try db.createFunction("plusOne", deterministic: true) { (x: Int64) in x + 1 }
        try db.add(function: Celsius.self)
        try db.execute(sql: "CREATE TABLE numbers (n INTEGER)")
        for index in 0..<1_000 {
            try db.run("INSERT INTO numbers VALUES (plusOne(?))", Int64(index))
            if index % 100 == 0 { db.clearStatementCache() }
        }
        #expect(try db.scalar(Int64.self, "SELECT sum(n) FROM numbers") == 500_500)
        #expect(try db.scalar(Int64.self, "SELECT plusOne(41)") == 42)
        #expect(try db.scalar(Double.self, "SELECT celsius(212)") == 100)
    }

    @Test func removedFunctionIsGoneAndReleased() throws {
        let db = try Connection()
        let probe = ReleaseProbe()
        try probe.track { tracker in
            try db.createFunction("held", argumentCount: 0, options: []) { _ in
                _ = tracker
                return Int64(1)
            }
        }
        #expect(try db.scalar(Int64.self, "SELECT held()") == 1)
        #expect(!probe.isReleased)
        try db.removeFunction("held", argumentCount: 0)
        #expect(probe.isReleased)
        let error = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT held()") }
        #expect(error?.explanation.contains("no such function") == true)

        try db.add(function: Celsius.self)
        try db.remove(function: Celsius.self)
        #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT celsius(1)") }
        // Removing what is not there is harmless.
        try db.removeFunction("neverCreated")
    }

    @Test func registeringAClassOnAClosedConnectionThrows() throws {
        let db = try Connection()
        db.close()
        #expect(throws: SQLiteError.self) { try db.add(function: Celsius.self) }
    }

    @Test func invalidClassDefinitionsAreRejected() throws {
        let db = try Connection()
        let base = #expect(throws: SQLiteError.self) { try db.add(function: Function.self) }
        #expect(base?.code.matches(SQLITE_MISUSE) == true)
        #expect(base?.explanation.contains("subclass Function.Scalar") == true)

        try db.add(function: Unimplemented.self)
        let missing = #expect(throws: SQLiteError.self) { try db.scalar(SQLiteValue.self, "SELECT Unimplemented()") }
        #expect(missing?.explanation.contains("must override invoke(args:)") == true)
    }
}
