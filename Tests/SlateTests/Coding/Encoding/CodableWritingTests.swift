import Foundation
import Slate
import SlateTestSupport
import Testing

/// The documentation's `User`.
private struct User: Codable, Equatable {
    let name: String
}

/// A user with an email, for upserts.
private struct Member: Codable, Equatable {
    let email: String
    let name: String?
}

/// Reads the user info to choose how to encode and decode itself.
private struct Shouting: Codable, Equatable {
    static let loud = CodingUserInfoKey(rawValue: "loud")!
    var name: String

    init(name: String) { self.name = name }

    enum CodingKeys: String, CodingKey { case name }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let loud = encoder.userInfo[Self.loud] as? Bool ?? false
        try container.encode(loud ? name.uppercased() : name, forKey: .name)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        let loud = decoder.userInfo[Self.loud] as? Bool ?? false
        self.name = loud ? name + "!" : name
    }
}

@Suite("Codable rows: insert, update and upsert")
struct CodableWritingTests: UsersFixture {
    @Test func documentedInsert() throws {
        let db = try makeCodableUsersDatabase(filled: false)
        try db.execute(sql: "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let people = Table("people")
        let insert = try people.insert(User(name: "test"))
        #expect(insert.asSQL() == "INSERT INTO \"people\" (\"name\") VALUES ('test')")
        #expect(try db.run(people.insert(User(name: "test"))) == 1)
        #expect(try db.run(insert) == 2)
        let loadedUsers: [User] = try db.cursor(people).map { row in
            return try row.snapshot().decode()
        }
        #expect(loadedUsers == [User(name: "test"), User(name: "test")])
    }

    @Test func documentedUpdate() throws {
        let db = try makeCodableUsersDatabase(filled: true)
        let userId: Int64 = 2
        let user = User(name: "test")
        let update = try users.filter(id == userId).update(user)
        #expect(update.asSQL() == "UPDATE \"users\" SET \"name\" = 'test' WHERE (\"id\" = 2)")
        #expect(try db.run(users.filter(id == userId).update(user)) == 1)
        #expect(try db.cursor(users.order(id)).map { try $0.get(name) } == ["Alice", "test", "Cathy"])
        // Unfiltered, it updates every row, as the documentation warns.
        #expect(try users.update(user).asSQL() == "UPDATE \"users\" SET \"name\" = 'test'")
        #expect(try db.run(users.update(user)) == 3)
    }

    @Test func updateWithNilKeepsTheColumnAsSQLiteSwiftDoes() throws {
        let db = try makeCodableUsersDatabase(filled: true)
        let alice = users.filter(id == 1)
        let update = try alice.update(Member(email: "alice@me.com", name: nil))
        #expect(update.asSQL() == "UPDATE \"users\" SET \"email\" = 'alice@me.com' WHERE (\"id\" = 1)")
        #expect(try db.run(update) == 1)
        #expect(try db.pluck(alice)?.decode(as: Member.self) == Member(email: "alice@me.com", name: "Alice"))
    }

    @Test func updateWithNilEncodingNullClearsTheColumn() throws {
        let db = try makeCodableUsersDatabase(filled: true)
        let alice = users.filter(id == 1)
        let update = try alice.update(Member(email: "alice@me.com", name: nil), nilEncoding: .null)
        #expect(update.asSQL() == "UPDATE \"users\" SET \"email\" = 'alice@me.com', \"name\" = NULL WHERE (\"id\" = 1)")
        #expect(try db.run(update) == 1)
        #expect(try db.pluck(alice)?.decode(as: Member.self) == Member(email: "alice@me.com", name: nil))
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_024_000, "upsert needs SQLite 3.24"))
    func upsert() throws {
        let db = try makeCodableUsersDatabase(filled: false)
        let upsert = try users.upsert(Member(email: "alice@mac.com", name: "Alice"), onConflictOf: email)
        #expect(
            upsert.asSQL() == "INSERT INTO \"users\" (\"email\", \"name\") VALUES ('alice@mac.com', 'Alice') "
                + "ON CONFLICT (\"email\") DO UPDATE SET \"name\" = \"excluded\".\"name\"")
        #expect(try db.run(upsert) == 1)
        try db.run(users.upsert(Member(email: "alice@mac.com", name: "Alice B."), onConflictOf: email))
        #expect(try db.scalar(users.count) == 1)
        #expect(try db.pluck(users)?.get(name) == "Alice B.")
    }

    @Test func upsertWithoutUniqueIndexFailsCleanly() throws {
        let db = try makeCodableUsersDatabase(filled: true)
        let upsert = try users.upsert(Member(email: "alice@mac.com", name: "Alice"), onConflictOf: name)
        #expect {
            try db.run(upsert)
        } throws: { error in
            guard let error = error as? SQLiteError else { return false }
            return error.code == SQLITE_ERROR && error.explanation.contains("ON CONFLICT")
        }
        #expect(try db.scalar(users.count) == 3)
    }

    @Test(.enabled(if: SQLite.versionNumber >= 3_024_000, "upsert needs SQLite 3.24"))
    func otherSettersAreAddedAndWinOverProperties() throws {
        let db = try makeCodableUsersDatabase(filled: false)
        let insert = try users.insert(Member(email: "alice@mac.com", name: "Alice"), otherSetters: [balance <- 10])
        #expect(
            insert.asSQL()
                == "INSERT INTO \"users\" (\"email\", \"name\", \"balance\") VALUES ('alice@mac.com', 'Alice', 10.0)")
        try db.run(insert)
        #expect(try db.pluck(users)?.get(balance) == 10)

        let override = try users.insert(Member(email: "betty@mac.com", name: "Betty"), otherSetters: [name <- "Override"])
        #expect(
            override.asSQL()
                == "INSERT INTO \"users\" (\"email\", \"name\") VALUES ('betty@mac.com', 'Override')")

        let update = try users.filter(id == 1).update(User(name: "Ann"), otherSetters: [balance += 5])
        #expect(update.asSQL() == "UPDATE \"users\" SET \"name\" = 'Ann', \"balance\" = (\"balance\" + 5.0) WHERE (\"id\" = 1)")
        #expect(try db.run(update) == 1)
        #expect(try db.pluck(users.filter(id == 1))?.get(balance) == 15)

        let upsert = try users.upsert(
            Member(email: "alice@mac.com", name: "Alice"), otherSetters: [balance <- 1], onConflictOf: email)
        #expect(
            upsert.asSQL() == "INSERT INTO \"users\" (\"email\", \"name\", \"balance\") "
                + "VALUES ('alice@mac.com', 'Alice', 1.0) ON CONFLICT (\"email\") "
                + "DO UPDATE SET \"name\" = \"excluded\".\"name\", \"balance\" = \"excluded\".\"balance\"")
        try db.run(upsert)
        #expect(try db.pluck(users.filter(id == 1))?.get(balance) == 1)
    }

    @Test func userInfoReachesEncoderAndDecoder() throws {
        let db = try makeCodableUsersDatabase(filled: false)
        try db.execute(sql: "CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        let people = Table("people")
        try db.run(people.insert(Shouting(name: "quiet")))
        try db.run(people.insert(Shouting(name: "loud"), userInfo: [Shouting.loud: true]))
        try db.run(people.filter(id == 1).update(Shouting(name: "hush"), userInfo: [Shouting.loud: false]))
        let stored = try db.cursor(people.select(SQLExpression<String>("name")).order(id)).map { try $0.get(SQLExpression<String>("name")) }
        #expect(stored == ["hush", "LOUD"])
        let plain = try db.cursor(people.order(id)).map { try $0.snapshot().decode(as: Shouting.self).name }
        #expect(plain == ["hush", "LOUD"])
        let decorated: [Shouting] = try db.cursor(people.order(id)).map { try $0.snapshot().decode(userInfo: [Shouting.loud: true]) }
        #expect(decorated.map(\.name) == ["hush!", "LOUD!"])
        let manual = try #require(try db.pluck(people)).decoder(userInfo: [Shouting.loud: true])
        #expect(manual.userInfo[Shouting.loud] as? Bool == true)
        #expect(try Shouting(from: manual).name == "hush!")
    }

    @Test func userInfoReachesNestedJSONValues() throws {
        struct Inner: Codable, Equatable {
            var value: String
            init(value: String) { self.value = value }
            init(from decoder: any Decoder) throws {
                let raw = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .value)
                value = raw + (decoder.userInfo[Shouting.loud] as? String ?? "")
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(value + (encoder.userInfo[Shouting.loud] as? String ?? ""), forKey: .value)
            }
            enum CodingKeys: String, CodingKey { case value }
        }
        struct Outer: Codable { var inner: Inner }
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (inner TEXT)")
        try db.run(Table("t").insert(Outer(inner: Inner(value: "a")), userInfo: [Shouting.loud: "+"]))
        #expect(try db.scalar(String.self, "SELECT inner FROM t") == #"{"value":"a+"}"#)
        let row = try #require(try db.pluck(Table("t")))
        #expect(try row.decode(as: Outer.self, userInfo: [Shouting.loud: "?"]).inner.value == "a+?")
    }

    @Test func imagesFacadeWithAManualDecoder() throws {
        enum ImageCodingKeys: String, CodingKey { case kind }
        enum ImageKind: Int, Codable { case png, jpg, heif }
        class Image: Codable { let name: String }
        final class PNGImage: Image {}
        final class JPGImage: Image {}
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE images (kind INTEGER, name TEXT);
                INSERT INTO images VALUES (0, 'a.png'), (1, 'b.jpg');
                """)
        let images = Table("images")
        let loadedImages: [Image] = try db.cursor(images).map { row in
            let decoder = row.snapshot().decoder()
            let container = try decoder.container(keyedBy: ImageCodingKeys.self)
            switch try container.decode(ImageKind.self, forKey: .kind) {
            case .png:
                return try PNGImage(from: decoder)
            case .jpg, .heif:
                return try JPGImage(from: decoder)
            }
        }
        #expect(loadedImages.map(\.name) == ["a.png", "b.jpg"])
        #expect(loadedImages.first is PNGImage)
        #expect(loadedImages.last is JPGImage)
    }
}
