// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateCore
import SlateCoreTestSupport
import Testing

/// The examples of `SlateCore.docc/BackupAndBlobIO.md`, run as written.
@Suite("Backup and blob I/O article")
struct BackupAndBlobIOArticleTests {
    @Test func backups() throws {
        let directory = try TemporaryDirectory()
        let backupPath = directory.path("backup.sqlite")
        let source = try Connection()
        try source.execute(sql: "CREATE TABLE pages (body BLOB)")
        for _ in 0..<50 { try source.run("INSERT INTO pages VALUES (zeroblob(4000))") }

        let target = try Connection(.file(path: backupPath))
        var reports: [Double] = []
        try source.backup(to: target, pagesPerStep: .limited(number: 16)) { progress in
            reports.append(progress.fractionCompleted)
        }
        print(reports.last ?? 0)                      // 1.0
        #expect(reports.count > 1)
        #expect(reports.last == 1)
        #expect(try target.scalar(Int.self, "SELECT count(*) FROM pages") == 50)

        let copy = try Connection()
        let backup = try source.backup(usingConnection: copy)
        while try !backup.step(pagesToCopy: .limited(number: 100)) {
            print("\(backup.remainingPages) of \(backup.pageCount) pages left")
        }
        try backup.finish()
        #expect(try copy.scalar(Int.self, "SELECT count(*) FROM pages") == 50)
    }

    @Test func blobs() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE files (id INTEGER PRIMARY KEY, content BLOB)")
        try db.run("INSERT INTO files (id, content) VALUES (1, zeroblob(1024))")
        let blob = try db.openBlob(table: "files", column: "content", row: 1)
        try blob.write(Data("header".utf8), at: 0)
        let header = try blob.read(count: 6, at: 0)   // "header"
        print(blob.count)                             // 1024
        #expect(blob.count == 1024)
        #expect(sqliteError { try blob.write(Data(count: 8), at: 1020) }?.code == SQLITE_RANGE)
        try blob.close()
        #expect(String(decoding: header, as: UTF8.self) == "header")
        #expect(try db.scalar(Int.self, "SELECT length(content) FROM files") == 1024)
    }
}
