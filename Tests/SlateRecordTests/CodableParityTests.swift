import Foundation
import SlateMacros
import SlateTestSupport
import Testing

/// A type that is both `@Table` and Codable gives SQLite.swift's documented Codable calls the
/// same results through its generated code as the Codable path gives, byte for byte.
@Suite("Records: the same bytes as the Codable path")
struct CodableParityTests {
    let profiles = Table("profiles")
    let id = SQLExpression<Int64>("id")

    func makeDatabase() throws -> Connection {
        try inMemoryDatabase(Profile.createSQL)
    }

    /// Every stored value, with its storage class.
    func stored(_ db: Connection) throws -> [[SQLiteValue]] {
        try rowValues(db, "SELECT * FROM profiles ORDER BY id")
    }

    @Test func insertWritesWhatCodableWrites() throws {
        let records = try makeDatabase()
        let codable = try makeDatabase()
        for profile in Profile.samples {
            try records.run(profiles.insert(profile))
            try codable.run(profiles.insert(CodableProfile(profile)))
        }
        #expect(try stored(records) == stored(codable))
        // A nil optional is left out, as SQLite.swift's encodeIfPresent leaves it: the default.
        #expect(try rowValues(records, "SELECT nickname FROM profiles WHERE id = 2") == [[.text("none")]])
    }

    @Test func insertWithNullEncodingWritesWhatCodableWrites() throws {
        let records = try makeDatabase()
        let codable = try makeDatabase()
        for profile in Profile.samples {
            try records.run(profiles.insert(profile, nilEncoding: .null))
            try codable.run(profiles.insert(CodableProfile(profile), nilEncoding: .null))
        }
        #expect(try stored(records) == stored(codable))
        #expect(try rowValues(records, "SELECT nickname FROM profiles WHERE id = 2") == [[.null]])
    }

    @Test func insertManyUpdateAndUpsertWriteWhatCodableWrites() throws {
        let records = try makeDatabase()
        let codable = try makeDatabase()
        try records.run(profiles.insertMany(Profile.samples))
        try codable.run(profiles.insertMany(Profile.samples.map(CodableProfile.init)))
        #expect(try stored(records) == stored(codable))

        var changed = Profile.samples[0]
        changed.name = "Arthur Dent"
        changed.nickname = nil  // left out of the UPDATE: the column keeps "Art"
        changed.tags = ["towel"]
        try records.run(profiles.filter(id == 1).update(changed))
        try codable.run(profiles.filter(id == 1).update(CodableProfile(changed)))
        #expect(try stored(records) == stored(codable))
        #expect(try rowValues(records, "SELECT nickname FROM profiles WHERE id = 1") == [[.text("Art")]])

        guard SQLiteFeature.upsert.isAvailable else { return }
        changed.age = 43
        try records.run(profiles.upsert(changed, onConflictOf: id))
        try codable.run(profiles.upsert(CodableProfile(changed), onConflictOf: id))
        #expect(try stored(records) == stored(codable))
    }

    @Test func decodeReadsWhatCodableReads() throws {
        let db = try makeDatabase()
        try db.run(profiles.insertMany(Profile.samples.map(CodableProfile.init), nilEncoding: .null))
        // A row written by SQLite.swift itself: its date text, JSON, 0/1 for Bool, text UUID.
        try db.execute(
            sql: """
                INSERT INTO profiles VALUES (3, 'Carol', NULL, 30, NULL, 1, 1.5, NULL, x'00', NULL,
                  '2014-08-25T14:11:23.000', '2024-01-02T03:04:05.678', 'A0000000-0000-0000-0000-00000000000A',
                  NULL, 'happy', NULL, '{"street":"x","zip":1}', NULL, '["q"]', NULL)
                """)

        let viaPrepare: [Profile] = try db.cursor(profiles.order(id)).map { try $0.snapshot().decode() }
        let viaCodable: [CodableProfile] = try db.cursor(profiles.order(id)).map { try $0.snapshot().decode() }
        #expect(viaPrepare.map(CodableProfile.init) == viaCodable)
        #expect(viaPrepare.count == 3)

        let inPlace = try db.prepare(sql: "SELECT * FROM profiles ORDER BY id").cursor().decodeAll(Profile.self)
        #expect(inPlace == viaPrepare)
        // A caller that sees the type only as Decodable takes the same generated code.
        func decodeAll<T: Decodable>(_ type: T.Type) throws -> [T] {
            try db.prepare(sql: "SELECT * FROM profiles ORDER BY id").cursor().decodeAll(T.self)
        }
        #expect(try decodeAll(Profile.self) == viaPrepare)
        let cursor = try db.prepare(sql: "SELECT * FROM profiles ORDER BY id").cursor()
        #expect(try cursor.decodeNext(Profile.self) == viaPrepare[0])

        // And the record's own reads agree.
        #expect(try Profile.all().order { $0.id }.fetchAll(db) == viaPrepare)
    }

    @Test func recordWritesReadBackExactly() throws {
        let db = try makeDatabase()
        for profile in Profile.samples { try profile.insert(db) }
        #expect(try Profile.all().order { $0.id }.fetchAll(db) == Profile.samples)
        // The record's own insert writes NULL for nil (every column listed): no default taken.
        #expect(try rowValues(db, "SELECT nickname FROM profiles WHERE id = 2") == [[.null]])
        // And the Codable path reads what the record wrote.
        let decoded: [CodableProfile] = try db.cursor(profiles.order(id)).map { try $0.snapshot().decode() }
        #expect(decoded == Profile.samples.map(CodableProfile.init))
    }
}
