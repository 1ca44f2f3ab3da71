import Foundation
import Slate
import Testing

@testable import SlateCLI

/// The sqlite3 shell's output modes `html`, `insert` and `quote`, in `query`, `export`,
/// `tables` and `memory`.
/// A query, the format it is written in, and the exact output.
struct FormatCase: Sendable, CustomTestStringConvertible {
    let format: String
    let sql: String
    let output: String
    var testDescription: String { format }
}

@Suite("CLI html, insert and quote formats")
struct ShellFormatTests {
    static let formats: [FormatCase] = [
        // html: <TR> rows as the shell writes them, escaped; NULL empty, a BLOB in hex.
        FormatCase(
            format: "html", sql: "SELECT * FROM t WHERE id <= 3 ORDER BY id",
            output: """
                <TR><TH>id</TH>
                <TH>name</TH>
                <TH>price</TH>
                <TH>data</TH>
                </TR>
                <TR><TD>1</TD>
                <TD>Ada &amp; &lt;Bob&gt;</TD>
                <TD>2.5</TD>
                <TD>0102</TD>
                </TR>
                <TR><TD>2</TD>
                <TD></TD>
                <TD></TD>
                <TD></TD>
                </TR>
                <TR><TD>3</TD>
                <TD>it&#39;s &quot;two&quot;
                lines</TD>
                <TD>0.1</TD>
                <TD></TD>
                </TR>

                """
        ),
        // insert: one INSERT per row with exact literals, into "table".
        FormatCase(
            format: "insert", sql: "SELECT * FROM t ORDER BY id",
            output: """
                INSERT INTO "table"("id","name","price","data") VALUES(1,'Ada & <Bob>',2.5,X'0102');
                INSERT INTO "table"("id","name","price","data") VALUES(2,NULL,NULL,NULL);
                INSERT INTO "table"("id","name","price","data") VALUES(3,'it''s "two"'||char(10)||'lines',0.1,NULL);
                INSERT INTO "table"("id","name","price","data") VALUES(4,'',1e999,X'');

                """
        ),
        // quote: SQL literals separated by commas, the header as string literals.
        FormatCase(
            format: "quote", sql: "SELECT id, name AS \"it's\", price, data FROM t ORDER BY id",
            output: """
                'id','it''s','price','data'
                1,'Ada & <Bob>',2.5,X'0102'
                2,NULL,NULL,NULL
                3,'it''s "two"'||char(10)||'lines',0.1,NULL
                4,'',1e999,X''

                """
        )
    ]

    @Test("html, insert and quote write each row as the sqlite3 shell does", arguments: formats)
    func format(_ shown: FormatCase) throws {
        let work = try Workspace(.shellSample)
        #expect(try work.succeeds("query", "sample.db", shown.sql, "-f", shown.format).stdout == shown.output)
    }

    @Test("html --no-header leaves out the header row; quote also writes tables")
    func headerlessAndTables() throws {
        let work = try Workspace(.shellSample)
        let bare = try work.slate("query", "sample.db", "SELECT id FROM t WHERE id = 1", "-f", "html", "--no-header")
        #expect(bare.stdout == "<TR><TD>1</TD>\n</TR>\n")
        let tables = try work.slate("tables", "sample.db", "--counts", "-f", "quote", "--no-header")
        #expect(tables.stdout == "'t',4\n")
    }

    @Test("insert: --insert-table names the table; the statements rebuild the rows")
    func insertReplay() throws {
        let work = try Workspace(.shellSample)
        let result = try work.succeeds("query", "sample.db", "SELECT * FROM t ORDER BY id", "-f", "insert")
        let named = try work.slate("query", "sample.db", "SELECT id, name FROM t WHERE id = 1", "-f", "insert", "--insert-table", "my \"copy\"", "--no-header")
        #expect(named.stdout == "INSERT INTO \"my \"\"copy\"\"\" VALUES(1,'Ada & <Bob>');\n")
        // Replayed into a table of the same shape, the rows come back equal.
        try work.database("copy.db", sql: "CREATE TABLE \"table\" (id INTEGER PRIMARY KEY, name TEXT, price REAL, data BLOB)")
        #expect(try work.slate("query", "copy.db", "--write", stdin: result.stdout).status == 0)
        let original = try work.slate("query", "sample.db", "SELECT id, name, typeof(name), price, typeof(price), hex(data), typeof(data) FROM t ORDER BY id", "-f", "json")
        let copy = try work.slate("query", "copy.db", "SELECT id, name, typeof(name), price, typeof(price), hex(data), typeof(data) FROM \"table\" ORDER BY id", "-f", "json")
        #expect(original.stdout == copy.stdout)
    }

    @Test("export writes html, insert and quote; .html and .sql files choose them; insert names the exported table")
    func export() throws {
        let work = try Workspace(.shellSample)
        #expect(try work.slate("export", "sample.db", "t", "-o", "t.sql").status == 0)
        let sql = try String(contentsOfFile: work.file("t.sql"), encoding: .utf8)
        #expect(sql.hasPrefix("INSERT INTO \"t\"(\"id\",\"name\",\"price\",\"data\") VALUES(1,'Ada & <Bob>',2.5,X'0102');\n"))
        #expect(try work.slate("export", "sample.db", "t", "-o", "t.html").status == 0)
        #expect(try String(contentsOfFile: work.file("t.html"), encoding: .utf8).hasPrefix("<TR><TH>id</TH>\n"))
        let query = try work.slate("export", "sample.db", "--sql", "SELECT id FROM t WHERE id = 2", "--format", "insert", "--no-header")
        #expect(query.stdout == "INSERT INTO \"table\" VALUES(2);\n")
        let quoted = try work.slate("export", "sample.db", "t", "--format", "quote", "--no-header")
        #expect(quoted.stdout.hasPrefix("1,'Ada & <Bob>',2.5,X'0102'\n"))
    }

    @Test("an unknown format is a usage error (exit 64)")
    func unknownFormat() throws {
        let work = try Workspace(.shellSample)
        let result = try work.slate("query", "sample.db", "SELECT 1", "-f", "xml")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("slate: "))
        #expect(result.stdout.isEmpty)
    }

    @Test("every command's --help gives an example")
    func helpExamples() throws {
        let work = try Workspace()
        let commands = SlateCommand.commandNames.filter { $0 != "help" }
        #expect(commands.count >= 13)
        for command in commands {
            let help = try work.slate(command, "--help")
            #expect(help.status == 0)
            // Between "Example" and the usage line, a command line that runs this command.
            let example = help.stdout.components(separatedBy: "Example").dropFirst().joined().components(separatedBy: "USAGE:").first ?? ""
            #expect(example.contains("slate \(command) "), "\(command)")
        }
    }
}
