// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import SlateTestSupport
import Testing

/// Every ```swift block of every DocC article is compiled and run by a test: each block must
/// appear, line by line in order, in one test file of its catalog's documentation tests
/// (SlateCore.docc → Tests/SlateCoreTests/Documentation, Slate.docc and SlateSchema.docc →
/// Tests/SlateTests/Documentation, SlateMacros.docc → Tests/SlateRecordTests/Documentation, and each
/// compatibility module's catalog → its own test target's Documentation folder). A new article, or a changed example, fails here
/// until a test runs it as written; a catalog under Sources that is not listed here fails too.
@Suite("DocC article examples")
struct ArticleExamplesTests {
    struct Catalog: CustomTestStringConvertible, Sendable {
        let articles: String
        /// The folders of the test files that compile the articles' blocks (the Records article's
        /// are in the target that imports the macros).
        let tests: [String]
        /// The fewest articles (landing page included) the catalog may have.
        var minimumArticles = 2
        var testDescription: String { articles }
    }

    static let catalogs = [
        Catalog(articles: "Sources/SlateCore/SlateCore.docc", tests: ["Tests/SlateCoreTests/Documentation"], minimumArticles: 5),
        Catalog(
            articles: "Sources/Slate/Slate.docc", tests: ["Tests/SlateTests/Documentation", "Tests/SlateRecordTests/Documentation"],
            minimumArticles: 5),
        Catalog(articles: "Sources/SlateSchema/SlateSchema.docc", tests: ["Tests/SlateTests/Documentation"], minimumArticles: 1),
        Catalog(articles: "Sources/SlateMacros/SlateMacros.docc", tests: ["Tests/SlateRecordTests/Documentation"], minimumArticles: 1),
        Catalog(articles: "Sources/SlateSQLiteSwift/SlateSQLiteSwift.docc", tests: ["Tests/SlateSQLiteSwiftTests/Documentation"]),
        Catalog(articles: "Sources/SlateDataLiteCore/SlateDataLiteCore.docc", tests: ["Tests/SlateDataLiteCoreTests/Documentation"]),
        Catalog(articles: "Sources/SlateSwiftly/SlateSwiftly.docc", tests: ["Tests/SlateSwiftlyTests/Documentation"], minimumArticles: 1),
    ]

    @Test("every DocC catalog under Sources is checked here")
    func everyCatalogIsListed() throws {
        let sources = packageRoot().appendingPathComponent("Sources")
        let found = try FileManager.default.contentsOfDirectory(atPath: sources.path).flatMap { module in
            ((try? FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent(module).path)) ?? [])
                .filter { $0.hasSuffix(".docc") }
                .map { "Sources/\(module)/\($0)" }
        }
        #expect(Set(found) == Set(Self.catalogs.map(\.articles)))
    }

    @Test("every ```swift block of a catalog's articles is in one of its test files", arguments: catalogs)
    func articleBlocksAreCompiled(catalog: Catalog) throws {
        let root = packageRoot()
        let articles = try Self.files(in: root.appendingPathComponent(catalog.articles), withExtension: "md")
        let tests = try catalog.tests.flatMap { try Self.files(in: root.appendingPathComponent($0), withExtension: "swift") }
            .map { url in (url.lastPathComponent, ReadmeExamplesTests.normalizedLines(try String(contentsOf: url, encoding: .utf8))) }
        #expect(articles.count >= catalog.minimumArticles, "articles in \(catalog.articles)")
        var blockCount = 0
        for article in articles {
            let markdown = try String(contentsOf: article, encoding: .utf8)
            for block in ReadmeExamplesTests.swiftBlocks(in: markdown) {
                blockCount += 1
                let lines = ReadmeExamplesTests.normalizedLines(block).filter { !$0.hasPrefix("import ") }
                let home = tests.first { ReadmeExamplesTests.containsInOrder($0.1, lines) }
                #expect(home != nil, "\(article.lastPathComponent): block not found in \(catalog.tests):\n\(block)")
            }
        }
        #expect(blockCount >= articles.count, "fewer examples than articles in \(catalog.articles)")
    }

    @Test("the block finder sees fenced swift blocks and nothing else")
    func blockFinder() {
        let markdown = "Text\n```swift\nlet a = 1\n\nlet b = 2\n```\n```\nswift build\n```\n```swift\nprint(a)\n```\n"
        #expect(ReadmeExamplesTests.swiftBlocks(in: markdown) == ["let a = 1\n\nlet b = 2", "print(a)"])
        #expect(ReadmeExamplesTests.containsInOrder(["x", "let a = 1", "y", "let b = 2"], ["let a = 1", "let b = 2"]))
        #expect(!ReadmeExamplesTests.containsInOrder(["let b = 2", "let a = 1"], ["let a = 1", "let b = 2"]))
    }

    static func files(in folder: URL, withExtension ext: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == ext }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }
}
