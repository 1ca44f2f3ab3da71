import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// SQLite.swift's typed `createFunction` returns a builder for calls in typed queries; its
/// untyped and pointer-based aggregations keep their signatures. SQLite.swift's own tests of
/// these are compiled out on Linux; these cover the same cases, and the failure paths.
@Suite("SQLite.swift custom functions")
struct CustomFunctionsTests {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the function refused" }
    }

    // MARK: Typed functions return their call builder

    @Test func noArgumentsReturnsBuilder() throws {
        let db = try Connection(.inMemory)
        let plain: () -> SQLite.Expression<String> = try db.createFunction("test", deterministic: true) { "a" }
        #expect(try db.prepare("SELECT test()").scalar() as? String == "a")
        #expect(plain().template == "\"test\"()")
        let optional: () -> SQLite.Expression<String?> = try db.createFunction("maybe") { nil }
        #expect(try db.prepare("SELECT maybe()").scalar() == nil)
        #expect(Table("t").select(optional()).asSQL() == "SELECT \"maybe\"() FROM \"t\"")
    }

    @Test func oneArgumentEveryOptionality() throws {
        let db = try Connection(.inMemory)
        let plain: (SQLite.Expression<String>) -> SQLite.Expression<String> =
            try db.createFunction("t1", deterministic: true) { a in "b" + a }
        let leftOptional: (SQLite.Expression<String?>) -> SQLite.Expression<String> =
            try db.createFunction("t2", deterministic: true) { a in "b" + (a ?? "-") }
        let resultOptional: (SQLite.Expression<String>) -> SQLite.Expression<String?> =
            try db.createFunction("t3", deterministic: true) { a in a.isEmpty ? nil : "b" + a }
        let bothOptional: (SQLite.Expression<String?>) -> SQLite.Expression<String?> =
            try db.createFunction("t4", deterministic: true) { (a: String?) -> String? in a.map { "b" + $0 } }
        #expect(try db.prepare("SELECT t1(?)").scalar("a") as? String == "ba")
        #expect(try db.prepare("SELECT t2(?)").scalar("a") as? String == "ba")
        #expect(try db.prepare("SELECT t2(NULL)").scalar() as? String == "b-")
        #expect(try db.prepare("SELECT t3(?)").scalar("a") as? String == "ba")
        #expect(try db.prepare("SELECT t3('')").scalar() == nil)
        #expect(try db.prepare("SELECT t4(?)").scalar("a") as? String == "ba")
        #expect(try db.prepare("SELECT t4(NULL)").scalar() == nil)

        // The builders write quoted calls usable in typed queries.
        let names = Table("names")
        let name = SQLite.Expression<String>("name")
        let nick = SQLite.Expression<String?>("nick")
        try db.run(
            names.create { t in
                t.column(name)
                t.column(nick)
            })
        try db.run(names.insert(name <- "x", nick <- nil))
        try db.run(names.insert(name <- "y", nick <- "z"))
        let query = names.select(plain(name), leftOptional(nick), resultOptional(name), bothOptional(nick)).order(name)
        #expect(query.asSQL() == "SELECT \"t1\"(\"name\"), \"t2\"(\"nick\"), \"t3\"(\"name\"), \"t4\"(\"nick\") FROM \"names\" ORDER BY \"name\"")
        let rows = try Array(db.prepare(query))
        #expect(rows.count == 2)
        #expect(try rows[0].get(plain(name)) == "bx")
        #expect(try rows[0].get(leftOptional(nick)) == "b-")
        #expect(try rows[0].get(resultOptional(name)) == "bx")
        #expect(try rows[0].get(bothOptional(nick)) == nil)
        #expect(try rows[1].get(bothOptional(nick)) == "bz")
        // And in filters.
        #expect(try db.scalar(names.filter(plain(name) == "by").count) == 1)
    }

    @Test func twoArgumentsEveryOptionality() throws {
        let db = try Connection(.inMemory)
        typealias S = SQLite.Expression<String>
        typealias O = SQLite.Expression<String?>
        let f1: (S, S) -> S = try db.createFunction("f1", deterministic: true) { a, b in a + b }
        let f2: (O, S) -> S = try db.createFunction("f2", deterministic: true) { a, b in (a ?? "_") + b }
        let f3: (S, O) -> S = try db.createFunction("f3", deterministic: true) { a, b in a + (b ?? "_") }
        let f4: (S, S) -> O = try db.createFunction("f4", deterministic: true) { a, b in a == b ? nil : a + b }
        let f5: (O, O) -> S = try db.createFunction("f5", deterministic: true) { a, b in (a ?? "_") + (b ?? "_") }
        let f6: (O, S) -> O = try db.createFunction("f6", deterministic: true) { a, b in a.map { $0 + b } }
        let f7: (S, O) -> O = try db.createFunction("f7", deterministic: true) { a, b in b.map { a + $0 } }
        let f8: (O, O) -> O = try db.createFunction("f8", deterministic: true) { a, b in a.flatMap { a in b.map { a + $0 } } }
        for function in ["f1", "f2", "f3", "f4", "f5", "f6", "f7", "f8"] {
            #expect(try db.prepare("SELECT \(function)(?, ?)").scalar("a", "b") as? String == "ab")
        }
        #expect(try db.prepare("SELECT f2(NULL, 'b')").scalar() as? String == "_b")
        #expect(try db.prepare("SELECT f3('a', NULL)").scalar() as? String == "a_")
        #expect(try db.prepare("SELECT f4('a', 'a')").scalar() == nil)
        #expect(try db.prepare("SELECT f5(NULL, NULL)").scalar() as? String == "__")
        #expect(try db.prepare("SELECT f6(NULL, 'b')").scalar() == nil)
        #expect(try db.prepare("SELECT f7('a', NULL)").scalar() == nil)
        #expect(try db.prepare("SELECT f8('a', NULL)").scalar() == nil)
        let a = S("a"), b = O("b")
        #expect(f1(a, a).template == "\"f1\"(\"a\", \"a\")")
        #expect(f8(b, b).template == "\"f8\"(\"b\", \"b\")")
        #expect(f7(a, b).template == "\"f7\"(\"a\", \"b\")")
        _ = (f2, f3, f4, f5, f6)
    }

    @Test func documentedTypeConformsToExample() throws {
        // SQLite.swift's "Custom SQL Functions" section, with a prefix test for UTTypeConformsTo.
        let db = try Connection(.inMemory)
        let typeConformsTo: (SQLite.Expression<String>, SQLite.Expression<String>) -> SQLite.Expression<Bool> =
            (try db.createFunction("typeConformsTo", deterministic: true) { uti, conformsToUTI in
                uti.hasPrefix(conformsToUTI)
            })
        let attachments = Table("attachments")
        let uti = SQLite.Expression<String>("UTI")
        try db.run(attachments.create { t in t.column(uti) })
        for value in ["public.image.png", "public.text", "public.image.jpeg"] {
            try db.run(attachments.insert(uti <- value))
        }
        let images = attachments.filter(typeConformsTo(uti, SQLite.Expression(value: "public.image")))
        #expect(images.asSQL() == "SELECT * FROM \"attachments\" WHERE \"typeConformsTo\"(\"UTI\", 'public.image')")
        #expect(try db.scalar(images.count) == 2)

        // The loosely-typed form, replacing it: raw SQL only.
        db.createFunction("typeConformsTo", argumentCount: 2, deterministic: true) { args in
            guard let uti = args[0] as? String, let other = args[1] as? String else { return nil }
            return uti.hasSuffix(other)
        }
        let statement = try db.prepare("SELECT count(*) FROM attachments WHERE typeConformsTo(UTI, ?)")
        #expect(try statement.scalar("text") as? Int64 == 1)
    }

    @Test func customValueTypesConvertBothWays() throws {
        let db = try Connection(.inMemory)
        // Bool is stored as an INTEGER, Date as TEXT: the function sees Swift values.
        let negate: (SQLite.Expression<Bool>) -> SQLite.Expression<Bool> = try db.createFunction("negate") { !$0 }
        #expect(try db.prepare("SELECT negate(0)").scalar() as? Int64 == 1)
        let year: (SQLite.Expression<Date>) -> SQLite.Expression<Int> = try db.createFunction("year") { date in
            Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: date).year ?? 0
        }
        #expect(try db.prepare("SELECT year('2024-02-29T12:00:00.000')").scalar() as? Int64 == 2024)
        _ = (negate, year)
    }

    @Test func discardedResultStillRegisters() throws {
        let db = try Connection(.inMemory)
        // Existing Slate callers ignore the result; it is @discardableResult and not ambiguous.
        try db.createFunction("twice", deterministic: true) { (x: Int64) -> Int64 in x * 2 }
        try db.createFunction("pair") { (a: Int64, b: Int64) in a * 10 + b }
        #expect(try db.scalar("SELECT twice(21)") as? Int64 == 42)
        #expect(try db.scalar("SELECT pair(4, 2)") as? Int64 == 42)
    }

    // MARK: Typed functions' failure paths

    @Test func nullForNonOptionalArgumentFailsTheStatement() throws {
        let db = try Connection(.inMemory)
        try db.createFunction("shout") { (s: String) in s.uppercased() }
        let error = try #require(throws: SQLiteError.self) { try db.scalar("SELECT shout(NULL)") }
        #expect(error.code != SQLITE_OK)
        #expect("\(error)".contains("shout"))
        // The connection still works.
        #expect(try db.scalar("SELECT shout('a')") as? String == "A")
    }

    @Test func wrongArgumentTypeFailsTheStatement() throws {
        let db = try Connection(.inMemory)
        try db.createFunction("half") { (x: Int64) in x / 2 }
        let error = try #require(throws: SQLiteError.self) { try db.scalar("SELECT half('twelve')") }
        #expect("\(error)".contains("half"))
        #expect(try db.scalar("SELECT half(12)") as? Int64 == 6)
    }

    @Test func wrongArgumentCountFailsToCompileTheSQL() throws {
        let db = try Connection(.inMemory)
        let reverse: (SQLite.Expression<String>) -> SQLite.Expression<String> =
            try db.createFunction("reverse") { (s: String) in String(s.reversed()) }
        let error = try #require(throws: SQLiteError.self) { try db.scalar("SELECT reverse('a', 'b')") }
        #expect(error.code == SQLITE_ERROR)
        #expect("\(error)".contains("wrong number of arguments"))
        #expect(try db.scalar("SELECT reverse('abc')") as? String == "cba")
        _ = reverse
    }

    @Test func throwingFunctionFailsWithItsDescription() throws {
        let db = try Connection(.inMemory)
        try db.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2)")
        let check: (SQLite.Expression<Int64>) -> SQLite.Expression<Int64> = try db.createFunction("check") { x in
            if x > 1 { throw Failure() }
            return x
        }
        let error = try #require(throws: SQLiteError.self) {
            // prepareRowIterator throws errors from the walk (a `for` loop over `prepare` ends quietly).
            try db.prepareRowIterator(Table("t").select(check(SQLite.Expression<Int64>("x")))).map { $0 }
        }
        #expect("\(error)".contains("the function refused"))
        // The table is intact.
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 2)
    }

    @Test func closedConnectionCannotRegister() throws {
        let db = try Connection(.inMemory)
        db.close()
        #expect(throws: SQLiteError.self) {
            try db.createFunction("late") { (x: Int64) in x }
        }
    }

    // MARK: Untyped functions and aggregations (SQLite.swift's signatures)

    @Test func untypedFunctionWithBindings() throws {
        let db = try Connection(.inMemory)
        db.createFunction("typeConformsTo", argumentCount: 2, deterministic: true) { (args: [Binding?]) -> Binding? in
            guard let uti = args[0] as? String, let other = args[1] as? String else { return nil }
            return uti.hasPrefix(other) ? Int64(1) : Int64(0)
        }
        #expect(try db.scalar("SELECT typeConformsTo('public.jpeg', 'public')") as? Int64 == 1)
        #expect(try db.scalar("SELECT typeConformsTo('public.jpeg', 'com')") as? Int64 == 0)
        #expect(try db.scalar("SELECT typeConformsTo(NULL, 'com')") == nil)
        #expect(throws: SQLiteError.self) { try db.scalar("SELECT typeConformsTo('a')") }
    }

    @Test func reduceAggregationPerGroup() throws {
        let db = try Self.users()
        let reduce: (Int64, [Binding?]) -> Int64 = { last, bindings in last + ((bindings[0] as? Int64) ?? 0) }
        db.createAggregation("myReduceSUM", initialValue: Int64(3000), reduce: reduce, result: { $0 })
        #expect(try db.scalar("SELECT myReduceSUM(age) FROM users") as? Int64 == 3083)
        let grouped = try db.prepare("SELECT myReduceSUM(age) AS s FROM users GROUP BY admin ORDER BY s")
            .map { $0[0] as? Int64 }
        #expect(grouped == [3028, 3055])
    }

    @Test func unsafePointerAggregation() throws {
        let db = try Self.users()
        let step = { (bindings: [Binding?], state: UnsafeMutablePointer<Int64>) in
            if let value = bindings[0] as? Int64 { state.pointee += value }
        }
        let final = { (state: UnsafeMutablePointer<Int64>) -> Binding? in
            defer { state.deallocate() }
            return state.pointee
        }
        db.createAggregation("mySUM", step: step, final: final) {
            let state = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
            state.initialize(to: 0)
            return state
        }
        #expect(try db.scalar("SELECT mySUM(age) FROM users") as? Int64 == 83)
        let grouped = try db.prepare("SELECT mySUM(age) AS s FROM users GROUP BY admin ORDER BY s")
            .map { $0[0] as? Int64 }
        #expect(grouped == [28, 55])
        // A NULL argument reaches step as nil; the others still count.
        try db.execute("INSERT INTO users (email, age, admin) VALUES ('n@example.com', NULL, 0)")
        #expect(try db.scalar("SELECT mySUM(age) FROM users") as? Int64 == 83)
    }

    @Test func unsafePointerAggregationOverNoRowsCallsStateThenFinal() throws {
        let db = try Connection(.inMemory)
        try db.execute("CREATE TABLE empty (x INTEGER)")
        final class Counter: @unchecked Sendable { var states = 0, finals = 0 }
        let counter = Counter()
        db.createAggregation(
            "count7", argumentCount: 1,
            step: { (_: [Binding?], state: UnsafeMutablePointer<Int64>) in state.pointee += 1 },
            final: { state in
                counter.finals += 1
                defer { state.deallocate() }
                return state.pointee
            },
            state: {
                counter.states += 1
                let state = UnsafeMutablePointer<Int64>.allocate(capacity: 1)
                state.initialize(to: 7)
                return state
            })
        #expect(try db.scalar("SELECT count7(x) FROM empty") as? Int64 == 7)
        #expect(counter.states == 1)
        #expect(counter.finals == 1)
        // One state per group, each freed by its final.
        try db.execute("INSERT INTO empty VALUES (1), (1), (2)")
        let grouped = try db.prepare("SELECT count7(x) FROM empty GROUP BY x ORDER BY x").map { $0[0] as? Int64 }
        #expect(grouped == [9, 8])
        #expect(counter.states == 3)
        #expect(counter.finals == 3)
        // The argument count is enforced when the SQL is compiled.
        #expect(throws: SQLiteError.self) { try db.scalar("SELECT count7(x, x) FROM empty") }
    }

    // MARK: QueryError

    @Test func queryErrorHasSQLiteSwiftsCasesAndWording() {
        let errors: [SQLite.QueryError] = [
            .noSuchTable(name: "t"),
            .noSuchColumn(name: "\"c\"", columns: ["\"a\"", "\"b\""]),
            .ambiguousColumn(name: "\"id\"", similar: ["\"a\".\"id\"", "\"b\".\"id\""]),
            .unexpectedNullValue(name: "\"n\"")
        ]
        #expect(
            errors.map(\.description) == [
                "No such table: t",
                "No such column `\"c\"` in columns [\"\\\"a\\\"\", \"\\\"b\\\"\"]",
                "Ambiguous column `\"id\"` (please disambiguate: [\"\\\"a\\\".\\\"id\\\"\", \"\\\"b\\\".\\\"id\\\"\"])",
                "Unexpected null value for column `\"n\"`"
            ])
        // Matchable as SQLite.swift code does.
        let thrown: any Error = QueryError.noSuchColumn(name: "x", columns: [])
        if case QueryError.noSuchColumn(let name, _)? = thrown as? QueryError {
            #expect(name == "x")
        } else {
            Issue.record("QueryError did not match")
        }
    }

    /// SQLite.swift's test fixture: three users, ages 28 (admin), 22 and 33.
    static func users() throws -> Connection {
        let db = try Connection(.inMemory)
        try db.execute(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL, age INTEGER, admin BOOLEAN NOT NULL DEFAULT 0);
            INSERT INTO users (email, age, admin) VALUES ('Alice@example.com', 28, 1), ('Bob@example.com', 22, 0), ('Eve@example.com', 33, 0);
            """)
        return db
    }
}
