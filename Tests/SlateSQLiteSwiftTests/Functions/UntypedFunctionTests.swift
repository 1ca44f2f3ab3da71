import Foundation
import SlateCoreTestSupport
import SlateSQLiteSwift
import Testing

/// SQLite.swift's untyped `createFunction` and its throwing form `defineFunction`.
@Suite("UntypedFunctionTests")
struct UntypedFunctionTests {
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

    @Test func definingOnAClosedConnectionThrows() throws {
        let db = try Connection()
        db.close()
        #expect(throws: SQLiteError.self) { try db.defineAggregation("a", initialValue: 0, reduce: { acc, _ in acc }, result: { Int64($0) }) }
    }

    @Test func anInvalidUntypedDefinitionIsRejectedAndReleased() throws {
        let db = try Connection()
        let probe = ReleaseProbe()
        let count = #expect(throws: SQLiteError.self) {
            try probe.track { tracker in
                try db.defineFunction("many", argumentCount: 40_000) { _ in
                    _ = tracker
                    return nil
                }
            }
        }
        #expect(count?.code.matches(SQLITE_MISUSE) == true)
        #expect(count?.explanation.contains("many()") == true)
        #expect(probe.isReleased)
    }
}
