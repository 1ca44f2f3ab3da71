import Foundation
import Slate
import SlateTestSupport
import Testing

/// FTS4 and FTS5 as the documentation's "Full-text Search" shows them: the exact SQL of each
/// call, run against a real database.
@Suite("Full-text search")
struct FTSTests: UsersFixture {
    let emails = VirtualTable("emails")
    let subject = SQLExpression<String>("subject")
    let body = SQLExpression<String>("body")

    func fill(_ db: Connection) throws {
        try db.run(
            emails.insert(
                subject <- "Just Checking In",
                body <- "Hey, I was just wondering...did you get my last email?"))
        try db.run(emails.insert(subject <- "Re: Just Checking In", body <- "Yes, it was wonderful."))
        try db.run(emails.insert(subject <- "Lunch", body <- "Running late, sorry."))
    }

    @Test func fts4AsDocumented() throws {
        #expect(emails.create(.FTS4(subject, body)) == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body")"#)
        #expect(
            emails.create(.FTS4([subject, body], tokenize: .Porter))
                == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", tokenize=porter)"#)
        let config = FTS4Config()
            .column(subject)
            .column(body, [.unindexed])
            .languageId("lid")
            .order(.desc)
        #expect(
            emails.create(.FTS4(config))
                == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", notindexed="body", languageid="lid", order="desc")"#)

        let db = try Connection()
        try db.run(emails.create(.FTS4(config)))
        try fill(db)
        // notindexed: "wonder" appears only in bodies, which are not indexed.
        #expect(try db.cursor(emails.filter(emails.match("wonder*"))).map { try $0.get(subject) }.isEmpty)
        #expect(try db.scalar(emails.filter(emails.match("lunch")).count) == 1)
    }

    @Test func matchAsDocumented() throws {
        let wonderfulEmails = emails.filter(emails.match("wonder*"))
        #expect(wonderfulEmails.asSQL() == #"SELECT * FROM "emails" WHERE ("emails" MATCH 'wonder*')"#)
        let replies = emails.filter(subject.match("Re:*"))
        #expect(replies.asSQL() == #"SELECT * FROM "emails" WHERE ("subject" MATCH 'Re:*')"#)

        let db = try Connection()
        try db.run(emails.create(.FTS4(subject, body)))
        try fill(db)
        #expect(try db.cursor(wonderfulEmails).map { try $0.get(subject) } == ["Just Checking In", "Re: Just Checking In"])
        #expect(try db.cursor(emails.filter(emails.match("wonder*"))).map { try $0.get(subject) }.count == 2)
        // FTS4 reads "Re:*" as the term "re*" in the subject column.
        #expect(try db.cursor(replies).map { try $0.get(subject) } == ["Re: Just Checking In"])
        #expect(try db.scalar(emails.filter(body.match("late")).count) == 1)
        #expect(try db.scalar(emails.filter(emails.match(SQLExpression<String>(value: "sorry"))).count) == 1)
    }

    @Test func invalidMatchSyntaxIsAClearError() throws {
        let db = try Connection()
        try db.run(emails.create(.FTS4(subject, body)))
        try fill(db)
        // An unterminated phrase, an unclosed parenthesis and a dangling operator. Parentheses and
        // AND are operators only in the enhanced query syntax (ENABLE_FTS3_PARENTHESIS, as in
        // Debian's SQLite); the standard syntax (SQLCipher 3.4) reads them as plain terms.
        let enhancedSyntax = SQLite.hasCompileOption("ENABLE_FTS3_PARENTHESIS")
        for pattern in ["\"unterminated"] + (enhancedSyntax ? ["(wonder", "wonder AND"] : []) {
            let error = expectSQLiteError(SQLITE_ERROR) {
                _ = try db.cursor(emails.filter(emails.match(pattern))).map { $0 }
            }
            #expect(error?.explanation.contains("malformed MATCH expression") == true)
        }
        #expect(try db.scalar(emails.count) == 3)
    }

    @Test func fts4Tokenizers() throws {
        #expect(
            emails.create(.FTS4([subject], tokenize: .Simple))
                == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", tokenize=simple)"#)
        #expect(
            emails.create(.FTS4([subject], tokenize: .Unicode61(removeDiacritics: true, tokenchars: ["-", "_"])))
                == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", tokenize=unicode61 "remove_diacritics=1" "tokenchars=-_")"#)
        #expect(
            emails.create(.FTS4([subject], tokenize: .Custom("porter")))
                == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", tokenize="porter")"#)

        let db = try Connection()
        try db.run(emails.create(.FTS4([subject], tokenize: .Unicode61(removeDiacritics: true, tokenchars: ["-"]))))
        try db.run(emails.insert(subject <- "Crème brûlée e-mail"))
        #expect(try db.scalar(emails.filter(emails.match("creme")).count) == 1)
        #expect(try db.scalar(emails.filter(emails.match("\"e-mail\"")).count) == 1)
        #expect(try db.scalar(emails.filter(emails.match("mail")).count) == 0)

        let stems = VirtualTable("stems")
        try db.run(stems.create(.FTS4([subject], tokenize: .Custom("porter"))))
        try db.run(stems.insert(subject <- "running"))
        #expect(try db.scalar(stems.filter(stems.match("runs")).count) == 1)
    }

    @Test func fts4ConfigOptions() throws {
        let config = FTS4Config()
            .column(subject)
            .tokenizer(.Porter)
            .prefix([3, 2])
            .externalContent(users)
            .matchInfo(.fts3)
            .compress("zip")
            .uncompress("unzip")
        #expect(
            emails.create(.FTS4(config), ifNotExists: true)
                == #"CREATE VIRTUAL TABLE IF NOT EXISTS "emails" USING fts4("subject", tokenize=porter, prefix="2,3", content="users", compress="zip", uncompress="unzip", matchinfo="fts3")"#)
        let contentless = FTS4Config().column(subject).contentless()
        #expect(emails.create(.FTS4(contentless)) == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", content="")"#)

        let db = try Connection()
        try db.run(emails.create(.FTS4(FTS4Config().column(subject).prefix([2]).matchInfo(.fts3))))
        try db.run(emails.insert(subject <- "prefix search"))
        #expect(try db.scalar(emails.filter(emails.match("pr*")).count) == 1)
        try db.run(emails.drop())
        #expect(try db.schema.objectDefinitions(name: "emails").isEmpty)
    }

    @Test func fts5AsDocumented() throws {
        let db = try Connection()
        #expect(db.supportsFTS5 == SQLite.hasCompileOption("ENABLE_FTS5") || db.supportsFTS5)
        let config = FTS5Config()
            .column(subject)
            .column(body, [.unindexed])
        #expect(emails.create(.FTS5(config)) == #"CREATE VIRTUAL TABLE "emails" USING fts5("subject", "body" UNINDEXED)"#)
        let replies = emails.filter(emails.match("subject:\"Re:\"*"))
        #expect(replies.asSQL() == #"SELECT * FROM "emails" WHERE ("emails" MATCH 'subject:"Re:"*')"#)
        guard db.supportsFTS5 else {
            // Without FTS5 the creation fails clearly.
            expectSQLiteError(SQLITE_ERROR) { try db.requireFTS5() }
            expectSQLiteError(SQLITE_ERROR) { try db.run(emails.create(.FTS5(config))) }
            return
        }
        try db.requireFTS5()
        try db.run(emails.create(.FTS5(config)))
        try fill(db)
        #expect(try db.cursor(replies).map { try $0.get(subject) } == ["Re: Just Checking In"])
        // The body is not indexed.
        #expect(try db.scalar(emails.filter(emails.match("wonderful")).count) == 0)
        expectSQLiteError(SQLITE_ERROR) { _ = try db.cursor(emails.filter(emails.match("subject:("))).map { $0 } }
    }

    @Test func fts5Options() throws {
        let db = try Connection()
        guard db.supportsFTS5 else { return }
        let tokenized = FTS5Config().column(subject).tokenizer(.Unicode61(removeDiacritics: true, tokenchars: ["-"]))
        #expect(
            emails.create(.FTS5(tokenized))
                == #"CREATE VIRTUAL TABLE "emails" USING fts5("subject", tokenize="unicode61 remove_diacritics '1' tokenchars '-'")"#)
        try db.run(emails.create(.FTS5(tokenized)))
        try db.run(emails.insert(subject <- "Crème e-mail"))
        #expect(try db.scalar(emails.filter(emails.match("creme")).count) == 1)
        #expect(try db.scalar(emails.filter(emails.match("\"e-mail\"")).count) == 1)

        let trigrams = VirtualTable("trigrams")
        let options = FTS5Config().column(subject).tokenizer(.Trigram(caseSensitive: false)).detail(.full).columnSize(0)
        #expect(
            trigrams.create(.FTS5(options))
                == #"CREATE VIRTUAL TABLE "trigrams" USING fts5("subject", tokenize="trigram case_sensitive 0", columnsize=0, detail="full")"#)
        if SQLite.versionNumber >= 3_034_000 {
            try db.run(trigrams.create(.FTS5(options)))
            try db.run(trigrams.insert(subject <- "Substring search"))
            #expect(try db.scalar(trigrams.filter(trigrams.match("tring")).count) == 1)
        }

        let documents = Table("documents")
        try db.run(
            documents.create { t in
                t.column(id, primaryKey: true)
                t.column(subject)
            })
        let index = VirtualTable("documents_index")
        let external = FTS5Config().column(subject).externalContent(documents).contentRowId(id).tokenizer(.Porter)
        #expect(
            index.create(.FTS5(external))
                == #"CREATE VIRTUAL TABLE "documents_index" USING fts5("subject", tokenize=porter, content="documents", content_rowid="id")"#)
        try db.run(index.create(.FTS5(external)))
        try db.run(documents.insert(id <- 7, subject <- "running shoes"))
        try db.run(#"INSERT INTO documents_index (documents_index) VALUES ('rebuild')"#)
        let rowid = SQLExpression<Int64>("rowid")
        #expect(try db.cursor(index.select(rowid).filter(index.match("run"))).map { try $0.get(rowid) } == [7])
    }
}
