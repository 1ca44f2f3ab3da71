import Foundation
import ArgumentParser
import SlateCore
import SlateSchema

/// `slate vacuum`: rebuilds a database compactly, in place or into a new file.
struct VacuumCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vacuum",
        abstract: "Rebuild a database to reclaim free space, in place or into a new file (--into).",
        discussion: """
            Examples:
              slate vacuum shop.db
              slate vacuum shop.db --into compact.db
            """
    )

    @Argument(help: "The database file.")
    var database: String

    @Option(name: .long, help: "Write the compact copy to this new file and leave the database as it is.")
    var into: String?

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        let db = try options.openExisting(database, readonly: into != nil)
        let before = fileSize(database)
        if let into {
            guard !pathExists(into) else { throw CLIError("\(into): a file already exists; vacuum --into writes a new file only") }
            do {
                try db.vacuum(into: into)
            } catch {
                removeDatabaseFiles(into)
                throw CLIError.database(into, error)
            }
            OutputSink.standard.write("wrote \(into) (\(fileSize(into)) bytes; \(database) is \(before) bytes)\n")
        } else {
            do {
                try db.vacuum()
            } catch {
                throw CLIError.database(database, error)
            }
            OutputSink.standard.write("vacuumed \(database): \(before) → \(fileSize(database)) bytes\n")
        }
        try OutputSink.standard.finish()
    }

    private func fileSize(_ path: String) -> Int64 {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : 0
    }
}
