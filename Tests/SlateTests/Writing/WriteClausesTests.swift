import Foundation
@testable import Slate
import SlateTestSupport
import Testing

/// UPDATE, DELETE and INSERT built from a query never drop a clause the query gave: they write
/// it (`WITH`, `WHERE`, `ORDER BY`, `LIMIT`, `OFFSET`), or refuse to run with an error naming it,
/// and leave the rows as they were.
@Suite("Writes keep every clause of their query")
struct WriteClausesTests: UsersFixture {
    /// Both libraries this project links (Debian's SQLite 3.40, SQLCipher's 3.15) accept
    /// `ORDER BY`/`LIMIT` on `UPDATE` and `DELETE`; the refusal is tested by standing in for a
    /// library without it.
    static let hasUpdateDeleteLimit = SQLite.hasCompileOption("ENABLE_UPDATE_DELETE_LIMIT")

    func ids(_ db: Connection) throws -> [Int64] {
        try db.cursor(users.order(id)).map { try $0.get(id) }
    }

    func names(_ db: Connection) throws -> [String?] {
        try db.cursor(users.order(id)).map { try $0.get(name) }
    }

    // MARK: ORDER BY, LIMIT, OFFSET

    @Test(.enabled(if: hasUpdateDeleteLimit, "the library accepts ORDER BY/LIMIT on DELETE"))
    func deleteKeepsOrderAndLimit() throws {
        let db = try makeUsersDatabase()
        #expect(db.supportsUpdateDeleteLimit)
        let newest = users.order(id.desc).limit(1).delete()
        #expect(newest.asSQL() == #"DELETE FROM "users" ORDER BY "id" DESC LIMIT 1"#)
        #expect(try db.run(newest) == 1)
        #expect(try ids(db) == [1, 2])

        try db.run("INSERT INTO users (id, email) VALUES (4, 'd'), (5, 'e')")
        let second = users.filter(id > 1).order(id).limit(1, offset: 1).delete()
        #expect(second.asSQL() == #"DELETE FROM "users" WHERE ("id" > 1) ORDER BY "id" LIMIT 1 OFFSET 1"#)
        #expect(try db.run(second) == 1)
        #expect(try ids(db) == [1, 2, 5])
    }

    @Test(.enabled(if: hasUpdateDeleteLimit, "the library accepts ORDER BY/LIMIT on UPDATE"))
    func updateKeepsOrderAndLimit() throws {
        let db = try makeUsersDatabase()
        let last = users.filter(name != nil).order(id.desc).limit(1).update(name <- "Last")
        #expect(
            last.asSQL()
                == #"UPDATE "users" SET "name" = 'Last' WHERE ("name" IS NOT NULL) ORDER BY "id" DESC LIMIT 1"#)
        #expect(try db.run(last) == 1)
        #expect(try names(db) == ["Alice", nil, "Last"])
        #expect(try db.run(users.order(id).limit(2, offset: 1).update(name <- "Later")) == 2)
        #expect(try names(db) == ["Alice", "Later", "Later"])
        // Values bound in ORDER BY come after the SET and WHERE values.
        let bound = users.filter(id != 1).order((id == 3).desc).limit(1).update(name <- "Three")
        #expect(try db.run(bound) == 1)
        #expect(try names(db) == ["Alice", "Later", "Three"])
    }

    @Test(.enabled(if: hasUpdateDeleteLimit && SQLite.versionNumber >= 3_035_000, "RETURNING needs SQLite 3.35"))
    func returningGoesBeforeOrderAndLimit() throws {
        let db = try makeUsersDatabase()
        let delete = users.order(id.desc).limit(1).delete().returning(id)
        #expect(delete.asSQL() == #"DELETE FROM "users" RETURNING "id" ORDER BY "id" DESC LIMIT 1"#)
        #expect(try db.run(delete).map { try $0.get(id) } == [3])
        let update = users.order(id).limit(1).update(name <- "First").returning(id, name)
        #expect(update.asSQL() == #"UPDATE "users" SET "name" = 'First' RETURNING "id", "name" ORDER BY "id" LIMIT 1"#)
        #expect(try db.run(update).map { try $0.get(name) } == ["First"])
        #expect(try ids(db) == [1, 2])
    }

    /// On a library built without `SQLITE_ENABLE_UPDATE_DELETE_LIMIT`, the statement names the
    /// clause and changes nothing; the same connection still runs writes without it.
    @Test func withoutTheCompileOptionTheClauseIsNamed() throws {
        let db = try makeUsersDatabase()
        db.supportsUpdateDeleteLimit = false
        let attempts: [(String, () throws -> Void)] = [
            ("ORDER BY, LIMIT on DELETE", { _ = try db.run(users.order(id.desc).limit(1).delete()) }),
            ("LIMIT, OFFSET on DELETE", { _ = try db.run(users.limit(1, offset: 2).delete()) }),
            ("ORDER BY, LIMIT on UPDATE", { _ = try db.run(users.order(id).limit(1).update(name <- "x")) }),
            ("ORDER BY on UPDATE", { _ = try db.run(users.order(id).update(name <- "x")) })
        ]
        for (clause, attempt) in attempts {
            let error = expectSQLiteError(SQLITE_ERROR, attempt)
            #expect(error?.explanation.hasPrefix(clause + " needs SQLite built with SQLITE_ENABLE_UPDATE_DELETE_LIMIT") == true)
            #expect(error?.sql?.contains("ORDER BY") == true || error?.sql?.contains("LIMIT") == true)
        }
        if SQLite.versionNumber >= 3_035_000 {
            let error = expectSQLiteError(SQLITE_ERROR) { _ = try db.run(users.order(id).limit(1).delete().returning(id)) }
            #expect(error?.explanation.hasPrefix("ORDER BY, LIMIT on DELETE needs") == true)
        }
        #expect(try ids(db) == [1, 2, 3])
        #expect(try names(db) == ["Alice", nil, "Cathy"])
        #expect(try db.run(users.filter(id == 2).update(name <- "Betty")) == 1)
        #expect(try db.run(users.filter(id == 3).delete()) == 1)
        #expect(try names(db) == ["Alice", "Betty"])
    }

    // MARK: WITH

    @Test func updateAndDeleteKeepCommonTableExpressions() throws {
        let db = try makeUsersDatabase()
        let authors = Table("authors")
        let withAuthors = users.with(authors, columns: [userID], as: posts.select(userID))
        let delete = withAuthors.filter(!authors.select(userID).contains(id)).delete()
        #expect(
            delete.asSQL() == #"WITH "authors" ("user_id") AS (SELECT "user_id" FROM "posts") "#
                + #"DELETE FROM "users" WHERE NOT (("id" IN (SELECT "user_id" FROM "authors")))"#)
        let update = withAuthors.filter(authors.select(userID).contains(id)).update(name <- "Author")
        #expect(try db.run(update) == 2)
        #expect(try db.run(delete) == 1)
        #expect(try names(db) == ["Author", "Author"])
    }

    // MARK: Clauses an UPDATE or DELETE cannot take

    @Test func joinsGroupingCompoundsAndDistinctAreRefused() throws {
        let db = try makeUsersDatabase()
        let joined = users.join(posts, on: userID == users[id]).filter(posts[SQLExpression<String>("title")] == "Hello")
        let attempts: [(String, () throws -> Void)] = [
            ("DELETE cannot use the query's JOIN", { _ = try db.run(joined.delete()) }),
            ("UPDATE cannot use the query's JOIN", { _ = try db.run(joined.update(name <- "x")) }),
            (
                "DELETE cannot use the query's GROUP BY, HAVING",
                {
                    _ = try db.run(users.group(verified, having: count(*) > 1).delete())
                }
            ),
            ("UPDATE cannot use the query's GROUP BY", { _ = try db.run(users.group(verified).update(name <- "x")) }),
            ("DELETE cannot use the query's UNION", { _ = try db.run(users.filter(id == 1).union(users).delete()) }),
            (
                "DELETE cannot use the query's DISTINCT",
                {
                    _ = try db.run(users.select(distinct: verified).limit(1).delete())
                }
            ),
            (
                "DELETE cannot use the query's DISTINCT, JOIN, UNION",
                {
                    _ = try db.run(users.select(distinct: id).join(posts, on: userID == users[id]).union(users).delete())
                }
            )
        ]
        for (message, attempt) in attempts {
            let error = expectSQLiteError(SQLITE_MISUSE, attempt)
            #expect(error?.explanation.hasPrefix(message + ":") == true, "\(error?.explanation ?? "")")
        }
        if SQLite.versionNumber >= 3_035_000 {
            expectSQLiteError(SQLITE_MISUSE) { _ = try db.run(joined.delete().returning(id)) }
        }
        #expect(try ids(db) == [1, 2, 3])
        #expect(try names(db) == ["Alice", nil, "Cathy"])
        // The result columns do not change which rows a write changes: a display query writes.
        #expect(try db.run(users.select(email).filter(id == 2).update(name <- "Betty")) == 1)
        #expect(try names(db) == ["Alice", "Betty", "Cathy"])
    }

    // MARK: INSERT

    @Test func insertsIntoAQueryWithClausesAreRefused() throws {
        let db = try makeUsersDatabase()
        let attempts: [(String, () throws -> Void)] = [
            ("WHERE", { _ = try db.run(users.filter(id == 1).insert(email <- "x@y.z")) }),
            ("WHERE", { _ = try db.run(users.filter(id == 1).insert(or: .ignore, email <- "x@y.z")) }),
            ("WHERE", { _ = try db.run(users.filter(id == 1).insertMany([[email <- "x@y.z"], [email <- "y@y.z"]])) }),
            ("ORDER BY, LIMIT", { _ = try db.run(users.order(id).limit(1).insert(email <- "x@y.z")) }),
            ("JOIN", { _ = try db.run(users.join(posts, on: userID == users[id]).insert(email <- "x@y.z")) }),
            ("WITH", { _ = try db.run(users.with(Table("t"), as: posts).insert(email <- "x@y.z")) }),
            ("WHERE", { _ = try db.run(users.filter(id == 1).upsert(email <- "x@y.z", onConflictOf: email)) }),
            ("WHERE", { _ = try db.run(users.filter(id == 1).insert()) })
        ]
        for (clause, attempt) in attempts {
            let error = expectSQLiteError(SQLITE_MISUSE, attempt)
            #expect(error?.explanation.hasPrefix("INSERT cannot use the query's \(clause):") == true, "\(error?.explanation ?? "")")
        }
        if SQLite.versionNumber >= 3_035_000 {
            expectSQLiteError(SQLITE_MISUSE) { _ = try db.run(users.filter(id == 1).insert(email <- "x@y.z").returning(id)) }
        }
        #expect(try ids(db) == [1, 2, 3])
        // The result columns and an alias do not matter to an insert.
        #expect(try db.run(users.select(email).alias("u").insert(email <- "x@y.z")) == 4)
    }

    @Test func insertSelectKeepsEveryClauseOfItsQuery() throws {
        let db = try makeUsersDatabase()
        try db.execute(sql: "CREATE TABLE archive (id INTEGER PRIMARY KEY, email TEXT)")
        let archive = Table("archive")
        let oldest = archive.insert(users.filter(id > 1).select(id, email).order(id.desc).limit(1))
        #expect(
            oldest.asSQL()
                == #"INSERT INTO "archive" SELECT "id", "email" FROM "users" WHERE ("id" > 1) ORDER BY "id" DESC LIMIT 1"#)
        #expect(try db.run(oldest) == 1)
        #expect(try db.cursor(archive).map { try $0.get(id) } == [3])
        let rest = archive.insert(users.select(id, email).filter(id < 3).union(users.select(id, email).filter(id == 1)))
        #expect(try db.run(rest) == 2)
        #expect(try db.cursor(archive.order(id)).map { try $0.get(id) } == [1, 2, 3])
        // The table inserted into takes no clauses of its own.
        let error = expectSQLiteError(SQLITE_MISUSE) { _ = try db.run(archive.filter(id == 1).insert(users.select(id, email))) }
        #expect(error?.explanation.hasPrefix("INSERT cannot use the query's WHERE:") == true)
        // A constraint violation rolls the statement back: no row of it stays.
        expectSQLiteError(SQLITE_CONSTRAINT_PRIMARYKEY) { _ = try db.run(archive.insert(users.select(id, email))) }
        #expect(try db.scalar(archive.count) == 3)
    }
}
