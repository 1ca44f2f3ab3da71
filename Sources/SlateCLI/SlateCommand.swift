import ArgumentParser

/// The `slate` command-line tool.
@main
struct SlateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slate",
        abstract: "A SQLite toolkit for Swift: demo, query, inspect, import and back up databases.",
        subcommands: [DemoCommand.self, QueryCommand.self, SchemaCommand.self, ImportCommand.self, BackupCommand.self],
        defaultSubcommand: DemoCommand.self
    )
}
