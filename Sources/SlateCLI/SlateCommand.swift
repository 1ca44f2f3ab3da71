import ArgumentParser

/// The `slate` command-line tool.
@main
struct SlateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "slate",
        abstract: "A SQLite toolkit for Swift: demo, query and inspect databases.",
        subcommands: [DemoCommand.self, QueryCommand.self, SchemaCommand.self],
        defaultSubcommand: DemoCommand.self
    )
}
