// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import Slate
import Testing

/// The examples of `Slate.docc/Codable.md`, run as written.
@Suite("Codable article")
struct CodableArticleTests {
    struct Member: Codable, Equatable {
        var id: Int64
        var email: String
        var joined: Date
        var tags: [String]                            // stored as JSON text
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_024_000, "the article uses UPSERT"))
    func writeAndRead() throws {
        let db = try Connection()

        let members = Table("members")
        try db.execute(sql: "CREATE TABLE members (id INTEGER PRIMARY KEY, email TEXT UNIQUE, joined TEXT, tags TEXT)")
        let ada = Member(id: 1, email: "ada@example.com", joined: Date(timeIntervalSince1970: 0), tags: ["math"])
        try db.run(members.insert(ada))
        let loaded: [Member] = try db.cursor(members).decodeAll()
        let one = try db.pluck(members.filter(SQLExpression<Int64>("id") == 1))?.decode(as: Member.self)
        #expect(loaded == [ada])
        #expect(one == ada)
        #expect(try db.scalar(String.self, "SELECT tags FROM members") == #"["math"]"#)

        var changed = ada
        changed.email = "ada@lovelace.org"
        try db.run(members.filter(SQLExpression<Int64>("id") == 1).update(changed))
        try db.run(members.upsert(changed, onConflictOf: SQLExpression<String>("email")))
        #expect(try db.scalar(members.count) == 1)

        let everyone = try db.cursor("SELECT * FROM members ORDER BY id").decodeAll(Member.self)
        #expect(everyone == [changed])
    }

    @Test func decodingErrorsNameTheColumn() throws {
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE members (id INTEGER PRIMARY KEY, email TEXT, joined TEXT, tags TEXT)")
        try db.run("INSERT INTO members VALUES (1, NULL, '1970-01-01', '[]')")
        #expect(throws: DecodingError.self) {
            _ = try db.cursor("SELECT * FROM members").decodeAll(Member.self)
        }
    }
}
