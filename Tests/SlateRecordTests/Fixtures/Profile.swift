import Foundation
import SlateMacros

/// An enum stored by its raw value, Codable.
enum Mood: String, Codable, Equatable, Sendable {
    case happy, grumpy
}

/// A nested Codable value, stored as JSON text (a date inside is a number of seconds since 2001).
struct Address: Codable, Equatable, Sendable {
    var street: String
    var zip: Int
    var since: Date?
}

/// An SQLite.swift custom value.
struct Celsius: Value, Codable, Equatable, Sendable {
    let degrees: Double
    static let declaredDatatype = Double.declaredDatatype
    static func fromDatatypeValue(_ value: Double) -> Celsius { Celsius(degrees: value) }
    var datatypeValue: Double { degrees }
}

/// A record of every kind of property, `@Table` and Codable: SQLite.swift's Codable calls take
/// its generated code.
@Table
struct Profile: Codable, Equatable, Sendable {
    @Column(primaryKey: true) var id: Int64
    var name: String
    var nickname: String?
    var age: Int
    var rank: Int32?
    var active: Bool
    var ratio: Double
    var weight: Float?
    var avatar: Data
    var thumbnail: Data?
    var joined: Date
    var lastSeen: Date?
    var token: UUID
    var homepage: URL?
    var mood: Mood
    var previousMood: Mood?
    var address: Address
    var oldAddress: Address?
    var tags: [String]
    var temperature: Celsius?
}

/// The same properties without `@Table`: what the Codable path alone does with them. Its Codable
/// form is `Profile`'s synthesized one, property for property, with no record code behind it.
struct CodableProfile: Codable, Equatable, Sendable {
    var profile: Profile

    init(_ profile: Profile) { self.profile = profile }
    init(from decoder: any Decoder) throws { profile = try Profile(from: decoder) }
    func encode(to encoder: any Encoder) throws { try profile.encode(to: encoder) }
}

extension Profile {
    /// Two profiles: one with every optional set, one with every optional `nil`.
    static let samples: [Profile] = [
        Profile(
            id: 1, name: "Arthur", nickname: "Art", age: 42, rank: 7, active: true, ratio: 0.25, weight: 71.5,
            avatar: Data([0, 1, 2, 255]), thumbnail: Data([9]), joined: Date(timeIntervalSince1970: 1_600_000_000.123),
            lastSeen: Date(timeIntervalSince1970: 1_700_000_000.5), token: UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!,
            homepage: URL(string: "https://example.com/arthur"), mood: .happy, previousMood: .grumpy,
            address: Address(street: "1 Main St", zip: 12345, since: Date(timeIntervalSinceReferenceDate: 1000)),
            oldAddress: Address(street: "2 Old Rd", zip: 54321, since: nil), tags: ["a", "b"], temperature: Celsius(degrees: 21.5)),
        Profile(
            id: 2, name: "Betty", nickname: nil, age: 0, rank: nil, active: false, ratio: -1e-3, weight: nil,
            avatar: Data(), thumbnail: nil, joined: Date(timeIntervalSince1970: 0), lastSeen: nil,
            token: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, homepage: nil, mood: .grumpy, previousMood: nil,
            address: Address(street: "", zip: 0, since: nil), oldAddress: nil, tags: [], temperature: nil)
    ]

    /// The table of profiles; `nickname` has a default, which a left-out column takes.
    static let createSQL = """
        CREATE TABLE profiles (id INTEGER PRIMARY KEY, name TEXT NOT NULL, nickname TEXT DEFAULT 'none',
          age INTEGER NOT NULL, rank INTEGER, active INTEGER NOT NULL, ratio REAL NOT NULL, weight REAL,
          avatar BLOB NOT NULL, thumbnail BLOB, joined TEXT NOT NULL, lastSeen TEXT, token TEXT NOT NULL,
          homepage TEXT, mood TEXT NOT NULL, previousMood TEXT, address TEXT NOT NULL, oldAddress TEXT,
          tags TEXT NOT NULL, temperature REAL)
        """
}
