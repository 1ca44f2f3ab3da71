import ArgumentParser
import Slate

/// `slate backup`: copies a live database to a new file with SQLite's online backup API.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a database to a new file while it may be in use (online backup)."
    )

    @Argument(help: "The database to copy.")
    var source: String

    @Argument(help: "The new file to write; it must not exist.")
    var destination: String

    @Option(name: .long, help: "Pages copied per step (other connections may write between steps).")
    var pagesPerStep = 256

    func validate() throws {
        guard pagesPerStep > 0 else { throw ValidationError("--pages-per-step must be positive") }
    }

    func run() throws {
        let pages = try BackupCommand.copy(from: source, to: destination, pagesPerStep: pagesPerStep)
        print("copied \(pages) page(s) from \(source) to \(destination)")
    }

    /// Copies `source` into a new database at `destination`, returning the number of pages copied.
    static func copy(from source: String, to destination: String, pagesPerStep: Int) throws -> Int {
        let from = try Connection(toExistingDatabaseAt: source, readonly: true)
        let to = try Connection(toNewDatabaseAt: destination)
        var pages = 0
        try from.backup(to: to, pagesPerStep: .limited(number: Int32(clamping: pagesPerStep))) { progress in
            pages = progress.pageCount
        }
        return pages
    }
}
