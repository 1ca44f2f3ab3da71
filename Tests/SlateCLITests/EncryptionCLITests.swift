import Foundation
import Slate
import Testing

#if SQLCipher
/// Under the SQLCipher trait: `--key` / `SLATE_KEY` on every command, and `slate rekey`.
@Suite("CLI encryption")
struct EncryptionCLITests {
    @Test("import, query, export, backup, check and rekey with a key; a wrong or missing key is a one-line error")
    func keyedCommands() throws {
        let work = try Workspace()
        try work.write("a.csv", "id,name\n1,secret row\n")
        #expect(try work.slate("import", "enc.db", "a.csv", "--key", "k1", "-q").status == 0)
        let raw = try Data(contentsOf: URL(fileURLWithPath: work.file("enc.db")))
        #expect(raw.range(of: Data("secret row".utf8)) == nil)
        #expect(try work.slate("query", "enc.db", "SELECT name FROM a", "--key", "k1", "-f", "csv", "--no-header").stdout == "secret row\n")
        let viaEnvironment = try CLIRunner.run(["export", "enc.db", "a"], in: work.path, environment: ["SLATE_KEY": "k1"])
        #expect(viaEnvironment.stdout == "id,name\n1,secret row\n")
        let wrong = try work.slate("query", "enc.db", "SELECT 1", "--key", "nope")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.hasPrefix("slate: enc.db: cannot open with this key"))
        let keyless = try work.slate("query", "enc.db", "SELECT 1")
        #expect(keyless.status == 1)
        #expect(keyless.stderr.contains("give its key with --key or SLATE_KEY"))
        #expect(try work.slate("backup", "enc.db", "copy.db", "--key", "k1", "-q").status == 0)
        #expect(try work.slate("check", "copy.db", "--key", "k1").stdout == "ok\n")
        #expect(try work.slate("rekey", "enc.db", "--key", "k1", "--new-key", "k2").status == 0)
        #expect(try work.slate("query", "enc.db", "SELECT count(*) FROM a", "--key", "k2", "-f", "csv", "--no-header").stdout == "1\n")
        #expect(try work.slate("query", "enc.db", "SELECT 1", "--key", "k1").status == 1)
    }

    @Test("the demo, schema and vacuum take the key too")
    func keyedDemo() throws {
        let work = try Workspace()
        #expect(try work.slate("demo", "--path", "demo.db", "--key", "k", "--sets", "10", "--parts", "5").status == 0)
        #expect(try work.slate("schema", "demo.db", "--key", "k").stdout.contains("CREATE TABLE themes"))
        #expect(try work.slate("schema", "demo.db").status == 1)
        #expect(try work.slate("vacuum", "demo.db", "--key", "k").status == 0)
        #expect(try work.slate("query", "demo.db", "SELECT count(*) FROM sets", "--key", "k", "-f", "csv", "--no-header").stdout == "10\n")
    }
}
#endif
