import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate demo`: builds a collection catalog in a new database and reports what it did and how
/// long it took.
///
/// Without `--path` it writes `slate-demo.sqlite` in the temporary folder, a file that belongs to
/// the demo and is replaced on every run, so `swift run slate demo` works on any fresh clone and
/// again after that. A file named with `--path` must not exist (the demo never touches a database
/// of yours) unless `--force` replaces it.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Create a sample LEGO-style catalog, bulk-load it and read it back.",
        discussion: """
            Examples:
              slate demo                                   # slate-demo.sqlite in the temporary folder
              slate demo --path catalog.db --sets 500
            """
    )

    @Option(name: .long, help: "A new database file for the catalog (default: slate-demo.sqlite in the temporary folder).")
    var path: String?

    @Flag(name: .long, help: "Replace the file at --path if one exists.")
    var force = false

    @Flag(name: .long, help: "Use an in-memory database instead of a file.")
    var inMemory = false

    @Option(name: .long, help: "How many sets to create.")
    var sets = 5_000

    @Option(name: .long, help: "How many distinct parts to create.")
    var parts = 2_000

    @OptionGroup var options: DatabaseOptions

    func validate() throws {
        guard sets > 0, parts > 0 else { throw ValidationError("--sets and --parts must be positive") }
        if inMemory && path != nil { throw ValidationError("--in-memory and --path cannot be used together") }
        if inMemory && options.key != nil { throw ValidationError("--key needs a database file, not --in-memory") }
    }

    /// The file the demo owns when no `--path` is given.
    static var defaultPath: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("slate-demo.sqlite").path
    }

    func run() throws {
        let file = inMemory ? nil : (path ?? Self.defaultPath)
        if let file {
            if path == nil || force {
                removeDatabaseFiles(file)
            } else if pathExists(file) {
                throw CLIError("\(file): a file already exists; the demo only creates new databases (give another --path, or --force to replace this file)")
            }
        }
        let db: Connection
        do {
            if let file { db = try Connection(file, options: [.readwrite, .create, .exclusive]) } else { db = try Connection(.inMemory) }
        } catch {
            throw CLIError.database(file ?? ":memory:", error)
        }
        let report: CatalogDemo.Report
        do {
            if let file { try options.prepare(db, path: file) }
            if file != nil { try db.setJournalMode(.wal) }
            report = try CatalogDemo(setCount: sets, partCount: parts).run(on: db)
        } catch {
            db.close()
            if let file { removeDatabaseFiles(file) }
            if let error = error as? SQLiteError { throw CLIError.database(file ?? ":memory:", error) }
            throw error
        }
        let rows = report.themes + report.sets + report.parts + report.inventoryRows
        OutputSink.standard.write(
            """
            Slate demo — SQLite \(SQLite.version), database: \(file ?? ":memory:")
              themes:          \(report.themes)
              sets:            \(report.sets)
              parts:           \(report.parts)
              inventory rows:  \(report.inventoryRows)
              pieces in total: \(report.piecesInInventory)
              largest set:     \(report.largestSet)
              busiest theme:   \(report.busiestTheme)
              inserted \(rows) rows in one transaction in \(format(report.insertSeconds)) (\(Int(Double(rows) / max(report.insertSeconds, 1e-9))) rows/s)
              read back and aggregated in \(format(report.readSeconds))
            Try: slate query \(file ?? "FILE") "SELECT name, year FROM sets ORDER BY year LIMIT 5" --format box

            """)
        try OutputSink.standard.finish()
    }

    private func format(_ seconds: Double) -> String { String(format: "%.3f s", seconds) }
}
