// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateDataLiteCore
import SlateCoreTestSupport
import Testing

/// DataLiteCore's migration examples (formerly `SlateCore.docc/MigratingFromDataLiteCore.md`) and the landing page
/// `SlateCore.docc/SlateCore.md`, run as written.
@Suite("Migrating from DataLiteCore article")
struct MigratingFromDataLiteCoreArticleTests {
    @Test func dataLiteCoreSpellings() throws {
        let connection = try Connection(location: .inMemory, options: [.readwrite, .create])
        try connection.execute(sql: "CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE)")
        let statement = try connection.prepare(sql: "INSERT INTO users (email) VALUES (:email)", options: [.persistent])
        try statement.execute([["email": .text("ada@example.com")], ["email": .text("alan@example.com")]])
        let select = try connection.prepare(sql: "SELECT id, email FROM users ORDER BY id")
        var emails: [String] = []
        while try select.step() {
            let email: String? = select.columnValue(at: 1)
            print(select.currentRow() ?? [:], email ?? "-")
            emails.append(email ?? "-")
        }
        #expect(emails == ["ada@example.com", "alan@example.com"])

        // Extended codes match their primary code, as DataLiteCore's documentation shows.
        let duplicate = sqliteError { try statement.execute([["email": .text("ada@example.com")]]) }
        #expect(duplicate?.code == SQLITE_CONSTRAINT)
        #expect(duplicate?.code == SQLITE_CONSTRAINT_UNIQUE)
    }

    @Test func landingPageTour() throws {
        let db = try Connection(.inMemory)
        try db.execute(sql: "CREATE TABLE sets (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        try db.run("INSERT INTO sets (name) VALUES (?)", "Galaxy Explorer")
        let cursor = try db.cursor("SELECT id, name FROM sets")
        var seen: [String] = []
        while let row = try cursor.next() {
            print(try row.get(0, as: Int.self), try row.get("name", as: String.self))
            seen.append(try row.get("name", as: String.self))
        }
        #expect(seen == ["Galaxy Explorer"])
    }
}
