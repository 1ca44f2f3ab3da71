import Foundation
import SlateSQLiteSwift
import SlateTestSupport
import Testing

/// Calls whose behaviour `import SlateSQLiteSwift` makes SQLite.swift's, where Slate's own
/// (`import Slate`) differs: the errors of typed reads and schema changes, the journal mode
/// setter, the extended-codes flag and a rolled-back savepoint.
@Suite("SQLite.swift behaviour under import SlateSQLiteSwift")
struct SQLiteSwiftBehaviourTests {
    private func database() throws -> Connection {
        try inMemoryDatabase(
            """
            CREATE TABLE owners (id INTEGER PRIMARY KEY, name TEXT NOT NULL, nickname TEXT);
            CREATE TABLE pets (id INTEGER PRIMARY KEY, owner INTEGER, name TEXT NOT NULL);
            INSERT INTO owners VALUES (1, 'ada', NULL);
            INSERT INTO pets VALUES (7, 1, 'rex');
            """)
    }

    // MARK: Typed reads throw QueryError

    @Test("a typed read of a column the row lacks throws QueryError.noSuchColumn with the row's columns")
    func missingColumnIsQueryError() throws {
        let db = try database()
        let owners = Table("owners")
        let row = try #require(try db.pluck(owners))
        do {
            _ = try row.get(SQLExpression<String>("age"))
            Issue.record("the read did not throw")
        } catch let error as QueryError {
            #expect(error == .noSuchColumn(name: "\"age\"", columns: ["\"owners\".\"id\"", "\"owners\".\"name\"", "\"owners\".\"nickname\""]))
        }
        do {
            _ = try row.get(SQLExpression<String?>("age"))
            Issue.record("the optional read did not throw")
        } catch let error as QueryError {
            guard case .noSuchColumn(let name, _) = error else { throw error }
            #expect(name == "\"age\"")
        }
    }

    @Test("an unqualified name that two joined tables share throws QueryError.ambiguousColumn")
    func ambiguousColumnIsQueryError() throws {
        let db = try database()
        let owners = Table("owners")
        let pets = Table("pets")
        let id = SQLExpression<Int64>("id")
        let owner = SQLExpression<Int64>("owner")
        let row = try #require(try db.pluck(owners.join(pets, on: owners[id] == pets[owner])))
        #expect(throws: QueryError.ambiguousColumn(name: "\"id\"", similar: ["\"owners\".\"id\"", "\"pets\".\"id\""])) {
            try row.get(id)
        }
        #expect(try row.get(pets[id]) == 7)
    }

    @Test("a NULL read as a non-optional value throws QueryError.unexpectedNullValue")
    func nullIsQueryError() throws {
        let db = try database()
        let nickname = SQLExpression<String>("nickname")
        let row = try #require(try db.pluck(Table("owners")))
        #expect(throws: QueryError.unexpectedNullValue(name: "\"nickname\"")) { try row.get(nickname) }
        #expect(try row.get(SQLExpression<String?>("nickname")) == nil)
        #expect(try row.get(SQLExpression<String>("name")) == "ada")
    }

    // MARK: Schema changes throw SchemaChanger.Error

    @Test("adding a column ALTER TABLE cannot add throws SchemaChanger.Error and changes nothing")
    func invalidAddedColumnIsSchemaChangerError() throws {
        let db = try database()
        let changer = SchemaChanger(connection: db)
        let refused: [(ColumnDefinition, String)] = [
            (ColumnDefinition(name: "code", primaryKey: .init(autoIncrement: false), type: .TEXT), "can not add primary key column"),
            (ColumnDefinition(name: "seen", type: .TEXT, defaultValue: .CURRENT_TIMESTAMP), "Invalid default value"),
            (ColumnDefinition(name: "rank", type: .INTEGER, nullable: false), "NOT NULL columns must have a default value other than NULL")
        ]
        for (column, message) in refused {
            #expect(throws: SchemaChanger.Error.invalidColumnDefinition(message)) {
                try changer.alter(table: "owners") { table in
                    table.add(column: ColumnDefinition(name: "added_first", type: .TEXT))
                    table.add(column: column)
                }
            }
            #expect(try db.schema.columnDefinitions(table: "owners").map(\.name) == ["id", "name", "nickname"])
        }
        try changer.alter(table: "owners") { table in
            table.add(column: ColumnDefinition(name: "rank", type: .INTEGER, nullable: false, defaultValue: .numericLiteral("0")))
        }
        #expect(try db.schema.columnDefinitions(table: "owners").map(\.name) == ["id", "name", "nickname", "rank"])
    }

    // MARK: Pragmas and flags

    @Test("setJournalMode returns the mode SQLite kept: memory for an in-memory database asked for WAL")
    func setJournalModeReturnsTheModeKept() throws {
        let memory = try Connection()
        #expect(try memory.setJournalMode(.wal) == .memory)
        let folder = try TemporaryDirectory()
        let file = try Connection(folder.path("journal.sqlite"))
        #expect(try file.setJournalMode(.wal) == .wal)
        #expect(try file.getJournalMode() == .wal)
        #expect(try file.setJournalMode(.delete) == .delete)
    }

    @Test("usesExtendedErrorCodes reads false until set, as in SQLite.swift")
    func extendedErrorCodesFlagDefaultsToFalse() throws {
        let db = try Connection()
        #expect(!db.usesExtendedErrorCodes)
        db.usesExtendedErrorCodes = true
        #expect(db.usesExtendedErrorCodes)
    }

    // MARK: Savepoints

    @Test("a savepoint whose block throws is rolled back to and not released; an outermost one ends its transaction")
    func rolledBackSavepointIsNotReleased() throws {
        let db = try database()
        var statements: [String] = []
        db.trace { statements.append($0) }
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try db.savepoint("outer") {
                try db.run("INSERT INTO pets VALUES (8, 1, 'tom')")
                try db.savepoint("inner") {
                    try db.run("INSERT INTO pets VALUES (9, 1, 'kit')")
                    throw Refused()
                }
            }
        }
        db.trace(nil)
        #expect(db.isAutocommit)
        #expect(try db.scalar("SELECT count(*) FROM pets") as? Int64 == 1)
        #expect(statements.filter { $0.hasPrefix("RELEASE") } == [])
        #expect(statements.filter { $0.hasPrefix("ROLLBACK TO") } == ["ROLLBACK TO SAVEPOINT 'inner'", "ROLLBACK TO SAVEPOINT 'outer'"])

        // Nested in a transaction, the rolled-back savepoint stays open until the transaction
        // ends, and the transaction keeps what the block did before it.
        try db.transaction {
            try db.run("INSERT INTO pets VALUES (10, 1, 'max')")
            try? db.savepoint("inner") {
                try db.run("INSERT INTO pets VALUES (11, 1, 'fig')")
                throw Refused()
            }
            #expect(!db.isAutocommit)
        }
        #expect(db.isAutocommit)
        #expect(try db.scalar("SELECT group_concat(id) FROM pets") as? String == "7,10")
    }
}
