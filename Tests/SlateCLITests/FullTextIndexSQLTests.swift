import Slate
@testable import SlateCLI
import Testing

/// `enable-fts` writes its `CREATE VIRTUAL TABLE` itself (the tool does not link Slate's query
/// language): the text must stay what Slate's typed FTS5 builder writes, and SQLite must take it.
@Suite("enable-fts SQL")
struct FullTextIndexSQLTests {
    @Test("the same text as FTS5Config, accepted by SQLite", arguments: [nil, ["porter"], ["unicode61", "remove_diacritics", "2"]])
    func sameAsTheTypedBuilder(tokenizer: [String]?) throws {
        let columns = ["title", "odd \"name\""]
        var config = FTS5Config().columns(columns.map { SQLExpression<String>($0) }).externalContent(Table("my docs"))
        if let tokenizer { config = config.tokenizer(.Custom(tokenizer[0], Array(tokenizer.dropFirst()))) }
        let sql = FullTextIndex.createSQL(name: "my docs_fts", table: "my docs", columns: columns, tokenizer: tokenizer)
        #expect(sql == VirtualTable("my docs_fts").create(.FTS5(config)))

        let db = try Connection()
        try db.execute(sql: #"CREATE TABLE "my docs" (title TEXT, "odd ""name""" TEXT)"#)
        if db.supportsFTS5 { try db.execute(sql: sql) }
    }
}
