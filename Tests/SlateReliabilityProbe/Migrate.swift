// `SlateReliabilityProbe migrate`: one of several processes migrating the same file at once
// (issue 21, item 3).
//
// Usage: SlateReliabilityProbe migrate PATH queue|pool
//
// Registers five migrations, each of which creates a table and logs its name in `runs`, and
// migrates PATH. Prints `migrated` on success; any error goes to standard error, status 1.
import Foundation
import SlateCore

func migrate(_ arguments: [String]) throws {
    guard arguments.count == 2 else { fail("usage: SlateReliabilityProbe migrate PATH queue|pool") }
    let writer: any DatabaseWriter
    switch arguments[1] {
    case "queue": writer = try DatabaseQueue(path: arguments[0])
    case "pool": writer = try DatabasePool(path: arguments[0])
    default: fail("migrate: the kind is queue or pool, not \(arguments[1])")
    }
    var migrator = DatabaseMigrator()
    for index in 1...5 {
        try migrator.registerMigration("m\(index)") { db in
            if index == 1 { try db.execute(sql: "CREATE TABLE runs (name TEXT, pid INTEGER)") }
            try db.execute(sql: "CREATE TABLE m\(index) (x)")
            try db.run("INSERT INTO runs VALUES (?, ?)", "m\(index)", Int64(ProcessInfo.processInfo.processIdentifier))
        }
    }
    try migrator.migrate(writer)
    print("migrated")
}
