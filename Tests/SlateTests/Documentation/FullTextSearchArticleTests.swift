// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import Slate
import Testing

/// The examples of `Slate.docc/FullTextSearch.md`, run as written.
@Suite("Full-text search article")
struct FullTextSearchArticleTests {
    @Test(.enabled(if: SQLite.hasCompileOption("ENABLE_FTS4") || SQLite.hasCompileOption("ENABLE_FTS3")))
    func fts4() throws {
        let db = try Connection()

        let emails = VirtualTable("emails")
        let subject = SQLExpression<String>("subject")
        let body = SQLExpression<String>("body")

        try db.run(emails.create(.FTS4([subject, body], tokenize: .Porter)))
        // CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", tokenize=porter)
        try db.run(emails.insert(subject <- "Lunch on Friday?", body <- "The usual place, at noon."))
        try db.run(emails.insert(subject <- "Re: Lunch on Friday?", body <- "Running late, sorry!"))

        let lunches = try db.cursor(emails.filter(emails.match("lunch"))).map { try $0.get(subject) }
        let late = try db.scalar(emails.filter(body.match("run")).count)         // 1: "Running" stems to "run"
        #expect(emails.create(.FTS4([subject, body], tokenize: .Porter))
            == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", tokenize=porter)"#)
        #expect(lunches == ["Lunch on Friday?", "Re: Lunch on Friday?"])
        #expect(late == 1)
    }

    @Test func fts5() throws {
        let db = try Connection()
        let notes = VirtualTable("notes")
        let title = SQLExpression<String>("title")
        let text = SQLExpression<String>("text")
        let config = FTS5Config()
            .column(title)
            .column(text, [.unindexed])
            .tokenizer(.Unicode61(removeDiacritics: true))
        if db.supportsFTS5 {
            try db.run(notes.create(.FTS5(config)))
            // CREATE VIRTUAL TABLE "notes" USING fts5("title", "text" UNINDEXED, tokenize="unicode61 remove_diacritics '1'")
        }
        #expect(notes.create(.FTS5(config))
            == #"CREATE VIRTUAL TABLE "notes" USING fts5("title", "text" UNINDEXED, tokenize="unicode61 remove_diacritics '1'")"#)
        if db.supportsFTS5 {
            try db.run(notes.insert(title <- "Crème brûlée", text <- "dessert"))
            #expect(try db.scalar(notes.filter(notes.match("creme")).count) == 1)
            #expect(throws: SQLiteError.self) { _ = try db.cursor(notes.filter(notes.match("title:("))).map { $0 } }
        } else {
            #expect(throws: SQLiteError.self) { try db.requireFTS5() }
        }
    }

    @Test(.enabled(if: SQLite.hasCompileOption("ENABLE_RTREE")))
    func rtree() throws {
        let db = try Connection()

        let boxes = VirtualTable("boxes")
        let id = SQLExpression<Int64>("id")
        let minX = SQLExpression<Double>("minX")
        let maxX = SQLExpression<Double>("maxX")
        let minY = SQLExpression<Double>("minY")
        let maxY = SQLExpression<Double>("maxY")
        try db.run(boxes.create(.RTree(id, (minX, maxX), (minY, maxY))))
        try db.run(boxes.insert(id <- 1, minX <- 0, maxX <- 10, minY <- 0, maxY <- 10))
        let hits = try db.scalar(boxes.filter(minX <= 5 && maxX >= 5).count)    // 1
        #expect(hits == 1)
    }
}
