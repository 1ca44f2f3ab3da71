import SlateMacroExpansions
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// Every expansion of `@Table`, checked with swift-syntax's `assertMacroExpansion`.
final class TableMacroExpansionTests: XCTestCase {
    let macros = tableMacros

    func testPlainStruct() {
        assertMacroExpansion(
            """
            @Table
            struct Player {
                @Column(primaryKey: true) var id: Int64
                var name: String
                var score: Int64?
            }
            """,
            expandedSource: """
                struct Player {
                    var id: Int64
                    var name: String
                    var score: Int64?
                }

                extension Player: Slate.TableRecord {
                    static let tableName = "players"
                    static let table = Slate.Table("players")
                    struct Columns: Sendable {
                        let id = Slate.SQLExpression<Int64>("id")
                        let name = Slate.SQLExpression<String>("name")
                        let score = Slate.SQLExpression<Int64?>("score")
                    }
                    static let columns = Columns()
                    static let columnNames: [String] = ["id", "name", "score"]
                    static var columnDefinitions: [Slate.ColumnDefinition] {
                        [
                            .recordColumn("id", Int64.self, primaryKey: true),
                            .recordColumn("name", String.self),
                            .recordColumn("score", Int64?.self),
                        ]
                    }
                    static let primaryKeyColumn: String? = "id"
                    init(reading reader: borrowing Slate.RecordReader) throws(Slate.SQLiteError) {
                        self.id = try reader.read(Int64.self, at: 0)
                        self.name = try reader.read(String.self, at: 1)
                        self.score = try reader.read(Int64?.self, at: 2)
                    }
                    func write(to writer: inout Slate.RecordWriter) throws(Slate.SQLiteError) {
                        try writer.write(self.id, at: 0)
                        try writer.write(self.name, at: 1)
                        try writer.write(self.score, at: 2)
                    }
                }
                """,
            macroSpecs: macros)
    }

    /// An explicit table name, renamed and transient columns, a representation, a public type,
    /// computed and static properties (not columns), an implicitly unwrapped optional, and
    /// several bindings sharing one annotation.
    func testAttributesAndAccess() {
        assertMacroExpansion(
            """
            @Table("audit_log")
            public struct AuditEntry {
                @Column("entry_id", primaryKey: true) public var id: Int64
                @Column(as: JSONColumn<[String]>.self) var tags: [String]
                @Column(as: UnixTime.self) var at: Date?
                var low, high: Int
                var note: String!
                @Transient var isSelected = false
                static var count = 0
                var label: String { "\\(id)" }
                var watched: Int = 0 { didSet { } }
            }
            """,
            expandedSource: """
                public struct AuditEntry {
                    public var id: Int64
                    var tags: [String]
                    var at: Date?
                    var low, high: Int
                    var note: String!
                    var isSelected = false
                    static var count = 0
                    var label: String { "\\(id)" }
                    var watched: Int = 0 { didSet { } }
                }

                extension AuditEntry: Slate.TableRecord {
                    public static let tableName = "audit_log"
                    public static let table = Slate.Table("audit_log")
                    public struct Columns: Sendable {
                        public let id = Slate.SQLExpression<Int64>("entry_id")
                        public let tags = Slate.SQLExpression<[String]>("tags")
                        public let at = Slate.SQLExpression<Date?>("at")
                        public let low = Slate.SQLExpression<Int>("low")
                        public let high = Slate.SQLExpression<Int>("high")
                        public let note = Slate.SQLExpression<String?>("note")
                        public let watched = Slate.SQLExpression<Int>("watched")
                    }
                    public static let columns = Columns()
                    public static let columnNames: [String] = ["entry_id", "tags", "at", "low", "high", "note", "watched"]
                    public static var columnDefinitions: [Slate.ColumnDefinition] {
                        [
                            .recordColumn("entry_id", Int64.self, primaryKey: true),
                            .recordColumn("tags", representation: JSONColumn<[String]>.self, optional: false),
                            .recordColumn("at", representation: UnixTime.self, optional: true),
                            .recordColumn("low", Int.self),
                            .recordColumn("high", Int.self),
                            .recordColumn("note", String?.self),
                            .recordColumn("watched", Int.self),
                        ]
                    }
                    public static let primaryKeyColumn: String? = "entry_id"
                    public init(reading reader: borrowing Slate.RecordReader) throws(Slate.SQLiteError) {
                        self.id = try reader.read(Int64.self, at: 0)
                        self.tags = try reader.read(using: JSONColumn<[String]>.self, at: 1)
                        self.at = try reader.readOptional(using: UnixTime.self, at: 2)
                        self.low = try reader.read(Int.self, at: 3)
                        self.high = try reader.read(Int.self, at: 4)
                        self.note = try reader.read(String?.self, at: 5)
                        self.watched = try reader.read(Int.self, at: 6)
                    }
                    public func write(to writer: inout Slate.RecordWriter) throws(Slate.SQLiteError) {
                        try writer.write(self.id, at: 0)
                        try writer.write(self.tags, using: JSONColumn<[String]>.self, at: 1)
                        try writer.writeOptional(self.at, using: UnixTime.self, at: 2)
                        try writer.write(self.low, at: 3)
                        try writer.write(self.high, at: 4)
                        try writer.write(self.note, at: 5)
                        try writer.write(self.watched, at: 6)
                    }
                }
                """,
            macroSpecs: macros)
    }

    /// A type with its own `CodingKeys` keeps the Codable path for SQLite.swift's calls.
    func testCustomCodingKeepsTheCodablePath() {
        assertMacroExpansion(
            """
            @Table
            struct Tag: Codable {
                var name: String
                enum CodingKeys: String, CodingKey {
                    case name = "label"
                }
            }
            """,
            expandedSource: """
                struct Tag: Codable {
                    var name: String
                    enum CodingKeys: String, CodingKey {
                        case name = "label"
                    }
                }

                extension Tag: Slate.TableRecord {
                    static let tableName = "tags"
                    static let table = Slate.Table("tags")
                    struct Columns: Sendable {
                        let name = Slate.SQLExpression<String>("name")
                    }
                    static let columns = Columns()
                    static let columnNames: [String] = ["name"]
                    static var columnDefinitions: [Slate.ColumnDefinition] {
                        [
                            .recordColumn("name", String.self),
                        ]
                    }
                    static let primaryKeyColumn: String? = nil
                    static var codableUsesRecordColumns: Bool {
                        false
                    }
                    init(reading reader: borrowing Slate.RecordReader) throws(Slate.SQLiteError) {
                        self.name = try reader.read(String.self, at: 0)
                    }
                    func write(to writer: inout Slate.RecordWriter) throws(Slate.SQLiteError) {
                        try writer.write(self.name, at: 0)
                    }
                }
                """,
            macroSpecs: macros)
    }

    /// Keywords as property names are escaped; quotes in names are escaped in literals.
    func testEscaping() {
        assertMacroExpansion(
            """
            @Table("say \\"hi\\"")
            struct Note {
                var `default`: String
            }
            """,
            expandedSource: """
                struct Note {
                    var `default`: String
                }

                extension Note: Slate.TableRecord {
                    static let tableName = "say \\"hi\\""
                    static let table = Slate.Table("say \\"hi\\"")
                    struct Columns: Sendable {
                        let `default` = Slate.SQLExpression<String>("default")
                    }
                    static let columns = Columns()
                    static let columnNames: [String] = ["default"]
                    static var columnDefinitions: [Slate.ColumnDefinition] {
                        [
                            .recordColumn("default", String.self),
                        ]
                    }
                    static let primaryKeyColumn: String? = nil
                    init(reading reader: borrowing Slate.RecordReader) throws(Slate.SQLiteError) {
                        self.`default` = try reader.read(String.self, at: 0)
                    }
                    func write(to writer: inout Slate.RecordWriter) throws(Slate.SQLiteError) {
                        try writer.write(self.`default`, at: 0)
                    }
                }
                """,
            macroSpecs: macros)
    }
    /// `Type` and `Protocol` name a metatype after a dot (`self.Type`): as property names they
    /// are escaped wherever the expansion writes them.
    func testMetatypeWordsAsPropertyNames() {
        assertMacroExpansion(
            """
            @Table
            struct Part {
                var `Type`: String
                var `Protocol`: Int
            }
            """,
            expandedSource: """
                struct Part {
                    var `Type`: String
                    var `Protocol`: Int
                }

                extension Part: Slate.TableRecord {
                    static let tableName = "parts"
                    static let table = Slate.Table("parts")
                    struct Columns: Sendable {
                        let `Type` = Slate.SQLExpression<String>("Type")
                        let `Protocol` = Slate.SQLExpression<Int>("Protocol")
                    }
                    static let columns = Columns()
                    static let columnNames: [String] = ["Type", "Protocol"]
                    static var columnDefinitions: [Slate.ColumnDefinition] {
                        [
                            .recordColumn("Type", String.self),
                            .recordColumn("Protocol", Int.self),
                        ]
                    }
                    static let primaryKeyColumn: String? = nil
                    init(reading reader: borrowing Slate.RecordReader) throws(Slate.SQLiteError) {
                        self.`Type` = try reader.read(String.self, at: 0)
                        self.`Protocol` = try reader.read(Int.self, at: 1)
                    }
                    func write(to writer: inout Slate.RecordWriter) throws(Slate.SQLiteError) {
                        try writer.write(self.`Type`, at: 0)
                        try writer.write(self.`Protocol`, at: 1)
                    }
                }
                """,
            macroSpecs: macros)
    }
}
