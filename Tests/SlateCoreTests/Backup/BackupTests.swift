import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// A database of many pages, so that a backup can take several steps.
private func makeSource(_ db: Connection, rows: Int = 300) throws {
    try db.execute(
        sql: """
            CREATE TABLE docs (id INTEGER PRIMARY KEY, body TEXT);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
            INSERT INTO docs (body) SELECT printf('%.2000c', char(64 + i % 26)) FROM n;
            """)
}

private func rowCount(_ db: Connection) throws -> Int64? {
    try db.scalar(Int64.self, "SELECT count(*) FROM docs")
}

@Suite("BackupTests")
struct BackupTests {
    @Test func sqliteSwiftExampleCopiesAFileIntoMemory() throws {
        let scratch = try TemporaryDirectory()
        let db = try Connection(scratch.path("db.sqlite"))
        try makeSource(db, rows: 20)
        let target = try Connection(.inMemory)
        let backup = try db.backup(usingConnection: target)
        let finished = try backup.step()
        #expect(finished)
        #expect(backup.isDone)
        #expect(backup.remainingPages == 0)
        try backup.finish()
        #expect(try rowCount(target) == 20)
        #expect(try target.scalar(String.self, "SELECT body FROM docs WHERE id = 3") == String(repeating: "C", count: 2000))
    }

    @Test func stepsCopyAFewPagesAtATimeAndReportProgress() throws {
        let source = try Connection()
        try makeSource(source)
        let target = try Connection()
        let backup = try source.backup(usingConnection: target)
        #expect(try backup.step(pagesToCopy: .limited(number: 5)) == false)
        let total = backup.pageCount
        #expect(total > 10)
        #expect(backup.remainingPages == total - 5)
        #expect(backup.progress.fractionCompleted > 0 && backup.progress.fractionCompleted < 1)
        var steps = 1
        while try !backup.step(pagesToCopy: .limited(number: 5)) { steps += 1 }
        #expect(steps + 1 == (total + 4) / 5)
        #expect(backup.progress.fractionCompleted == 1)
        try backup.finish()
        try backup.finish()  // a second finish does nothing
        #expect(try backup.step() == true)  // a finished, complete backup stays complete
        #expect(try rowCount(target) == 300)
    }

    @Test func oneCallBackupIntoAFileReportsProgressUntilDone() throws {
        let scratch = try TemporaryDirectory()
        let source = try Connection()
        try makeSource(source)
        let path = scratch.path("copy.sqlite")
        let target = try Connection(path)
        var reports: [Backup.Progress] = []
        try source.backup(to: target, pagesPerStep: .limited(number: 20)) { reports.append($0) }
        #expect(reports.count > 1)
        #expect(reports.map(\.remainingPages) == reports.map(\.remainingPages).sorted(by: >))
        #expect(reports.last?.remainingPages == 0)
        target.close()
        let reopened = try Connection(path, options: .readonly)
        #expect(try rowCount(reopened) == 300)
    }

    @Test func backupFromAFileIntoAnotherFileAndBackIntoMemory() throws {
        let scratch = try TemporaryDirectory()
        let original = try Connection(scratch.path("a.sqlite"))
        try makeSource(original, rows: 50)
        let copy = try Connection(scratch.path("b.sqlite"))
        try original.backup(to: copy)
        let memory = try Connection()
        try copy.backup(to: memory)
        #expect(try rowCount(memory) == 50)
    }

    @Test func backupBetweenNamedDatabases() throws {
        let source = try Connection()
        try source.attach(.inMemory, as: "archive")
        try source.execute(sql: "CREATE TABLE archive.docs (id INTEGER PRIMARY KEY, body TEXT); INSERT INTO archive.docs (body) VALUES ('old')")
        let target = try Connection()
        try target.attach(.inMemory, as: "restored")
        let backup = try source.backup(databaseName: "archive", usingConnection: target, targetDatabaseName: .attached(name: "restored"))
        #expect(backup.sourceName == .attached(name: "archive"))
        try backup.step()
        try backup.finish()
        #expect(try target.scalar(String.self, "SELECT body FROM restored.docs") == "old")
        #expect(throws: SQLiteError.self) { try target.scalar(SQLiteValue.self, "SELECT body FROM main.docs") }
    }

    @Test func backupIntoAReadOnlyDestinationFailsAndLeavesItIntact() throws {
        let scratch = try TemporaryDirectory()
        let path = scratch.path("readonly.sqlite")
        let setup = try Connection(path)
        try setup.execute(sql: "CREATE TABLE existing (x); INSERT INTO existing VALUES ('keep me')")
        setup.close()

        let source = try Connection()
        try makeSource(source)
        let target = try Connection(path, options: .readonly)
        let error = #expect(throws: SQLiteError.self) { try source.backup(to: target) }
        #expect(error?.code.matches(SQLITE_READONLY) == true)
        #expect(error?.category == .readOnly)
        #expect(error?.explanation.contains("backup") == true)
        target.close()

        let check = try Connection(path, options: .readonly)
        #expect(try check.scalar(String.self, "SELECT x FROM existing") == "keep me")
        #expect(throws: SQLiteError.self) { try rowCount(check) }
    }

    @Test func backupCannotStartOnBadInput() throws {
        let source = try Connection()
        try makeSource(source, rows: 3)
        let sameError = #expect(throws: SQLiteError.self) { try source.backup(usingConnection: source) }
        #expect(sameError?.code.matches(SQLITE_MISUSE) == true)

        let target = try Connection()
        let unknown = #expect(throws: SQLiteError.self) {
            try source.backup(databaseName: "nowhere", usingConnection: target)
        }
        #expect(unknown?.explanation.contains("nowhere") == true)

        let closed = try Connection()
        closed.close()
        let closedError = #expect(throws: SQLiteError.self) { try source.backup(to: closed) }
        #expect(closedError?.code.matches(SQLITE_MISUSE) == true)
    }

    @Test func steppingAfterAConnectionClosedOrAnEarlyFinishFails() throws {
        let source = try Connection()
        try makeSource(source)
        let target = try Connection()
        let backup = try source.backup(usingConnection: target)
        try backup.step(pagesToCopy: .limited(number: 1))
        source.close()
        let closed = #expect(throws: SQLiteError.self) { try backup.step() }
        #expect(closed?.explanation.contains("closed") == true)
        try backup.finish()

        let other = try Connection()
        try makeSource(other, rows: 10)
        let early = try other.backup(usingConnection: target)
        try early.step(pagesToCopy: .limited(number: 1))
        try early.finish()
        let finished = #expect(throws: SQLiteError.self) { try early.step() }
        #expect(finished?.explanation.contains("finished") == true)
    }
}
