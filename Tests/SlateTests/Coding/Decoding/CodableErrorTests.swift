import Foundation
import Slate
import SlateTestSupport
import Testing

/// The message of a decoding or encoding error (its context's description).
private func message(of error: any Error) -> String {
    switch error {
    case DecodingError.keyNotFound(_, let context), DecodingError.valueNotFound(_, let context),
        DecodingError.typeMismatch(_, let context), DecodingError.dataCorrupted(let context):
        return context.debugDescription
    case EncodingError.invalidValue(_, let context):
        return context.debugDescription
    default:
        return "\(error)"
    }
}

private struct Person: Codable, Equatable {
    let id: Int64
    let name: String
    let age: Int8
}

@Suite("Codable rows: failures")
struct CodableErrorTests: UsersFixture {
    @Test func missingColumnNamesTheColumnAndType() throws {
        let db = try makeCodableUsersDatabase(filled: true)
        let row = try #require(try db.pluck(users.select(id, email)))
        #expect {
            try row.decode(as: Person.self)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            let text = message(of: error)
            return key.stringValue == "name" && text.contains("no column \"name\"") && text.contains("String")
                && text.contains("id, email")
        }
    }

    @Test func missingColumnForAnOptionalPropertyIsNil() throws {
        struct Partial: Decodable, Equatable { let id: Int64; let nickname: String?; let tags: [String]? }
        let db = try makeCodableUsersDatabase(filled: true)
        let row = try #require(try db.pluck(users.select(id)))
        #expect(try row.decode(as: Partial.self) == Partial(id: 1, nickname: nil, tags: nil))
    }

    @Test func typeMismatchNamesTheColumnAndType() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE people (id INTEGER, name, age);
                INSERT INTO people VALUES (1, 'Ann', 'old');
                INSERT INTO people VALUES (2, 'Bob', 300);
                INSERT INTO people VALUES (3, 42, 30);
                """)
        let rows = try db.prepare(sql: "SELECT * FROM people ORDER BY id").rows()
        #expect {
            try rows[0].decode(as: Person.self)
        } throws: { error in
            guard case DecodingError.typeMismatch(let type, _) = error else { return false }
            return type == Int8.self && message(of: error) == "column \"age\" holds TEXT 'old', which cannot be decoded as Int8"
        }
        // Out of range for the property's width: an error, never a wrapped value.
        #expect {
            try rows[1].decode(as: Person.self)
        } throws: { error in
            guard case DecodingError.typeMismatch = error else { return false }
            return message(of: error) == "column \"age\" holds INTEGER 300, which cannot be decoded as Int8"
        }
        #expect {
            try rows[2].decode(as: Person.self)
        } throws: { error in
            guard case DecodingError.typeMismatch = error else { return false }
            return message(of: error) == "column \"name\" holds INTEGER 42, which cannot be decoded as String"
        }
    }

    @Test func cursorDecodingReportsTheSameErrors() throws {
        let db = try Connection()
        try db.execute(
            sql: """
                CREATE TABLE people (id INTEGER, name, age);
                INSERT INTO people VALUES (1, 'Ann', 300);
                INSERT INTO people VALUES (2, NULL, 3);
                INSERT INTO people VALUES (3, 'Cy', 4);
                """)
        let cursor = try db.cursor("SELECT * FROM people ORDER BY id")
        #expect {
            try cursor.decodeNext(Person.self)
        } throws: { error in
            message(of: error) == "column \"age\" holds INTEGER 300, which cannot be decoded as Int8"
        }
        #expect {
            try cursor.decodeNext(Person.self)
        } throws: { error in
            guard case DecodingError.valueNotFound = error else { return false }
            return message(of: error).hasPrefix("column \"name\" is NULL, which cannot be decoded as String")
        }
        // The cursor goes on after a row that did not decode.
        #expect(try cursor.decodeNext(Person.self) == Person(id: 3, name: "Cy", age: 4))
        #expect {
            try db.cursor("SELECT id FROM people").decodeAll(Person.self)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "name" && message(of: error).contains("the row's columns are id")
        }
    }

    @Test func nullInANonOptionalPropertyNamesTheColumn() throws {
        struct Named: Decodable { let id: Int64; let name: String }
        struct Dated: Decodable { let id: Int64; let at: Date }
        let db = try makeCodableUsersDatabase(filled: true)
        let betty = try #require(try db.pluck(users.filter(id == 2)))
        #expect {
            try betty.decode(as: Named.self)
        } throws: { error in
            guard case DecodingError.valueNotFound = error else { return false }
            return message(of: error).hasPrefix("column \"name\" is NULL, which cannot be decoded as String")
        }
        let row = try #require(try db.pluck(users.select(id, SQLExpression<String?>("name").alias("at")).filter(id == 2)))
        #expect {
            try row.decode(as: Dated.self)
        } throws: { error in
            guard case DecodingError.valueNotFound = error else { return false }
            return message(of: error).contains("column \"at\" is NULL") && message(of: error).contains("Date")
        }
    }

    @Test func decodeNilIsTrueOnlyForNull() throws {
        struct Probe: Decodable {
            let nameIsNil: Bool
            let ageIsNil: Bool
            enum CodingKeys: String, CodingKey { case name, age, nothing }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                nameIsNil = try container.decodeNil(forKey: .name)
                ageIsNil = try container.decodeNil(forKey: .age)
                #expect(container.contains(.name))
                #expect(!container.contains(.nothing))
                #expect(throws: DecodingError.self) { try container.decodeNil(forKey: .nothing) }
            }
        }
        let db = try makeCodableUsersDatabase(filled: true)
        let rows = try db.cursor(users.order(id)).map { try $0.snapshot().decode(as: Probe.self) }
        #expect(rows.map(\.nameIsNil) == [false, true, false])
        #expect(rows.map(\.ageIsNil) == [false, true, false])
    }

    @Test func invalidJSONNamesTheColumnAndType() throws {
        struct Tagged: Decodable { let tags: [String] }
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (tags); INSERT INTO t VALUES ('not json'), ('{\"a\":1}'), (7)")
        let rows = try db.prepare(sql: "SELECT tags FROM t ORDER BY rowid").rows()
        for row in rows.prefix(2) {
            #expect {
                try row.decode(as: Tagged.self)
            } throws: { error in
                guard case DecodingError.dataCorrupted = error else { return false }
                return message(of: error).hasPrefix("column \"tags\" does not hold the JSON of a Array<String>")
            }
        }
        #expect {
            try rows[2].decode(as: Tagged.self)
        } throws: { error in
            guard case DecodingError.typeMismatch = error else { return false }
            return message(of: error)
                == "column \"tags\" holds INTEGER 7, which cannot be decoded as Array<String> (stored as JSON text)"
        }
    }

    @Test func invalidRawValueFails() throws {
        struct WithStatus: Decodable { let status: CodableStatus }
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (status TEXT); INSERT INTO t VALUES ('dormant')")
        let row = try db.prepare(sql: "SELECT status FROM t").rows()[0]
        #expect(throws: DecodingError.self) { try row.decode(as: WithStatus.self) }
    }

    @Test func customValueRejectionsNameTheColumn() throws {
        struct Percent: Value, Codable {
            struct OutOfRange: Error {}
            let value: Int64
            static let declaredDatatype = Int64.declaredDatatype
            static func fromDatatypeValue(_ value: Int64) throws -> Percent {
                guard (0...100).contains(value) else { throw OutOfRange() }
                return Percent(value: value)
            }
            var datatypeValue: Int64 { value }
        }
        struct Score: Codable { let score: Percent }
        let db = try Connection()
        try db.execute(sql: "CREATE TABLE t (score); INSERT INTO t VALUES (150), ('high')")
        let rows = try db.prepare(sql: "SELECT score FROM t ORDER BY rowid").rows()
        #expect {
            try rows[0].decode(as: Score.self)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.hasPrefix("column \"score\" holds INTEGER 150, which Percent.fromDatatypeValue rejects")
                && context.underlyingError is Percent.OutOfRange
        }
        #expect {
            try rows[1].decode(as: Score.self)
        } throws: { error in
            message(of: error) == "column \"score\" holds TEXT 'high', which cannot be decoded as Percent"
        }
    }

    @Test func rowsDoNotDecodeAsListsOrFromSeveralColumnsAsOneValue() throws {
        let db = try makeCodableUsersDatabase(filled: true)
        let row = try #require(try db.pluck(users))
        #expect {
            try row.decode(as: [Int].self)
        } throws: { error in
            message(of: error).contains("not as an unkeyed container")
        }
        #expect {
            try row.decode(as: Int.self)
        } throws: { error in
            message(of: error).contains("exactly one column; this row has 5")
        }
    }

    @Test func nestedContainersAreReportedNotTrapped() throws {
        struct Nested: Codable {
            enum Keys: String, CodingKey { case outer, inner }
            init() {}
            init(from decoder: any Decoder) throws {
                _ = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .outer)
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .outer)
                try nested.encode(1, forKey: .inner)
            }
        }
        let db = try makeCodableUsersDatabase(filled: true)
        #expect {
            try users.insert(Nested())
        } throws: { error in
            message(of: error).contains("column \"outer\": nested keyed containers are not supported")
        }
        let row = try #require(try db.pluck(users))
        #expect {
            try row.decode(as: Nested.self)
        } throws: { error in
            message(of: error).contains("column \"outer\": nested keyed containers are not supported")
        }
    }

    @Test func valuesThatAreNotRowsCannotBeInserted() throws {
        let db = try makeCodableUsersDatabase(filled: true)
        #expect {
            try users.insert([1, 2, 3])
        } throws: { error in
            message(of: error).contains("not from an unkeyed container")
        }
        #expect {
            try users.insert("alice@mac.com")
        } throws: { error in
            message(of: error).contains("not from a single value")
        }
        #expect(try db.scalar(users.count) == 3)
    }

    @Test func constraintViolationsLeaveTheDataIntact() throws {
        struct Member: Codable { let email: String; let name: String? }
        let db = try makeCodableUsersDatabase(filled: true)
        #expect {
            try db.run(users.insert(Member(email: "alice@mac.com", name: "Twin")))
        } throws: { error in
            (error as? SQLiteError).map { $0.code == SQLITE_CONSTRAINT_UNIQUE } ?? false
        }
        struct Nameless: Codable { let name: String }
        #expect {
            try db.run(users.insert(Nameless(name: "no email")))
        } throws: { error in
            (error as? SQLiteError).map { $0.code == SQLITE_CONSTRAINT_NOTNULL } ?? false
        }
        #expect(try db.scalar(users.count) == 3)
        #expect(
            try db.cursor(users.order(id)).map { try $0.get(email) }
                == ["alice@mac.com", "betty@icloud.com", "cathy@icloud.com"])
    }

    @Test func encodingErrorsOfTheValueAreRethrown() throws {
        struct Failing: Encodable {
            struct Refused: Error {}
            func encode(to encoder: any Encoder) throws { throw Refused() }
        }
        #expect(throws: Failing.Refused.self) { try users.insert(Failing()) }
        #expect(throws: Failing.Refused.self) { try users.update(Failing()) }
    }

    @Test func closedConnection() throws {
        let db = try makeCodableUsersDatabase(filled: true)
        let insert = try users.insert(Person(id: 9, name: "x", age: 1))
        db.close()
        #expect {
            try db.run(insert)
        } throws: { error in
            (error as? SQLiteError).map { $0.code == SQLITE_MISUSE } ?? false
        }
    }
}
