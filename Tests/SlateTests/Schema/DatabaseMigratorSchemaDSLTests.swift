import Foundation
import Slate
import SlateTestSupport
import Testing

/// ``DatabaseMigrator`` with migrations written in the typed schema DSL and the schema changer.
@Suite("DatabaseMigrator with the schema DSL")
struct DatabaseMigratorSchemaDSLTests: UsersFixture {
    static func migrator() throws -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        try migrator.registerMigration("create users") { db in
            // A static function cannot use the fixture's members: the migrations name their columns.
            let users = Table("users")
            let id = SQLExpression<Int64>("id")
            let email = SQLExpression<String>("email")
            try db.run(
                users.create { t in
                    t.column(id, primaryKey: .autoincrement)
                    t.column(email, unique: true)
                })
        }
        try migrator.registerMigration("create posts") { db in
            let users = Table("users")
            let posts = Table("posts")
            let id = SQLExpression<Int64>("id")
            let userID = SQLExpression<Int64>("user_id")
            let title = SQLExpression<String>("title")
            try db.run(
                posts.create { t in
                    t.column(id, primaryKey: true)
                    t.column(userID, references: users, id)
                    t.column(title)
                })
            try db.run(posts.createIndex(userID))
        }
        try migrator.registerMigration("users have names") { db in
            // The schema changer rebuilds the table inside the migration's transaction.
            try db.schemaChanger.alter(table: "users") { table in
                table.add(column: ColumnDefinition(name: "name", type: .TEXT, nullable: false, defaultValue: .stringLiteral("")))
            }
        }
        return migrator
    }

    @Test(
        "typed CREATE TABLE, index and a schema-changer rebuild of a referenced table, on a queue and a pool",
        arguments: WriterKind.allCases)
    func typedMigrations(kind: WriterKind) throws {
        let folder = try TemporaryDirectory()
        let path = folder.path("db.sqlite")
        let writer = try kind.open(path)
        try writer.writeWithoutTransaction { db in try db.setForeignKeys(true) }

        let migrator = try Self.migrator()
        try migrator.migrate(writer, upTo: "create posts")
        try writer.write { db in
            let ada = try db.run(users.insert(email <- "ada@example.com"))
            try db.run(posts.insert(userID <- ada, title <- "Notes"))
        }
        try migrator.migrate(writer)
        #expect(try migrator.hasCompletedMigrations(in: writer))
        try writer.read { db in
            let columns = try db.schema.columnDefinitions(table: "users").map(\.name)
            #expect(columns == ["id", "email", "name"])
            #expect(try db.scalar(posts.join(users, on: users[id] == posts[userID]).select(title).count) == 1)
        }
        // The rebuilt table still enforces its own constraints and the references to it.
        #expect(throws: SQLiteError.self) {
            try writer.write { db in try db.run(posts.insert(userID <- 99, title <- "orphan")) }
        }

        // A DSL migration that breaks a reference is rolled back by the foreign-key check.
        var broken = migrator
        try broken.registerMigration("drop users") { db in try db.run(Table("users").drop()) }
        let error = #expect(throws: SQLiteError.self) { try broken.migrate(writer) }
        #expect(error.map { $0.code == SQLITE_CONSTRAINT_FOREIGNKEY } == true)
        #expect(try broken.appliedMigrations(in: writer) == migrator.registeredMigrations)
        #expect(try writer.read { db in try db.schema.tableExists("users") })
    }
}
