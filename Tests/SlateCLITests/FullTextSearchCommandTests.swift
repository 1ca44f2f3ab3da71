import Foundation
import Slate
import Testing

/// `slate enable-fts`, `disable-fts` and `search`: an FTS5 index kept in sync by triggers,
/// results ranked by bm25 in every output format, and clear failures.
@Suite("CLI full-text search")
struct FullTextSearchCommandTests {
    var hasFTS5: Bool { (try? Connection())?.supportsFTS5 ?? false }

    @Test("enable-fts indexes the rows; search ranks them by bm25 in any format; triggers keep the index in sync")
    func enableAndSearch() throws {
        guard hasFTS5 else { return }
        let (work, path) = try Workspace.holding(.docs)
        let enable = try work.succeeds("enable-fts", "docs.db", "docs", "title", "BODY", "--create-triggers")
        #expect(enable.stdout == "indexed 3 rows of docs in docs_fts, kept in sync by triggers\n")
        #expect(
            try rows(in: path, "SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name")
                == [[.text("docs_ad")], [.text("docs_ai")], [.text("docs_au")]])
        // The document that says "red" most often comes first.
        let csv = try work.succeeds("search", "docs.db", "docs", "red", "--format", "csv")
        #expect(csv.stdout == "title,body,year\nBricks,\"red bricks and more red bricks, red all the way\",2001\nPlates,one red plate among blue ones,2002\n")
        let json = try work.slate("search", "docs.db", "docs", "red", "--column", "TITLE", "--limit", "1", "--format", "json")
        #expect(json.stdout == "[\n{\"title\":\"Bricks\"}\n]\n")
        let ranked = try work.slate("search", "docs.db", "docs", "red", "-c", "title", "--rank", "--format", "tsv", "--no-header")
        let ranks = ranked.stdout.split(separator: "\n").compactMap { Double($0.split(separator: "\t")[1]) }
        #expect(ranks.count == 2 && ranks[0] < ranks[1], "\(ranked.stdout)")
        #expect(try work.slate("search", "docs.db", "docs", "title:axles", "--format", "line").stdout.contains("Axles"))
        // Inserts, updates and deletes reach the index.
        let db = try Connection(path)
        try db.execute(sql: "INSERT INTO docs VALUES ('Gears', 'red gears', 2004); UPDATE docs SET body = 'blue only' WHERE title = 'Plates'; DELETE FROM docs WHERE title = 'Bricks'")
        let after = try work.slate("search", "docs.db", "docs", "red", "-c", "title", "--format", "csv", "--no-header")
        #expect(after.stdout == "Gears\n")
        #expect(try work.slate("search", "docs.db", "docs", "colour", "-c", "title", "--format", "csv", "--no-header").stdout == "Axles\n")
        #expect(try db.scalar(String.self, "SELECT title FROM docs_fts WHERE docs_fts MATCH 'blue'") == "Plates")
    }

    @Test("--tokenize, --replace and disable-fts")
    func tokenizeReplaceDisable() throws {
        guard hasFTS5 else { return }
        let (work, path) = try Workspace.holding(.docs)
        #expect(try work.slate("enable-fts", "docs.db", "docs", "body").status == 0)
        // The default tokenizer does not stem: "brick" is not "bricks".
        #expect(try work.slate("search", "docs.db", "docs", "brick", "--format", "csv", "--no-header").stdout == "")
        try work.fails("enable-fts", "docs.db", "docs", "body", stderr: "slate: docs.db: full-text search is already enabled on docs (docs_fts); use --replace to index again, or `slate disable-fts` first\n")
        try work.succeeds("enable-fts", "docs.db", "docs", "body", "--tokenize", "porter", "--replace", "--create-triggers")
        #expect(try work.slate("search", "docs.db", "docs", "brick", "-c", "title", "--format", "csv", "--no-header").stdout == "Bricks\n")
        let disable = try work.slate("disable-fts", "docs.db", "docs")
        #expect(disable.stdout == "dropped docs_fts\n")
        #expect(try rows(in: path, "SELECT name FROM sqlite_master WHERE name LIKE 'docs_%'").isEmpty)
        try work.fails("disable-fts", "docs.db", "docs", stderr: "slate: docs.db: docs has no full-text index (docs_fts)\n")
    }

    @Test("failures: missing table or column, no index, bad query syntax, a locked database; the file stays as it was")
    func failures() throws {
        guard hasFTS5 else {
            let work = try Workspace(.docs)
            let result = try work.slate("enable-fts", "docs.db", "docs", "body")
            #expect(result.status == 1)
            #expect(result.stderr.contains("FTS5 is not available"))
            return
        }
        let (work, path) = try Workspace.holding(.docs)
        let expectations: [([String], String)] = [
            (["enable-fts", "docs.db", "nope", "body"], "no such table: nope"),
            (["enable-fts", "docs.db", "docs", "body", "nope"], "no such column: nope in table docs"),
            (["search", "docs.db", "docs", "red"], "docs has no full-text index; run `slate enable-fts docs.db docs COLUMN…` first"),
            (["search", "docs.db", "nope", "red"], "no such table: nope")
        ]
        for (arguments, message) in expectations {
            try expectFailure(work, database: "docs.db", arguments, message)
        }
        let db = try Connection(path)
        try db.execute(sql: "CREATE TABLE keyed (k TEXT PRIMARY KEY, v TEXT) WITHOUT ROWID")
        db.close()
        let keyed = try work.slate("enable-fts", "docs.db", "keyed", "v")
        #expect(keyed.stderr == "slate: docs.db: keyed is a WITHOUT ROWID table: an FTS5 index reads its rows by rowid\n")

        #expect(try work.slate("enable-fts", "docs.db", "docs", "body").status == 0)
        let indexed = try fileBytes(path)
        let syntax = try work.slate("search", "docs.db", "docs", "\"unbalanced", "--format", "csv")
        #expect(syntax.status == 1)
        #expect(syntax.stdout == "")
        #expect(syntax.stderr == "slate: docs.db: bad full-text query '\"unbalanced': unterminated string (--quote searches for the words as they are)\n")
        let column = try work.slate("search", "docs.db", "docs", "nope:red")
        #expect(column.stderr == "slate: docs.db: bad full-text query 'nope:red': no such column: nope (--quote searches for the words as they are)\n")
        try work.succeeds("search", "docs.db", "docs", "red AND", "--quote", "-c", "title", "--format", "csv", "--no-header")
        let unknown = try work.slate("search", "docs.db", "docs", "red", "--column", "nope")
        #expect(unknown.stderr == "slate: docs.db: no such column: nope in table docs\n")

        // A writer holding the database keeps readers and writers out until the timeout.
        try expectLockedOut(work, database: "docs.db", ["search", "docs.db", "docs", "red"], exclusive: true)
        try expectLockedOut(work, database: "docs.db", ["enable-fts", "docs.db", "docs", "title", "--replace"])
        #expect(try fileBytes(path) == indexed)
    }

    @Test("--help has an example", arguments: ["enable-fts", "disable-fts", "search"])
    func help(command: String) throws {
        let help = try CLIRunner.run([command, "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Example: slate \(command) "), "\(help.stdout)")
    }
}
