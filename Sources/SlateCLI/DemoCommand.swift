import ArgumentParser
import Foundation
import Slate

/// `slate demo`: builds a collection catalog and reports what it did and how long it took.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create a sample LEGO-style catalog, bulk-load it and read it back."
    )

    @Option(name: .long, help: "The database file for the catalog, created if missing; its themes, sets, parts and inventory tables are replaced, its other tables kept.")
    var path = "slate-demo.sqlite"

    @Flag(name: .long, help: "Use an in-memory database instead of a file.")
    var inMemory = false

    @Option(name: .long, help: "How many sets to create.")
    var sets = 5_000

    @Option(name: .long, help: "How many distinct parts to create.")
    var parts = 2_000

    func validate() throws {
        guard sets > 0, parts > 0 else { throw ValidationError("--sets and --parts must be positive") }
    }

    func run() throws {
        let db = inMemory ? try Connection(.inMemory) : try Connection(path)
        try? db.setJournalMode(.wal)   // best effort: an in-memory database keeps its own mode
        let report = try CatalogDemo(setCount: sets, partCount: parts).run(on: db)
        let rows = report.themes + report.sets + report.parts + report.inventoryRows
        print("""
            Slate demo — SQLite \(SQLite.version), database: \(inMemory ? ":memory:" : path)
              themes:          \(report.themes)
              sets:            \(report.sets)
              parts:           \(report.parts)
              inventory rows:  \(report.inventoryRows)
              pieces in total: \(report.piecesInInventory)
              largest set:     \(report.largestSet)
              busiest theme:   \(report.busiestTheme)
              inserted \(rows) rows in one transaction in \(format(report.insertSeconds)) (\(Int(Double(rows) / max(report.insertSeconds, 1e-9))) rows/s)
              read back and aggregated in \(format(report.readSeconds))
            """)
    }

    private func format(_ seconds: Double) -> String { String(format: "%.3f s", seconds) }
}
