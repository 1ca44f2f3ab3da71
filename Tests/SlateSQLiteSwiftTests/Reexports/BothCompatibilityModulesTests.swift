import SlateDataLiteCore
import SlateSQLiteSwift
import Testing

/// A file that imports both compatibility modules (a project moving from SQLite.swift and
/// DataLiteCore at once) sees one declaration of the pragma properties both libraries spell,
/// from SlatePragmaProperties: with a copy in each module, every use below was ambiguous.
@Suite("BothCompatibilityModulesTests")
struct BothCompatibilityModulesTests {
    @Test func thePragmaPropertiesBothLibrariesSpellAreUnambiguous() throws {
        let db = try Connection()
        db.foreignKeys = true
        db.userVersion = 7
        db.busyTimeout = 2
        db.synchronous = .normal
        db.journalMode = .wal  // an in-memory database keeps `memory`: recorded, not thrown
        #expect(db.foreignKeys)
        #expect(db.userVersion == 7)
        #expect(db.busyTimeout == 2)
        #expect(db.synchronous == .normal)
        #expect(db.journalMode == .memory)
        #expect(db.lastPropertyError != nil)
        #expect(db.applicationID == 0)  // DataLiteCore's own
        #expect(db.walAutoCheckpoint == 1000)  // SQLite.swift's own
    }
}
