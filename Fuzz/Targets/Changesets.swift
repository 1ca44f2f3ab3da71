// Fuzz target: any bytes as a changeset or patchset (issue 24). Promises checked: no crash and no
// hang; reading (`changes()`, `forEachChange`, `validate()`, `tables()`), inverting, filtering,
// concatenating and applying either succeed or throw a SQLiteError; the readers agree on whether
// the bytes are well formed, and on the changes; bytes that do not read are refused by every
// other entry point; an apply that throws leaves the scratch database as it was. The scratch
// database has rows, a UNIQUE and CHECK constraint and a foreign key, so that applying meets
// every kind of conflict; the input's length chooses the answer to conflicts.
// Seeds: Fuzz/Corpus/Changesets, made by Fuzz/make-changeset-corpus.sh on the schema below.
import Foundation
import SlateCore

/// The schema of the scratch database, and of the seeds' databases.
let changesetFuzzSchema = """
    CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b REAL, c BLOB, d);
    CREATE TABLE u (k TEXT, n INTEGER, v, PRIMARY KEY (k, n)) WITHOUT ROWID;
    CREATE TABLE w (x INTEGER PRIMARY KEY, y TEXT UNIQUE NOT NULL CHECK (y <> 'bad'));
    CREATE TABLE f (id INTEGER PRIMARY KEY, t_id INTEGER REFERENCES t (id));
    """

/// The rows every input starts from.
let changesetFuzzRows = """
    INSERT INTO t VALUES (1, 'one', 1.5, x'01', NULL), (2, 'two', NULL, NULL, 2), (3, 'three', 3.25, x'', 'x');
    INSERT INTO u VALUES ('a', 1, 'v1'), ('a', 2, NULL), ('b', 1, 1.0);
    INSERT INTO w VALUES (1, 'p'), (2, 'q');
    INSERT INTO f VALUES (1, 1), (2, NULL);
    """

/// The scratch database: one connection for the run, every input rolled back.
nonisolated(unsafe) let changesetScratch: Connection = {
    let db = sharedConnection
    do {
        try db.execute(sql: "PRAGMA foreign_keys = ON")
        try db.execute(sql: changesetFuzzSchema + changesetFuzzRows)
    } catch {
        fuzzFailure("cannot create the scratch database: \(error)")
    }
    return db
}()

/// Every row of every table, as text, to compare the database before and after.
func scratchContents(_ db: Connection) -> String {
    do {
        return try ["t", "u", "w", "f"].map { table in
            try db.prepare(sql: "SELECT * FROM \(table) ORDER BY 1, 2").rows().map { "\($0.values)" }.joined(separator: ";")
        }.joined(separator: "|")
    } catch {
        fuzzFailure("cannot read the scratch database: \(error)")
    }
}

/// Runs one entry point: it must succeed or throw a SQLiteError.
func expectSQLiteErrorOnly<T>(_ what: String, _ body: () throws -> T) -> T? {
    do {
        return try body()
    } catch is SQLiteError {
        return nil
    } catch {
        fuzzFailure("\(what) threw \(type(of: error)), not a SQLiteError: \(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChangesets(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let changeset = Changeset(data.map { Data(bytes: $0, count: size) } ?? Data())
    let changes = expectSQLiteErrorOnly("changes()") { try changeset.changes() }
    var streamed: [Changeset.Change] = []
    let streamedAll = expectSQLiteErrorOnly("forEachChange") { try changeset.forEachChange { streamed.append($0) } } != nil
    let valid = expectSQLiteErrorOnly("validate()") { try changeset.validate() } != nil
    let tables = expectSQLiteErrorOnly("tables()") { try changeset.tables() }
    guard (changes != nil) == valid, streamedAll == valid, (tables != nil) == valid else {
        fuzzFailure("the readers disagree: changes() \(changes != nil), forEachChange \(streamedAll), validate() \(valid), tables() \(tables != nil)")
    }
    if let changes, changes != streamed { fuzzFailure("forEachChange read other changes than changes()") }

    let inverse = expectSQLiteErrorOnly("inverted()") { try changeset.inverted() }
    let filtered = expectSQLiteErrorOnly("filtered(tables:)") { try changeset.filtered(tables: ["t", "U"]) }
    let doubled = expectSQLiteErrorOnly("concatenating") { try Changeset.concatenating([changeset, changeset]) }
    if valid {
        if let filtered, expectSQLiteErrorOnly("filtered().changes()", { try filtered.changes() }) == nil {
            fuzzFailure("filtering a well-formed changeset gave bytes that do not read")
        }
        if let inverse, expectSQLiteErrorOnly("inverted().validate()", { try inverse.validate() }) == nil {
            fuzzFailure("inverting a well-formed changeset gave bytes that do not read")
        }
        _ = doubled
    } else if !changeset.isEmpty, inverse != nil || filtered != nil || doubled != nil {
        fuzzFailure("bytes that do not read were inverted, filtered or concatenated")
    }

    // Apply inside a transaction that is rolled back: an apply that fails changes nothing.
    let db = changesetScratch
    resetProgressBudget()
    do { try db.execute(sql: "BEGIN") } catch { fuzzFailure("BEGIN failed: \(error)") }
    defer { try? db.execute(sql: "ROLLBACK") }
    let before = scratchContents(db)
    let policy = size % 3
    let applied: Void? = expectSQLiteErrorOnly("apply") {
        try db.apply(changeset) { conflict in
            switch policy {
            case 0: .abort
            case 1: .omit
            default: conflict.kind.allowsReplace ? .replace : .omit
            }
        }
    }
    if applied == nil {
        if scratchContents(db) != before { fuzzFailure("an apply that threw changed the database") }
    } else if !valid, !changeset.isEmpty {
        fuzzFailure("bytes that do not read were applied")
    }
    return 0
}
