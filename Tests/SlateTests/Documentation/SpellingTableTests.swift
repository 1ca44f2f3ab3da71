import Foundation
import SlateTestSupport
import Testing

/// The README's "one spelling per job" table and the landing pages that repeat it name the same
/// spelling for every job, so the front doors cannot drift apart.
@Suite("One spelling per job")
struct SpellingTableTests {
    /// The jobs the table covers (issue 29), in its order.
    static let jobs = [
        "open", "migrate", "write", "read records", "typed queries", "raw SQL", "observe", "functions", "backup",
        "encryption", "changesets"
    ]

    static let landingPages = [
        "Sources/SlateCore/SlateCore.docc/SlateCore.md",
        "Sources/Slate/Slate.docc/Slate.md",
        "Sources/SlateMacros/SlateMacros.docc/SlateMacros.md"
    ]

    @Test("the README's table covers every job once, in order")
    func readmeCoversEveryJob() throws {
        let table = try Self.table(in: "README.md")
        #expect(table.map(\.job) == Self.jobs)
    }

    @Test("each landing page's table agrees with the README's", arguments: landingPages)
    func landingPageAgrees(page: String) throws {
        let readme = try Self.table(in: "README.md")
        let landing = try Self.table(in: page)
        #expect(landing.map(\.job) == readme.map(\.job))
        for (mine, theirs) in zip(landing, readme) {
            #expect(mine.spelling == theirs.spelling, "\(page), \(mine.job)")
        }
    }

    /// The rows of the first table whose header starts `| Job | Spelling |`.
    static func table(in file: String) throws -> [(job: String, spelling: String)] {
        let text = try String(contentsOf: packageRoot().appendingPathComponent(file), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let header = lines.firstIndex(where: { $0.hasPrefix("| Job | Spelling |") }) else { return [] }
        return lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map { line in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            return (job: cells.first ?? "", spelling: cells.count > 1 ? cells[1] : "")
        }
    }
}
