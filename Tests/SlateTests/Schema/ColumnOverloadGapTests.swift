import Foundation
import Slate
import Testing

/// The column overloads SQLite.swift's SchemaTests use that Slate lacked: a primary key that
/// references another table, a nullable text column whose default is a nullable expression with
/// a collation, and `addColumn(_:unique:check:references:_:)`. The SQL is SQLite.swift 0.16's, and
/// each statement runs against SQLite.
@Suite("Schema column overloads")
struct ColumnOverloadGapTests {
    let table = Table("table")
    let int64 = SQLExpression<Int64>("int64")
    let int64Optional = SQLExpression<Int64?>("int64Optional")
    let stringOptional = SQLExpression<String?>("stringOptional")

    @Test("column(_:primaryKey:check:references:_:) for both optionalities")
    func primaryKeyReferences() throws {
        let plain = table.create { t in t.column(int64, primaryKey: true, references: table, int64) }
        #expect(plain == "CREATE TABLE \"table\" (\"int64\" INTEGER PRIMARY KEY NOT NULL REFERENCES \"table\" (\"int64\"))")
        let checked = table.create { t in t.column(int64, primaryKey: true, check: int64Optional > 0, references: table, int64) }
        #expect(checked == "CREATE TABLE \"table\" (\"int64\" INTEGER PRIMARY KEY NOT NULL CHECK (\"int64Optional\" > 0) REFERENCES \"table\" (\"int64\"))")
        let optional = table.create { t in t.column(int64Optional, primaryKey: false, references: table, int64) }
        #expect(optional == "CREATE TABLE \"table\" (\"int64Optional\" INTEGER REFERENCES \"table\" (\"int64\"))")

        let db = try Connection()
        let parent = Table("parent")
        let child = Table("child")
        try db.run(parent.create { t in t.column(int64, primaryKey: true) })
        try db.run(child.create { t in t.column(int64, primaryKey: true, references: parent, int64) })
        try db.run("PRAGMA foreign_keys = ON")
        try db.run(parent.insert(int64 <- 1))
        try db.run(child.insert(int64 <- 1))
        #expect(throws: SQLiteError.self) { try db.run(child.insert(int64 <- 2)) }  // no parent 2
        #expect(try db.scalar(child.count) == 1)
    }

    @Test("a nullable text column takes a nullable default expression with a collation")
    func optionalDefaultWithCollation() throws {
        let sql = table.create { t in t.column(stringOptional, defaultValue: stringOptional, collate: .rtrim) }
        #expect(sql == "CREATE TABLE \"table\" (\"stringOptional\" TEXT DEFAULT (\"stringOptional\") COLLATE RTRIM)")
        let unique = table.create { t in
            t.column(stringOptional, unique: true, check: int64Optional > 0, defaultValue: stringOptional, collate: .nocase)
        }
        #expect(unique == "CREATE TABLE \"table\" (\"stringOptional\" TEXT UNIQUE CHECK (\"int64Optional\" > 0) DEFAULT (\"stringOptional\") COLLATE NOCASE)")

        let db = try Connection()
        let literal = table.create { t in
            t.column(stringOptional, defaultValue: SQLExpression<String?>(literal: "NULL"), collate: .nocase)
        }
        try db.run(literal)
        try db.run(table.insert(stringOptional <- "A"))
        #expect(try db.scalar(table.filter(stringOptional == "a").count) == 1)  // NOCASE applies
        // A default that names a column is SQL that SQLite refuses when it creates the table.
        #expect(throws: SQLiteError.self) { try db.run(sql.replacingOccurrences(of: "\"table\" (", with: "\"other\" (")) }
    }

    @Test("addColumn(_:unique:check:references:_:)")
    func addColumnUniqueReferences() throws {
        #expect(
            table.addColumn(int64, unique: true, references: table, int64)
                == "ALTER TABLE \"table\" ADD COLUMN \"int64\" INTEGER NOT NULL UNIQUE REFERENCES \"table\" (\"int64\")")
        #expect(
            table.addColumn(int64Optional, unique: true, check: int64Optional > 0, references: table, int64)
                == "ALTER TABLE \"table\" ADD COLUMN \"int64Optional\" INTEGER UNIQUE CHECK (\"int64Optional\" > 0) REFERENCES \"table\" (\"int64\")")
        #expect(
            table.addColumn(int64Optional, references: table, int64)
                == "ALTER TABLE \"table\" ADD COLUMN \"int64Optional\" INTEGER REFERENCES \"table\" (\"int64\")")

        let db = try Connection()
        try db.run(table.create { t in t.column(int64, primaryKey: true) })
        try db.run(table.addColumn(int64Optional, references: table, int64))
        #expect(try db.schema.columnDefinitions(table: "table").map(\.name) == ["int64", "int64Optional"])
        // SQLite cannot add a UNIQUE column: the statement fails clearly and the table is unchanged.
        let error = #expect(throws: SQLiteError.self) {
            try db.run(table.addColumn(SQLExpression<Int64?>("other"), unique: true, references: table, int64))
        }
        #expect(error?.message.contains("UNIQUE") == true)
        #expect(try db.schema.columnDefinitions(table: "table").count == 2)
    }
}
