import Foundation
import Slate
import SlateTestSupport
import Testing

@Suite("Table descriptions and prepared inserts")
struct TableDescriptionTests {
    let number = ColumnDescription(name: "number", type: .text, nullable: false)
    let name = ColumnDescription(name: "name", type: .text, nullable: false)
    let year = ColumnDescription(name: "year", type: .integer)
    let price = ColumnDescription(name: "price", type: .real)
    let picture = ColumnDescription(name: "picture", type: .blob)

    func sets() throws -> TableDescription {
        try TableDescription(name: "sets", columns: [year, number, price, name, picture])
    }

    /// A new in-memory database with the table of `sets()`, and an insert statement for it.
    func setsTable() throws -> (Connection, TableDescription, InsertStatement) {
        let db = try Connection()
        let description = try sets()
        try db.createTable(description)
        return (db, description, try db.prepareInsert(into: description))
    }

    /// The `CREATE TABLE` text SQLite keeps for a table.
    func schema(of table: String, in db: Connection) throws -> String? {
        try db.scalar(String.self, "SELECT sql FROM sqlite_master WHERE name = ?", table)
    }

    @Test func createsItsTableWithColumnsSortedByName() throws {
        let db = try Connection()
        let description = try sets()
        try db.createTable(description)
        #expect(
            try schema(of: "sets", in: db) == "CREATE TABLE \"sets\" (\"name\" TEXT NOT NULL, \"number\" TEXT NOT NULL, "
                + "\"picture\" BLOB, \"price\" REAL, \"year\" INTEGER)")
        #expect(description.orderedColumns.map(\.name) == ["name", "number", "picture", "price", "year"])
        #expect(
            description.description
                == "\"sets\" (\"name\" TEXT NOT NULL, \"number\" TEXT NOT NULL, \"picture\" BLOB, \"price\" REAL, \"year\" INTEGER)")
        // The order does not depend on how the columns were given.
        let again = try TableDescription(name: "sets2", columns: [picture, name, price, number, year])
        try again.create(in: db)
        #expect(
            try schema(of: "sets2", in: db) == "CREATE TABLE \"sets2\" (\"name\" TEXT NOT NULL, \"number\" TEXT NOT NULL, "
                + "\"picture\" BLOB, \"price\" REAL, \"year\" INTEGER)")
        #expect(again.orderedColumns == description.orderedColumns)
    }

    @Test func creatingTwiceFails() throws {
        let db = try Connection()
        try db.createTable(try sets())
        #expect {
            try db.createTable(try sets())
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_ERROR && error.explanation.contains("already exists")
        }
    }

    @Test func quotedNames() throws {
        let db = try Connection()
        let odd = try TableDescription(name: "my \"table\"", columns: [ColumnDescription(name: "a b", type: .numeric)])
        try db.createTable(odd)
        #expect(try schema(of: "my \"table\"", in: db) == "CREATE TABLE \"my \"\"table\"\"\" (\"a b\" NUMERIC)")
        let insert = try db.prepareInsert(into: odd)
        try insert.insert(["a b": "12"])
        #expect(try db.readAllRows(from: odd).map(\.values) == [[.int(12)]])
    }

    @Test func insertsOneRowPerCallAndReadsThemBack() throws {
        let (db, description, insert) = try setsTable()
        #expect(insert.sql == "INSERT INTO \"sets\" (\"name\", \"number\", \"picture\", \"price\", \"year\") VALUES (?, ?, ?, ?, ?)")
        #expect(try insert.insert(["number": "10497", "name": "Galaxy Explorer", "year": 2022, "price": 99.99]) == 1)
        #expect(try insert.insert(["number": "6929", "name": "Cosmic Rock", "picture": .blob(Data([1, 2]))]) == 2)
        // Column names follow SQL's rule: case does not matter.
        #expect(try insert.insert(["NUMBER": "928", "Name": "Galaxy Explorer (1979)", "year": 1979, "price": nil]) == 3)

        let rows = try db.readAllRows(from: description)
        #expect(rows.count == 3)
        #expect(rows[0].columnNames == ["name", "number", "picture", "price", "year"])
        #expect(
            rows.map(\.values) == [
                ["Galaxy Explorer", "10497", nil, 99.99, 2022],
                ["Cosmic Rock", "6929", .blob(Data([1, 2])), nil, nil],
                ["Galaxy Explorer (1979)", "928", nil, nil, 1979]
            ])
        #expect(try rows[0].get("year", as: Int.self) == 2022)

        // Rows read back decode like any other rows.
        struct LegoSet: Decodable, Equatable { let number: String; let name: String; let year: Int?; let price: Double? }
        #expect(
            try rows.map { try $0.decode(as: LegoSet.self) } == [
                LegoSet(number: "10497", name: "Galaxy Explorer", year: 2022, price: 99.99),
                LegoSet(number: "6929", name: "Cosmic Rock", year: nil, price: nil),
                LegoSet(number: "928", name: "Galaxy Explorer (1979)", year: 1979, price: nil)
            ])
    }

    @Test func bulkInsertInATransaction() throws {
        let db = try Connection()
        let description = try createLabelledTable("numbers", in: db)
        let insert = try db.prepareInsert(into: description)
        try db.transaction {
            for n in 1...500 {
                try insert.insert(["n": .int(Int64(n)), "label": n.isMultiple(of: 2) ? "even" : nil])
            }
        }
        let rows = try db.readAllRows(from: description)
        #expect(rows.count == 500)
        #expect(try rows.map { try $0.get("n", as: Int.self) } == Array(1...500))
        #expect(rows.filter { $0["label"] == .null }.count == 250)
    }

    @Test func missingNonNullColumnIsReportedBeforeSQLiteRuns() throws {
        let (db, description, insert) = try setsTable()
        try insert.insert(["number": "1", "name": "kept"])
        #expect {
            try insert.insert(["name": "No number", "year": 2000])
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_CONSTRAINT_NOTNULL
                && error.explanation == "no value for the NOT NULL column(s) \"number\" of table \"sets\""
                && error.category == .constraint
        }
        #expect {
            try insert.insert([:])
        } throws: { error in
            (error as? SQLiteError)?.explanation == "no value for the NOT NULL column(s) \"name\", \"number\" of table \"sets\""
        }
        // Nothing was inserted, and the statement still works.
        #expect(try db.readAllRows(from: description).count == 1)
        #expect(try insert.insert(["number": "2", "name": "after"]) == 2)
        #expect(try db.readAllRows(from: description).map { $0["name"] } == ["kept", "after"])
    }

    @Test func unknownColumnIsReported() throws {
        let (db, description, insert) = try setsTable()
        #expect {
            try insert.insert(["number": "1", "name": "x", "colour": "red"])
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_ERROR
                && error.explanation == "table \"sets\" has no column named \"colour\"; its columns are name, number, picture, price, year"
        }
        #expect {
            try insert.insert(["number": "1", "name": "x", "Name": "y"])
        } throws: { error in
            (error as? SQLiteError)?.explanation.contains("is given twice") ?? false
        }
        #expect(try db.readAllRows(from: description).isEmpty)
    }

    @Test func explicitNullIsRejectedBySQLiteItself() throws {
        let (db, description, insert) = try setsTable()
        #expect {
            try insert.insert(["number": "1", "name": nil])
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_CONSTRAINT_NOTNULL && error.explanation == "NOT NULL constraint failed: sets.name"
        }
        #expect(try db.readAllRows(from: description).isEmpty)
        #expect(try insert.insert(["number": "1", "name": "fine"]) == 1)
    }

    @Test func tableConstraintsStillApply() throws {
        let db = try Connection()
        let description = try sets()
        try db.createTable(description)
        try db.execute(sql: "CREATE UNIQUE INDEX sets_number ON sets (number)")
        let insert = try db.prepareInsert(into: description)
        try insert.insert(["number": "1", "name": "first"])
        #expect {
            try insert.insert(["number": "1", "name": "second"])
        } throws: { error in
            (error as? SQLiteError).map { $0.code == SQLITE_CONSTRAINT_UNIQUE } ?? false
        }
        #expect(try db.readAllRows(from: description).map { $0["name"] } == ["first"])
    }

    @Test func readAllRowsChecksTheTableAgainstTheDescription() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE sets (number TEXT NOT NULL, name TEXT, year TEXT, colour TEXT);
                INSERT INTO sets VALUES ('1', 'a', '1999', 'red');
                """)
        #expect {
            try db.readAllRows(from: try sets())
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_ERROR
                && error.explanation == "table \"sets\" does not match its description: "
                    + "column \"name\" is nullable but described as NOT NULL; column \"picture\" is missing; "
                    + "column \"price\" is missing; column \"year\" is declared TEXT, not INTEGER; "
                    + "column \"colour\" is not in the description"
        }
        let matching = try TableDescription(
            name: "sets",
            columns: [
                ColumnDescription(name: "number", type: .text, nullable: false),
                ColumnDescription(name: "name", type: .text),
                ColumnDescription(name: "year", type: .text),
                ColumnDescription(name: "colour", type: .text)
            ])
        #expect(try db.readAllRows(from: matching).map(\.values) == [["red", "a", "1", "1999"]])
        #expect {
            try db.readAllRows(from: try TableDescription(name: "missing", columns: [year]))
        } throws: { error in
            (error as? SQLiteError)?.explanation == "no table named \"missing\" in the database"
        }
    }

    @Test func prepareInsertIntoAMissingTableFails() throws {
        let db = try Connection()
        #expect {
            try db.prepareInsert(into: try sets())
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_ERROR && error.explanation.contains("no such table: sets")
        }
    }

    /// Column lists a table description refuses, and what the error must say.
    static let invalidColumns: [(columns: Set<ColumnDescription>, refusal: @Sendable (SQLiteError) -> Bool)] = [
        ([], { $0.explanation.contains("has no columns") }),
        (
            [ColumnDescription(name: "a", type: .text), ColumnDescription(name: "A", type: .integer)],
            { $0.explanation.contains("two columns named \"A\" and \"a\"") }
        ),
        (
            [ColumnDescription(name: "a", type: .text), ColumnDescription(name: "a", type: .text, nullable: false)],
            { $0.code == SQLITE_MISUSE }
        )
    ]

    @Test func invalidDescriptions() throws {
        for (columns, refusal) in Self.invalidColumns {
            #expect {
                try TableDescription(name: "t", columns: columns)
            } throws: { error in
                (error as? SQLiteError).map(refusal) ?? false
            }
        }
        #expect(throws: SQLiteError.self) { try TableDescription(name: "", columns: [year]) }
    }

    @Test func closedConnection() throws {
        let (db, description, insert) = try setsTable()
        db.close()
        #expect {
            try insert.insert(["number": "1", "name": "x"])
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_MISUSE && error.explanation.contains("closed")
        }
        #expect(throws: SQLiteError.self) { try db.readAllRows(from: description) }
        #expect(throws: SQLiteError.self) { try db.createTable(description) }
    }
}
