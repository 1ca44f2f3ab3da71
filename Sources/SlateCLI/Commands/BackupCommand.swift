import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate backup`: copies a live database to a new file with SQLite's online backup API.
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy a database to a new file while it may be in use (online backup).",
        discussion: """
            Pages are copied a few at a time, so other connections may write between steps; while \
            another connection holds a lock the backup waits up to --busy-timeout seconds. The \
            destination must not exist, and is removed again if the backup fails.

            Example: slate backup shop.db backups/shop-$(date +%F).db
            """
    )

    @Argument(help: "The database to copy.")
    var source: String

    @Argument(help: "The new file to write; it must not exist.")
    var destination: String

    @Option(name: .long, help: "Pages copied per step (other connections may write between steps).")
    var pagesPerStep = 256

    @Flag(name: .shortAndLong, help: "No progress bar and no summary.")
    var quiet = false

    @OptionGroup var options: DatabaseOptions

    func validate() throws {
        guard pagesPerStep > 0 else { throw ValidationError("--pages-per-step must be positive") }
    }

    func run() throws {
        let pages = try BackupCommand.copy(from: source, to: destination, pagesPerStep: pagesPerStep, options: options, quiet: quiet)
        if !quiet {
            OutputSink.standard.write("copied \(pages) page\(pages == 1 ? "" : "s") from \(source) to \(destination)\n")
            try OutputSink.standard.finish()
        }
    }

    /// Copies `source` into a new database at `destination`, returning the number of pages copied.
    ///
    /// - Throws: ``CLIError`` naming the file that failed; a destination it created is removed.
    static func copy(from source: String, to destination: String, pagesPerStep: Int, options: DatabaseOptions, quiet: Bool = true) throws -> Int {
        let from = try options.openExisting(source, readonly: true)
        return try copy(from, named: source, to: destination, pagesPerStep: pagesPerStep, options: options, quiet: quiet)
    }

    /// Copies an open database (`memory --save`'s in-memory one) into a new database at
    /// `destination`, returning the number of pages copied.
    ///
    /// - Parameter source: The name of the database in messages.
    /// - Throws: ``CLIError`` naming the file that failed; a destination it created is removed.
    static func copy(
        _ from: Connection, named source: String, to destination: String, pagesPerStep: Int, options: DatabaseOptions, quiet: Bool = true
    ) throws -> Int {
        let to: Connection
        do {
            to = try Connection(destination, options: [.readwrite, .create, .exclusive])
        } catch {
            throw CLIError.database(destination, error)
        }
        do {
            try options.prepare(to, path: destination)
            // Made after the first step, which tells how many pages there are.
            var progress: ProgressBar?
            let pageSize = Int64((try? from.scalar(Int.self, "PRAGMA page_size")) ?? 4096)
            let backup: Backup
            do {
                backup = try Backup(source: from, target: to)
            } catch {
                throw CLIError.database(destination, error)
            }
            let deadline = Date().addingTimeInterval(options.busyTimeout)
            var finished = false
            while !finished {
                do {
                    finished = try backup.step(pagesToCopy: .limited(number: Int32(clamping: pagesPerStep)))
                } catch  where error.isTransient && Date() < deadline {
                    // Another connection is writing: wait a little and step again.
                    usleep(20_000)
                    continue
                } catch {
                    try? backup.finish()
                    throw CLIError.database(source, error)
                }
                let state = backup.progress
                if progress == nil {
                    progress = ProgressBar(unit: "pages", totalBytes: Int64(state.pageCount) * pageSize, quiet: quiet)
                }
                let done = state.pageCount - state.remainingPages
                progress?.update(done: done, bytes: Int64(done) * pageSize)
            }
            let pages = backup.pageCount
            do {
                try backup.finish()
            } catch {
                throw CLIError.database(destination, error)
            }
            progress?.finish()
            to.close()
            return pages
        } catch {
            to.close()
            removeDatabaseFiles(destination)
            throw error
        }
    }
}
