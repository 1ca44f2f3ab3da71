import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// `slate rekey`: re-encrypts an SQLCipher database with a new key.
struct RekeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rekey",
        abstract: "Re-encrypt a database with a new key (SQLCipher builds).",
        discussion: """
            The current key comes from --key or SLATE_KEY, the new one from --new-key or SLATE_NEW_KEY.

            Example: SLATE_KEY=old slate rekey vault.db --new-key new
            """
    )

    @Argument(help: "The encrypted database file.")
    var database: String

    @Option(name: .long, help: "The new key (or set SLATE_NEW_KEY).")
    var newKey: String?

    @OptionGroup var options: DatabaseOptions

    func run() throws {
        #if SQLCipher
        guard let newKey = newKey ?? ProcessInfo.processInfo.environment["SLATE_NEW_KEY"], !newKey.isEmpty else {
            throw CLIError("give the new key with --new-key or SLATE_NEW_KEY", exitCode: 64)
        }
        guard options.resolvedKey != nil else {
            throw CLIError("give the current key with --key or SLATE_KEY", exitCode: 64)
        }
        let db = try options.openExisting(database, readonly: false)
        do {
            try db.rekey(.passphrase(newKey))
        } catch {
            throw CLIError.database(database, error)
        }
        OutputSink.standard.write("re-encrypted \(database) with the new key\n")
        try OutputSink.standard.finish()
        #else
        throw CLIError("\(database): this slate was built without encryption support; build it with `--traits SQLCipher` to use rekey")
        #endif
    }
}
