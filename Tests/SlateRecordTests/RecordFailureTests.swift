import Foundation
import SlateMacros
import SlateTestSupport
import Testing

/// An enum stored by its raw value, without Codable.
enum Level: Int, Sendable {
    case low = 1, high = 2
}

/// Tags stored as JSON through an explicit representation.
@Table("tagged")
struct Tagged: Equatable, Sendable {
    @Column(primaryKey: true) var id: Int64
    var level: Level
    @Column(as: JSONColumn<[String]>.self) var tags: [String]
    @Column(as: JSONColumn<[String]>.self) var extra: [String]?
}

@Suite("Records: failures are clear SQLiteErrors and leave the database intact")
struct RecordFailureTests {
    /// Expects `body` to fail with `SQLITE_MISMATCH`, with each of `details` in the error's details.
    private func expectMismatch(_ details: String..., sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
        let error = expectSQLiteError(SQLITE_MISMATCH, sourceLocation: sourceLocation, body)
        #expect(details.allSatisfy { error?.details?.contains($0) == true }, "\(String(describing: error))", sourceLocation: sourceLocation)
    }

    @Test func aMissingColumnNamesItAndTheResult() throws {
        let db = try inMemoryDatabase("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT)")
        try db.execute(sql: "INSERT INTO players VALUES (1, 'Ann')")
        // `score` is optional: a result without it reads nil, as the Codable path does.
        #expect(try db.prepare(sql: "SELECT id, name FROM players").cursor().decodeAll(Player.self) == [Player(id: 1, name: "Ann", score: nil)])
        // `name` is not.
        let error = expectSQLiteError(SQLITE_RANGE) { _ = try db.prepare(sql: "SELECT id FROM players").cursor().decodeAll(Player.self) }
        #expect(error?.details?.contains("no column \"name\" for a String in the result; the columns are id") == true, "\(String(describing: error))")
    }

    @Test func nullAndWrongTypesNameTheColumnAndType() throws {
        let db = try inMemoryDatabase("CREATE TABLE players (id INTEGER PRIMARY KEY, name TEXT, score)")
        try db.execute(sql: "INSERT INTO players VALUES (1, NULL, 3)")
        expectMismatch("column \"name\" is NULL, which cannot be read as String") { _ = try Player.fetchAll(db) }
        try db.execute(sql: "UPDATE players SET name = 'Ann', score = 'many'")
        expectMismatch("column \"score\" holds TEXT 'many', which cannot be read as Optional<Int64>") { _ = try Player.fetchAll(db) }
        try db.execute(sql: "UPDATE players SET score = 2.5")
        expectMismatch("REAL 2.5") { _ = try Player.fetchOne(db, key: 1) }
        // An integral REAL is an integer, as everywhere in Slate.
        try db.execute(sql: "UPDATE players SET score = 3.0")
        #expect(try Player.fetchOne(db, key: 1)?.score == 3)
    }

    @Test func badRawValuesAndBadJSONNameTheColumn() throws {
        let db = try Connection(.inMemory)
        try Tagged.createTable(db)
        try Tagged(id: 1, level: .high, tags: ["a"], extra: nil).insert(db)
        #expect(try Tagged.fetchAll(db) == [Tagged(id: 1, level: .high, tags: ["a"], extra: nil)])
        #expect(try rowValues(db, "SELECT level, tags, extra FROM tagged") == [[.int(2), .text(#"["a"]"#), .null]])
        try db.execute(sql: "UPDATE tagged SET level = 7")
        expectMismatch("column \"level\" holds 7, which is not a raw value of Level") { _ = try Tagged.fetchAll(db) }
        try db.execute(sql: "UPDATE tagged SET level = 1, tags = 'not json'")
        expectMismatch("column \"tags\" cannot be read as Array<String>") { _ = try Tagged.fetchAll(db) }
    }

    @Test func constraintViolationsLeaveTheTableUnchanged() throws {
        let db = try Connection(.inMemory)
        try Player.createTable(db)
        try Player(id: 1, name: "Ann", score: 1).insert(db)
        let duplicate = expectSQLiteError(SQLITE_CONSTRAINT) { try Player(id: 1, name: "Bob", score: 2).insert(db) }
        #expect(duplicate?.code == SQLITE_CONSTRAINT_PRIMARYKEY)
        #expect(try Player.fetchAll(db) == [Player(id: 1, name: "Ann", score: 1)])
        // The statement is reusable after the failure.
        try Player(id: 2, name: "Bob", score: 2).insert(db)
        #expect(try Player.fetchCount(db) == 2)
        // A record whose table does not exist.
        let missing = expectSQLiteError(SQLITE_ERROR) { _ = try Event.fetchAll(db) }
        #expect(missing?.details?.contains("no such table") == true || missing?.message.contains("no such table") == true, "\(String(describing: missing))")
        // Creating the table twice.
        expectSQLiteError(SQLITE_ERROR) { try Player.createTable(db) }
        try Player.createTable(db, ifNotExists: true)
    }

    @Test func writesThatNeedAKeyOrARow() throws {
        let db = try Connection(.inMemory)
        try Event.createTable(db)
        let event = Event(name: "x", at: Date(timeIntervalSince1970: 0))
        for write in [{ try event.update(db) }, { try event.upsert(db) }, { _ = try event.delete(db) }] {
            let error = expectSQLiteError(SQLITE_MISUSE, write)
            #expect(error?.details?.contains("Event has no primary key") == true, "\(String(describing: error))")
        }
        expectSQLiteError(SQLITE_MISUSE) { _ = try Event.fetchOne(db, key: 1) }

        try Player.createTable(db)
        let absent = expectSQLiteError(SQLITE_NOTFOUND) { try Player(id: 9, name: "Nobody", score: nil).update(db) }
        #expect(absent?.details?.contains("no row of players has the id of this Player") == true, "\(String(describing: absent))")
        #expect(try Player.fetchCount(db) == 0)
    }

    @Test func unstorableValuesNameTheColumnAndWriteNothing() throws {
        let db = try Connection(.inMemory)
        try Event.createTable(db)
        // A value that does not fit is SQLITE_MISMATCH ("datatype mismatch"), not SQLITE_RANGE,
        // which is SQLite's "column index out of range".
        expectMismatch("column \"happened_at\"", "outside the years 0000–9999") { try Event(name: "far", at: Date(timeIntervalSince1970: 1e12)).insert(db) }
        #expect(try Event.fetchCount(db) == 0)
    }

    @Test func aNaNIsAnErrorNamingTheColumnAndNaN() throws {
        let db = try Connection(.inMemory)
        try EveryType.createTable(db)
        try EveryOptional.createTable(db)
        // Not "NOT NULL constraint failed": SQLite would store the NaN as NULL.
        var record = RecordTypeTableTests.extremes
        record.double = .nan
        expectMismatch("column \"double\"", "NaN") { try record.insert(db) }
        record = RecordTypeTableTests.extremes
        record.float = .nan
        expectMismatch("column \"float\"", "NaN") { try record.insert(db, onConflict: .replace) }
        // Not a silent nil.
        var optional = EveryOptional(id: 1)
        optional.double = -.nan
        expectMismatch("column \"double\"", "NaN") { try optional.insert(db) }
        optional.double = nil
        optional.float = .signalingNaN
        expectSQLiteError(SQLITE_MISMATCH) { try optional.upsert(db) }
        #expect(try EveryType.fetchCount(db) == 0)
        #expect(try EveryOptional.fetchCount(db) == 0)
        // SQLite.swift's insert of a Codable record, which keeps the values rather than binding them.
        try Profile.createTable(db)
        var profile = try #require(Profile.samples.first)
        profile.ratio = .nan
        let kept = #expect(throws: (any Error).self) { try db.run(Profile.table.insert(profile)) }
        #expect("\(String(describing: kept))".contains("NaN"), "\(String(describing: kept))")
        #expect(try Profile.fetchCount(db) == 0)
    }

    @Test func aClosedConnectionFails() throws {
        let db = try Connection(.inMemory)
        try Player.createTable(db)
        try Player(id: 1, name: "Ann", score: 1).insert(db)
        db.close()
        expectSQLiteError(SQLITE_MISUSE) { _ = try Player.fetchAll(db) }
        expectSQLiteError(SQLITE_MISUSE) { try Player(id: 2, name: "Bob", score: nil).insert(db) }
    }

    @Test func aLockedDatabaseFailsWithBusyAndKeepsTheRecord() throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("locked.sqlite")
        let writer = try Connection(.uri(path))
        try Player.createTable(writer)
        let other = try Connection(.uri(path))
        try other.setBusyTimeout(0)
        try writer.execute(sql: "BEGIN IMMEDIATE")
        let busy = expectSQLiteError(SQLITE_BUSY) { try Player(id: 1, name: "Ann", score: nil).insert(other) }
        #expect(busy != nil)
        try writer.execute(sql: "COMMIT")
        try Player(id: 1, name: "Ann", score: nil).insert(other)
        #expect(try Player.fetchAll(writer) == [Player(id: 1, name: "Ann", score: nil)])
    }
}
