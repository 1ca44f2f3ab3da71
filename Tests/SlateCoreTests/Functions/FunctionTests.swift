import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// An error type of the test's own, to check that its description reaches the caller.
private struct InvalidTemperature: Error, CustomStringConvertible {
    let value: Double
    var description: String { "temperature \(value) is below absolute zero" }
}

/// Something a function's closure holds on to, to see when SQLite releases the closure.
private final class Tracker {}

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

@Suite("FunctionTests")
struct FunctionTests {
    @Test func classScalarIsCalledFromSQL() throws {
        let db = try Connection()
        try db.add(function: Celsius.self)
        #expect(try db.scalar("SELECT celsius(212)") as? Double == 100)
        #expect(try db.scalar("SELECT celsius(?)", 32.0) as? Double == 0)
        #expect(try db.scalar("SELECT celsius(NULL)") == nil)
        // SQL function names are case-insensitive.
        #expect(try db.scalar("SELECT CELSIUS(50)") as? Double == 10)
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
        #expect(try db.scalar("SELECT count(*) FROM converted") as? Int64 == 0)
        #expect(try db.scalar("SELECT count(*) FROM readings") as? Int64 == 3)
        #expect(try db.scalar("SELECT celsius(50)") as? Double == 10)
    }

    @Test func sqliteErrorThrownByUserCodeKeepsItsCode() throws {
        let db = try Connection()
        db.createFunction("strict", argumentCount: 1) { args -> (any Binding)? in
            guard let text = args[0] as? String else {
                throw SQLiteError(code: SQLITE_MISMATCH, message: "strict() wants text")
            }
            return text
        }
        #expect(try db.scalar("SELECT strict('a')") as? String == "a")
        let error = #expect(throws: SQLiteError.self) { try db.scalar("SELECT strict(1)") }
        #expect(error?.code.matches(SQLITE_MISMATCH) == true)
        #expect(error?.explanation == "strict() wants text")
    }

    @Test func wrongArgumentCountIsRejectedBySQLite() throws {
        let db = try Connection()
        try db.add(function: Celsius.self)
        let error = #expect(throws: SQLiteError.self) { try db.prepare(sql: "SELECT celsius(1, 2)") }
        #expect(error?.code.matches(SQLITE_ERROR) == true)
        #expect(error?.explanation.contains("wrong number of arguments to function celsius()") == true)

        try db.createFunction("pair", deterministic: true) { (a: Int64, b: Int64) in a * 10 + b }
        #expect(try db.scalar("SELECT pair(4, 2)") as? Int64 == 42)
        #expect(throws: SQLiteError.self) { try db.prepare(sql: "SELECT pair(1)") }
    }

    @Test func untypedClosureSeesSQLiteSwiftValues() throws {
        let db = try Connection()
        db.createFunction("describe") { args -> (any Binding)? in
            args.map { value -> String in
                switch value {
                case is Int64: "int"
                case is Double: "real"
                case is String: "text"
                case let blob as Blob: "blob\(blob.bytes.count)"
                case nil: "null"
                default: "other"
                }
            }.joined(separator: ",")
        }
        #expect(try db.scalar("SELECT describe(1, 2.5, 'x', X'0102', NULL)") as? String == "int,real,text,blob2,null")
        #expect(try db.scalar("SELECT describe()") as? String == "")

        db.createFunction("nothingAtAll", argumentCount: 0) { _ in nil }
        #expect(try db.scalar("SELECT nothingAtAll() IS NULL") as? Int64 == 1)
    }

    @Test func sqliteSwiftDocumentationShapeWorks() throws {
        let db = try Connection()
        // The loosely-typed form from SQLite.swift's documentation, unchanged but for the test.
        db.createFunction("typeConformsTo", deterministic: true) { args in
            guard let uti = args[0] as? String, let conformsToUTI = args[1] as? String else { return nil }
            return uti.hasPrefix(conformsToUTI)
        }
        try db.execute(
            sql: """
                CREATE TABLE attachments (UTI TEXT);
                INSERT INTO attachments VALUES ('public.image.png'), ('public.text'), (NULL), ('public.image.jpeg');
                """)
        let stmt = try db.prepare("SELECT count(*) FROM attachments WHERE typeConformsTo(UTI, ?)", "public.image")
        #expect(try stmt.scalar() as? Int64 == 2)
        // A literal result infers its type.
        try db.createFunction("fortyTwo") { 42 }
        #expect(try db.scalar("SELECT fortyTwo()") as? Int64 == 42)
    }

    @Test func typedClosuresFromZeroToThreeArguments() throws {
        let db = try Connection()
        try db.createFunction("answer", deterministic: true) { Int64(42) }
        try db.createFunction("shout") { (text: String) in text.uppercased() + "!" }
        try db.createFunction("repeatText") { (text: String, times: Int) in String(repeating: text, count: max(0, times)) }
        try db.createFunction("clampValue") { (x: Double, low: Double, high: Double) in min(max(x, low), high) }
        try db.createFunction("orDefault") { (text: String?) in text ?? "default" }
        try db.createFunction("bytes") { (data: Data) in Int64(data.count) }
        try db.createFunction("maybe") { (flag: Bool) -> String? in flag ? "yes" : nil }

        #expect(try db.scalar("SELECT answer()") as? Int64 == 42)
        #expect(try db.scalar("SELECT shout('hi')") as? String == "HI!")
        #expect(try db.scalar("SELECT repeatText('ab', 3)") as? String == "ababab")
        #expect(try db.scalar("SELECT clampValue(15.5, 0, 10)") as? Double == 10)
        #expect(try db.scalar("SELECT orDefault(NULL)") as? String == "default")
        #expect(try db.scalar("SELECT orDefault('given')") as? String == "given")
        #expect(try db.scalar("SELECT bytes(X'000102')") as? Int64 == 3)
        #expect(try db.scalar("SELECT maybe(1)") as? String == "yes")
        #expect(try db.scalar("SELECT maybe(0)") == nil)
        // Text with an embedded NUL and an empty string survive the round trip.
        #expect(try db.scalar("SELECT length(CAST(shout(?) AS BLOB))", "a\0b") as? Int64 == 4)
        #expect(try db.scalar("SELECT repeatText('x', 0) = ''") as? Int64 == 1)
    }

    @Test func typedArgumentOfTheWrongTypeFailsClearly() throws {
        let db = try Connection()
        try db.createFunction("shout") { (text: String) in text.uppercased() }
        let null = #expect(throws: SQLiteError.self) { try db.scalar("SELECT shout(NULL)") }
        #expect(null?.code.matches(SQLITE_MISMATCH) == true)
        #expect(null?.explanation.contains("argument 1 of shout() is NULL") == true)

        try db.createFunction("half") { (x: Int64) in x / 2 }
        let text = #expect(throws: SQLiteError.self) { try db.scalar("SELECT half('ten')") }
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

    @Test func functionsKeepWorkingAfterManyStatements() throws {
        let db = try Connection()
        try db.createFunction("plusOne", deterministic: true) { (x: Int64) in x + 1 }
        try db.add(function: Celsius.self)
        try db.execute(sql: "CREATE TABLE numbers (n INTEGER)")
        for index in 0..<1_000 {
            try db.run("INSERT INTO numbers VALUES (plusOne(?))", Int64(index))
            if index % 100 == 0 { db.clearStatementCache() }
        }
        #expect(try db.scalar("SELECT sum(n) FROM numbers") as? Int64 == 500_500)
        #expect(try db.scalar("SELECT plusOne(41)") as? Int64 == 42)
        #expect(try db.scalar("SELECT celsius(212)") as? Double == 100)
    }

    @Test func removedFunctionIsGoneAndReleased() throws {
        let db = try Connection()
        weak var weakTracker: Tracker?
        do {
            let tracker = Tracker()
            weakTracker = tracker
            db.createFunction("held", argumentCount: 0) { _ in
                _ = tracker
                return Int64(1)
            }
        }
        #expect(try db.scalar("SELECT held()") as? Int64 == 1)
        #expect(weakTracker != nil)
        try db.removeFunction("held", argumentCount: 0)
        #expect(weakTracker == nil)
        let error = #expect(throws: SQLiteError.self) { try db.scalar("SELECT held()") }
        #expect(error?.explanation.contains("no such function") == true)

        try db.add(function: Celsius.self)
        try db.remove(function: Celsius.self)
        #expect(throws: SQLiteError.self) { try db.scalar("SELECT celsius(1)") }
        // Removing what is not there is harmless.
        try db.removeFunction("neverCreated")
    }

    @Test func functionsAreReleasedWhenTheConnectionCloses() throws {
        weak var weakTracker: Tracker?
        let db = try Connection()
        do {
            let tracker = Tracker()
            weakTracker = tracker
            try db.createFunction("held") { (x: Int64) -> Int64 in
                _ = tracker
                return x
            }
        }
        #expect(try db.scalar("SELECT held(3)") as? Int64 == 3)
        db.close()
        #expect(weakTracker == nil)
    }

    @Test func registeringOnAClosedConnectionThrows() throws {
        let db = try Connection()
        db.close()
        let closure = #expect(throws: SQLiteError.self) { try db.createFunction("f") { Int64(1) } }
        #expect(closure?.code.matches(SQLITE_MISUSE) == true)
        #expect(closure?.explanation.contains("closed") == true)
        #expect(throws: SQLiteError.self) { try db.add(function: Celsius.self) }
        #expect(throws: SQLiteError.self) { try db.removeFunction("f") }
        #expect(throws: SQLiteError.self) { try db.defineAggregation("a", initialValue: 0, reduce: { acc, _ in acc }, result: { Int64($0) }) }
    }

    @Test func replacingAFunctionWhileAStatementRunsIsRefused() throws {
        let db = try Connection()
        db.createFunction("one", argumentCount: 0) { _ in Int64(1) }
        try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        let running = try db.prepare(sql: "SELECT one(), x FROM t")
        #expect(try running.step())
        let error = #expect(throws: SQLiteError.self) {
            try db.defineFunction("one", argumentCount: 0) { _ in Int64(2) }
        }
        #expect(error?.code.matches(SQLITE_BUSY) == true)
        #expect(error?.explanation.contains("one()") == true)
        // The original function is still in place for the running statement.
        #expect(try running.step())
        #expect(running.columnValue(at: 0) == .int(1))
        try running.reset()
        db.createFunction("one", argumentCount: 0) { _ in Int64(2) }
        #expect(try db.scalar("SELECT one()") as? Int64 == 2)
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
        #expect(try db.scalar("SELECT direct()") as? Int64 == 1)
        try db.execute(sql: "CREATE VIEW v AS SELECT direct() AS d")
        let direct = #expect(throws: SQLiteError.self) { try db.scalar("SELECT d FROM v") }
        #expect(direct?.explanation.contains("unsafe use of direct()") == true)
    }

    @Test func invalidDefinitionsAreRejected() throws {
        let db = try Connection()
        let base = #expect(throws: SQLiteError.self) { try db.add(function: Function.self) }
        #expect(base?.code.matches(SQLITE_MISUSE) == true)
        #expect(base?.explanation.contains("subclass Function.Scalar") == true)

        weak var weakTracker: Tracker?
        let count = #expect(throws: SQLiteError.self) {
            let tracker = Tracker()
            weakTracker = tracker
            try db.defineFunction("many", argumentCount: 40_000) { _ in
                _ = tracker
                return nil
            }
        }
        #expect(count?.code.matches(SQLITE_MISUSE) == true)
        #expect(count?.explanation.contains("many()") == true)
        // SQLite released the rejected closure (and only once: a double release would crash).
        #expect(weakTracker == nil)

        let negative = #expect(throws: SQLiteError.self) {
            try db.createFunction("neg", argumentCount: -2, options: []) { _ in nil }
        }
        #expect(negative?.code.matches(SQLITE_MISUSE) == true)

        try db.add(function: Unimplemented.self)
        let missing = #expect(throws: SQLiteError.self) { try db.scalar("SELECT Unimplemented()") }
        #expect(missing?.explanation.contains("must override invoke(args:)") == true)
    }
}
