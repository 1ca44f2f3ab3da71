import Foundation
import Slate
import Testing

/// `slate analyze`: per column, storage classes, NULLs, distinct values, min, max, most and
/// least common values.
@Suite("CLI analyze")
struct AnalyzeTests {
    @Test("one block per column (line format): storage classes, NULLs, blanks, distinct, min, max, common values, mixed types and all")
    func lineFormat() throws {
        let work = try Workspace(.analyze)
        let result = try work.succeeds("analyze", "a.db", "t", "--column", "id", "-c", "V")
        #expect(
            result.stdout == """
                       table = t
                      column = id
                        type = INTEGER
                        rows = 9
                       nulls = 0
                       blank = 0
                     integer = 9
                        real = 0
                        text = 0
                        blob = 0
                    distinct = 9
                         min = 1
                         max = 9
                 most_common = ∅
                least_common = ∅

                       table = t
                      column = v
                        type = 
                        rows = 9
                       nulls = 1
                       blank = 0
                     integer = 3
                        real = 2
                        text = 2
                        blob = 1
                    distinct = 7
                         min = 1
                         max = x'00ff'
                 most_common = [[1,2],[1.5,1],[2,1],[2.5,1],["1",1],["z",1],["X'00ff'",1]]
                least_common = ∅

                """)
    }

    @Test("json embeds the value lists; --common-limit, --no-most and --no-least; csv")
    func jsonAndLimits() throws {
        let work = try Workspace(.analyze)
        let json = try work.slate("analyze", "a.db", "t", "-c", "label", "--common-limit", "2", "-f", "json")
        #expect(
            json.stdout == """
                [
                {"table":"t","column":"label","type":"TEXT","rows":9,"nulls":2,"blank":1,"integer":0,"real":0,"text":7,"blob":0,"distinct":4,"min":"","max":"c","most_common":[["a",2],["b",2]],"least_common":[["",1],["a",2]]}
                ]

                """)
        let noMost = try work.slate("analyze", "a.db", "t", "-c", "label", "--no-most", "-f", "ndjson")
        #expect(noMost.stdout.hasSuffix("\"most_common\":null,\"least_common\":[[\"\",1],[\"a\",2],[\"b\",2],[\"c\",2]]}\n"))
        let noLeast = try work.slate("analyze", "a.db", "t", "-c", "label", "--common-limit", "2", "--no-least", "-f", "csv", "--no-header")
        #expect(noLeast.stdout == "t,label,TEXT,9,2,1,0,0,7,0,4,\"\",c,\"[[\"\"a\"\",2],[\"\"b\"\",2]]\",\n")
    }

    @Test("failures: a missing table, an unknown column, a missing database, a locked database, a bad --common-limit")
    func failures() throws {
        let work = try Workspace(.analyze)
        try work.fails("analyze", "a.db", "nope", stderr: "slate: a.db: no such table: nope\n")
        let column = try work.fails("analyze", "a.db", "t", "-c", "id", "-c", "nope", stderr: "slate: a.db: table t has no column \"nope\" (its columns: id, v, label)\n")
        #expect(column.stdout.isEmpty)
        let database = try work.slate("analyze", "none.db", "t")
        #expect(database.status == 1)
        #expect(!work.exists("none.db"))
        #expect(try work.slate("analyze", "a.db", "t", "--common-limit", "0").status == 64)
        try work.failsLocked("a.db", by: "BEGIN EXCLUSIVE; INSERT INTO t (v) VALUES (3)", "analyze", "a.db", "t", "--busy-timeout", "0.2")
        #expect(try work.slate("analyze", "a.db", "t", "-c", "id", "-f", "csv", "--no-header").stdout == "t,id,INTEGER,9,0,0,9,0,0,0,9,1,9,,\n")
    }
}
