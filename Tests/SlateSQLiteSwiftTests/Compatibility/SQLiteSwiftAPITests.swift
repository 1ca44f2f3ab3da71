import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// SQLite.swift's public API, as its own test suite uses it, compiles and behaves the same on Slate.
@Suite("SQLite.swift API parity")
struct SQLiteSwiftAPITests {
    let users = Table("users")
    let id = SQLExpression<Int64>("id")
    let name = SQLExpression<String>("name")
    let admin = SQLExpression<Bool>("admin")

    private func database() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, admin INTEGER NOT NULL);
            INSERT INTO users VALUES (1, 'alice', 1), (2, 'betsy', 0), (3, 'cindy', 0);
            """)
    }

    @Test func connectionDescriptionAndFlags() throws {
        let db = try Connection(.inMemory)
        #expect(db.description == "")
        #expect(!db.readonly)
        let folder = try TemporaryDirectory()
        let path = folder.path("described.sqlite")
        let file = try Connection(path)
        #expect(URL(fileURLWithPath: file.description).lastPathComponent == "described.sqlite")
        let reader = try Connection(path, readonly: true)
        #expect(reader.readonly)
        #expect(Connection.Location.uri("foo").description == "foo")
        #expect(
            Connection.Location.uri("foo", parameters: [.mode(.readOnly), .cache(.private)]).description
                == "file:foo?mode=ro&cache=private")
    }

    @Test("usesExtendedErrorCodes is settable; either way a unique violation matches both its primary and extended code")
    func extendedErrorCodesSetting() throws {
        let db = try database()
        try db.execute("CREATE UNIQUE INDEX users_name ON users (name)")
        for setting in [false, true] {
            db.usesExtendedErrorCodes = setting
            #expect(db.usesExtendedErrorCodes == setting)
            let error = try #require(sqliteError { try db.run("INSERT INTO users (name, admin) VALUES ('alice', 0)") })
            #expect(error.code == SQLITE_CONSTRAINT)
            #expect(error.code == SQLITE_CONSTRAINT_UNIQUE)
            #expect(error.code.rawValue == SQLITE_CONSTRAINT_UNIQUE)
        }
    }

    @Test("SchemaChanger.Error is declared with SQLite.swift's cases and wording")
    func schemaChangerErrorCases() {
        let invalid: any Error = SchemaChanger.Error.invalidColumnDefinition("can not add primary key column")
        #expect(invalid.localizedDescription == "Invalid column definition: can not add primary key column")
        if case SchemaChanger.Error.invalidColumnDefinition(let message) = invalid {
            #expect(message == "can not add primary key column")
        } else {
            Issue.record("the case does not match")
        }
        let foreignKeys = SchemaChanger.Error.foreignKeyError([])
        #expect(foreignKeys.errorDescription == "Foreign key errors: []")
    }

    @Test func sqliteVersionIsTheLinkedOne() throws {
        let db = try Connection(.inMemory)
        let text = try db.scalar("SELECT sqlite_version()") as? String
        #expect(db.sqliteVersion.description == "SQLite " + (text ?? ""))
        #expect(db.sqliteVersion >= SQLiteVersion(major: 3, minor: 0))
        #expect(SQLiteVersion(major: 3, minor: 9, point: 9) < SQLiteVersion(major: 3, minor: 10))
    }

    @Test func deferForeignKeysAndIntegrityCheck() throws {
        let db = try database()
        #expect(!db.deferForeignKeys)
        db.deferForeignKeys = true
        #expect(db.deferForeignKeys)
        #expect(try db.integrityCheck().isEmpty)
        if SQLite.versionNumber >= 3_033_000 {
            #expect(try db.integrityCheck(table: "users").isEmpty)
            let error = #expect(throws: SQLiteError.self) { try db.integrityCheck(table: "xxx") }
            #expect(error?.explanation == "no such table: xxx")
        }
    }

    @Test func existsIsASelectThatRuns() throws {
        let db = try database()
        #expect(users.exists.asSQL() == "SELECT EXISTS (SELECT * FROM \"users\")")
        #expect(try db.scalar(users.filter(admin).exists))
        #expect(try !db.scalar(users.filter(id > 10).exists))
        #expect(throws: SQLiteError.self) { try db.scalar(Table("missing").exists) }
    }

    @Test func setterDescriptionAndMaterializationSpellings() {
        #expect((name <- "x").description == "\"name\" = 'x'")
        #expect((id <- id).description == "\"id\" = \"id\"")
        #expect(MaterializationHint.materialized == .materialize)
        #expect(MaterializationHint.notMaterialized == .notMaterialize)
    }

    @Test func variadicAndOr() throws {
        #expect(and(admin, admin, admin).asSQL() == "(\"admin\" AND \"admin\" AND \"admin\")")
        #expect(and([admin]).asSQL() == "(\"admin\")")
        #expect(or(admin, id == 2).asSQL() == "(\"admin\" OR (\"id\" = 2))")
        let db = try database()
        #expect(try db.scalar(users.filter(or(admin, id == 2)).count) == 2)
        #expect(try db.scalar(users.filter(and([SQLExpression<Bool>]())).count) == 3)
        #expect(try db.scalar(users.filter(or([SQLExpression<Bool>]())).count) == 0)
    }

    @Test func windowValueAndExpressionDefaults() throws {
        let int = SQLExpression<Int>("int")
        #expect(int.value(1, int.desc).asSQL() == "nth_value(\"int\", 1) OVER (ORDER BY \"int\" DESC)")
        #expect(
            int.lag(offset: 1, default: SQLExpression<Int>(value: 3), int.desc).asSQL()
                == "lag(\"int\", 1, 3) OVER (ORDER BY \"int\" DESC)")
        #expect(int.lead(offset: 1, default: int, int.desc).asSQL() == "lead(\"int\", 1, \"int\") OVER (ORDER BY \"int\" DESC)")
        let db = try database()
        let previous = id.lag(offset: 1, default: SQLExpression<Int64>(value: -1), id)
        let query = users.select(previous).order(id)
        if SQLite.versionNumber >= 3_025_000 {
            #expect(try db.prepare(query).map { try $0.get(previous) } == [-1, 1, 2])
        } else {
            // Window functions need SQLite 3.25 (SQLCipher 3.4 is 3.15): a clear error, not bad SQL.
            #expect(throws: SQLiteError.self) { try db.prepare(query).map { try $0.get(previous) } }
        }
    }

    @Test func stringLikeExpression() throws {
        #expect("string".like(SQLExpression<String>("a")).asSQL() == "('string' LIKE \"a\")")
        let db = try database()
        #expect(try db.scalar(users.filter("alice".like(name)).count) == 1)
    }

    @Test func rangeSubscriptAndIntRandom() throws {
        #expect(name[1..<3].asSQL() == "substr(\"name\", 1, 2)")
        #expect(SQLExpression<Int>.random().asSQL() == "random()")
        let db = try database()
        #expect(try db.pluck(users.select(name[1..<3]).filter(id == 1))?.get(name[1..<3]) == "al")
    }

    @Test func statementRowReadsTheCurrentRow() throws {
        let db = try database()
        let statement = try db.prepare("SELECT name, id, 2.5, X'6869', NULL FROM users WHERE id = 1")
        #expect(try statement.step())
        #expect(statement.row[0] as String == "alice")
        #expect(statement.row[1] as Int64 == 1)
        #expect(statement.row[1] as Int == 1)
        #expect(statement.row[2] as Double == 2.5)
        #expect((statement.row[3] as Blob).bytes == [0x68, 0x69])
        #expect(statement.row[1] as Bool)
        #expect(statement.row[4] as (any Binding)? == nil)
        #expect(statement.row[0] as (any Binding)? as? String == "alice")
    }

    @Test func virtualTableMatchesAnExpression() throws {
        let emails = VirtualTable("emails")
        let subject = SQLExpression<String>("subject")
        let query = SQLExpression<String>("query"), maybe = SQLExpression<String?>("maybe")
        #expect((emails.match(query) as VirtualTable).asSQL() == #"SELECT * FROM "emails" WHERE ("emails" MATCH "query")"#)
        #expect((emails.match(maybe) as VirtualTable).asSQL() == #"SELECT * FROM "emails" WHERE ("emails" MATCH "maybe")"#)
        let db = try Connection()
        try db.run(emails.create(.FTS4(subject)))
        try db.run(emails.insert(subject <- "lunch today"))
        try db.run(emails.insert(subject <- "dinner"))
        let term = SQLExpression<String>(value: "lunch")
        #expect(try db.prepare(emails.match(term) as VirtualTable).map { try $0.get(subject) } == ["lunch today"])
        let none = SQLExpression<String?>(literal: "NULL")
        #expect(try db.scalar((emails.match(none) as VirtualTable).count) == 0)
    }
}
