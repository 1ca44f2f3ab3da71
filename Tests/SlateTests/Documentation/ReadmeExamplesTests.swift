// swift-format-ignore-file
// (This file reads the README's code blocks line for line.)
import Foundation
import SlateTestSupport
import Testing

// The README's examples are compiled and run by the tests of `readmeSources` (they need the
// macros, so they live in SlateRecordTests); the tests here check that every ```swift block of the
// README still appears there verbatim, and that its install lines name this package's products
// and the CHANGELOG's newest version — so the README cannot drift from code that compiles and
// works. The same block finder serves ArticleExamplesTests.

@Suite("README examples")
struct ReadmeExamplesTests {
    @Test("every ```swift block of the README is compiled by a test")
    func readmeExamplesAreCompiled() throws {
        let root = packageRoot()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try Self.readmeSources(root: root).map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
        let sourceLines = Self.normalizedLines(source)
        let blocks = Self.swiftBlocks(in: readme)
        #expect(blocks.count >= 2)
        for block in blocks {
            let lines = Self.normalizedLines(block).filter { !$0.hasPrefix("import ") }
            let found = Self.containsInOrder(sourceLines, lines)
            #expect(found, "README block not found in \(Self.readmeSources(root: root).map(\.lastPathComponent)):\n\(block)")
        }
    }

    @Test("the README's examples need one import, SlateMacros, as their test file does")
    func readmeShowsItsImports() throws {
        let root = packageRoot()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        // The file that runs the path imports SlateMacros and Testing alone, so the examples
        // compile with the one import the README shows.
        let pathTest = root.appendingPathComponent("Tests/SlateRecordTests/Documentation/ReadmeRecordsTests.swift")
        let source = try String(contentsOf: pathTest, encoding: .utf8)
        let shown = Self.imports(Self.swiftBlocks(in: readme).flatMap(Self.normalizedLines))
        #expect(shown == ["SlateMacros"])
        #expect(Self.imports(Self.normalizedLines(source)).subtracting(["Testing"]) == shown)
    }

    @Test("the README's install lines name this package's library products and the CHANGELOG's newest version")
    func installLines() throws {
        let root = packageRoot()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let changelog = try String(contentsOf: root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let lines = Self.swiftBlocks(in: readme, info: "swift Package.swift").flatMap(Self.normalizedLines)
        // `## [0.1.0] - 2026-11-28`: the first version heading that is not "Unreleased".
        let released = changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        let version = released.flatMap { $0.split(separator: "]").first?.dropFirst(4) }.map(String.init)
        #expect(version != nil, "no released version in CHANGELOG.md")
        #expect(lines.first { $0.hasPrefix(".package(url:") }?.hasSuffix(#"from: "\#(version ?? "?")"),"#) == true)
        let products = lines.flatMap { line in
            line.split(separator: ".product(name: \"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        }
        #expect(!products.isEmpty)
        for product in products {
            #expect(manifest.contains(".library(name: \"\(product)\""), "README names \(product), which Package.swift does not offer")
            #expect(readme.contains("- **`\(product)`**"), "README's product list does not describe \(product)")
        }
        for product in ["SlateMacros", "Slate", "SlateCore"] {
            #expect(readme.contains("- **`\(product)`**"), "README's product list does not describe \(product)")
        }
    }

    /// The modules that `import` lines name, ignoring any comment after them.
    static func imports(_ lines: [String]) -> Set<String> {
        Set(lines.filter { $0.hasPrefix("import ") }.compactMap { $0.split(separator: " ").dropFirst().first.map(String.init) })
    }

    /// The files that compile the README's examples, in this order: the record type is the Records
    /// article's (RecordsArticleTests.swift), the path that uses it is in ReadmeRecordsTests.swift;
    /// both are in the test target that imports the macros.
    static func readmeSources(root: URL) -> [URL] {
        [
            root.appendingPathComponent("Tests/SlateRecordTests/Documentation/RecordsArticleTests.swift"),
            root.appendingPathComponent("Tests/SlateRecordTests/Documentation/ReadmeRecordsTests.swift"),
        ]
    }

    /// The fenced blocks whose info string is `info` (```` ```swift ```` by default: the examples;
    /// the README's manifest lines are ```` ```swift Package.swift ````).
    static func swiftBlocks(in markdown: String, info: String = "swift") -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```" + info {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append(current?.joined(separator: "\n") ?? "")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    static func normalizedLines(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether every line of `needle` appears in `haystack`, in the same order (a README block may
    /// be split here, e.g. a type declared outside the test function that uses it).
    static func containsInOrder(_ haystack: [String], _ needle: [String]) -> Bool {
        var position = haystack.startIndex
        for line in needle {
            guard let found = haystack[position...].firstIndex(of: line) else { return false }
            position = found + 1
        }
        return true
    }
}
