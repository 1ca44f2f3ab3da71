import SlateMacroExpansions
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosTestSupport
import XCTest

/// Every compile-time error of `@Table`, with its fix-it where one exists, checked with
/// swift-syntax's `assertMacroExpansion`.
final class TableMacroDiagnosticTests: XCTestCase {
    let macros = tableMacros

    func testClassIsRefusedWithAFixIt() {
        assertMacroExpansion(
            """
            @Table
            class Player {
                var id: Int64 = 0
            }
            """,
            expandedSource: """
                class Player {
                    var id: Int64 = 0
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Table applies to a struct, not to a class", line: 2, column: 1,
                    fixIts: [FixItSpec(message: "make it a struct")])
            ],
            macroSpecs: macros,
            fixedSource: """
                @Table
                struct Player {
                    var id: Int64 = 0
                }
                """)
    }

    func testEnumIsRefused() {
        assertMacroExpansion(
            """
            @Table
            enum Kind {
                case a
            }
            """,
            expandedSource: """
                enum Kind {
                    case a
                }
                """,
            diagnostics: [DiagnosticSpec(message: "@Table applies to a struct, not to an enum", line: 2, column: 1)],
            macroSpecs: macros)
    }

    func testUnstorableTypeIsRefusedWithAFixIt() {
        assertMacroExpansion(
            """
            @Table
            struct Job {
                var id: Int64
                var onDone: () -> Void
            }
            """,
            expandedSource: """
                struct Job {
                    var id: Int64
                    var onDone: () -> Void
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "property 'onDone' has type '() -> Void', which Slate cannot store in a column; "
                        + "mark it @Transient, or give it a storable type",
                    line: 4, column: 17, fixIts: [FixItSpec(message: "mark it @Transient")])
            ],
            macroSpecs: macros,
            fixedSource: """
                @Table
                struct Job {
                    var id: Int64
                    @Transient var onDone: () -> Void
                }
                """)
    }

    func testExistentialsAndTuplesAreRefused() {
        assertMacroExpansion(
            """
            @Table
            struct Bag {
                var anything: Any
                var pair: (Int, Int)?
                var shape: any Equatable
            }
            """,
            expandedSource: """
                struct Bag {
                    var anything: Any
                    var pair: (Int, Int)?
                    var shape: any Equatable
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "property 'anything' has type 'Any', which Slate cannot store in a column; "
                        + "mark it @Transient, or give it a storable type",
                    line: 3, column: 19, fixIts: [FixItSpec(message: "mark it @Transient")]),
                DiagnosticSpec(
                    message: "property 'pair' has type '(Int, Int)?', which Slate cannot store in a column; "
                        + "mark it @Transient, or give it a storable type",
                    line: 4, column: 15, fixIts: [FixItSpec(message: "mark it @Transient")]),
                DiagnosticSpec(
                    message: "property 'shape' has type 'any Equatable', which Slate cannot store in a column; "
                        + "mark it @Transient, or give it a storable type",
                    line: 5, column: 16, fixIts: [FixItSpec(message: "mark it @Transient")])
            ],
            macroSpecs: macros)
    }

    func testTwoPropertiesOnOneColumnAreRefused() {
        assertMacroExpansion(
            """
            @Table
            struct Player {
                var name: String
                @Column("name") var displayName: String
            }
            """,
            expandedSource: """
                struct Player {
                    var name: String
                    var displayName: String
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "property 'displayName' maps to column \"name\", which property 'name' already uses; "
                        + "give one of them another name with @Column(\"name\")",
                    line: 4, column: 25)
            ],
            macroSpecs: macros)
    }

    func testSecondPrimaryKeyIsRefusedWithAFixIt() {
        assertMacroExpansion(
            """
            @Table
            struct Pair {
                @Column(primaryKey: true) var a: Int64
                @Column(primaryKey: true) var b: Int64
            }
            """,
            expandedSource: """
                struct Pair {
                    var a: Int64
                    var b: Int64
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "property 'b' is a second primary key ('a' is the first); a record has one primary key",
                    line: 4, column: 13, fixIts: [FixItSpec(message: "remove 'primaryKey: true'")])
            ],
            macroSpecs: macros,
            fixedSource: """
                @Table
                struct Pair {
                    @Column(primaryKey: true) var a: Int64
                    @Column(primaryKey: false) var b: Int64
                }
                """)
    }

    func testMissingTypeAnnotationIsRefused() {
        assertMacroExpansion(
            """
            @Table
            struct Counter {
                var count = 0
            }
            """,
            expandedSource: """
                struct Counter {
                    var count = 0
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "stored property 'count' needs a type annotation, from which @Table knows how to read and write it",
                    line: 3, column: 9)
            ],
            macroSpecs: macros)
    }

    func testLetWithInitialValueIsRefusedWithFixIts() {
        assertMacroExpansion(
            """
            @Table
            struct Version {
                let number: Int64 = 1
            }
            """,
            expandedSource: """
                struct Version {
                    let number: Int64 = 1
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'let number' has an initial value, so a row cannot set it; make it 'var', or mark it @Transient",
                    line: 3, column: 9,
                    fixIts: [FixItSpec(message: "make it 'var'"), FixItSpec(message: "mark it @Transient")])
            ],
            macroSpecs: macros,
            applyFixIts: ["make it 'var'"],
            fixedSource: """
                @Table
                struct Version {
                    var number: Int64 = 1
                }
                """)
    }

    func testTransientWithoutValueIsRefused() {
        assertMacroExpansion(
            """
            @Table
            struct Row {
                var id: Int64
                @Transient var cache: [Int]
                @Transient var note: String?
            }
            """,
            expandedSource: """
                struct Row {
                    var id: Int64
                    var cache: [Int]
                    var note: String?
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Transient property 'cache' needs an initial value, which records read from the database keep",
                    line: 4, column: 20)
            ],
            macroSpecs: macros)
    }

    func testGenericTypeIsRefused() {
        assertMacroExpansion(
            """
            @Table
            struct Box<Value> {
                var id: Int64
            }
            """,
            expandedSource: """
                struct Box<Value> {
                    var id: Int64
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Table does not support generic types: 'Box' needs one table per type; declare a non-generic struct",
                    line: 2, column: 11)
            ],
            macroSpecs: macros)
    }

    func testTableNameMustBeALiteral() {
        assertMacroExpansion(
            """
            @Table(name)
            struct Player {
                var id: Int64
            }
            """,
            expandedSource: """
                struct Player {
                    var id: Int64
                }
                """,
            diagnostics: [DiagnosticSpec(message: "@Table's table name must be a string literal", line: 1, column: 1)],
            macroSpecs: macros)
    }
    func testEmptyTableNameIsRefused() {
        assertMacroExpansion(
            """
            @Table("")
            struct Player {
                var id: Int64
            }
            """,
            expandedSource: """
                struct Player {
                    var id: Int64
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "@Table's table name must not be empty; omit it to derive one from the type's name", line: 1, column: 8)
            ],
            macroSpecs: macros)
    }

    func testTuplePatternIsRefused() {
        assertMacroExpansion(
            """
            @Table
            struct Pair {
                var id: Int64
                var (c, d) = (1, 2)
                @Transient var (e, f) = (3, 4)
            }
            """,
            expandedSource: """
                struct Pair {
                    var id: Int64
                    var (c, d) = (1, 2)
                    var (e, f) = (3, 4)
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "stored property '(c, d)' declares its names with a pattern, which @Table cannot make columns of; "
                        + "declare each property on its own ('var c', 'var d'), or mark it @Transient",
                    line: 4, column: 9, fixIts: [FixItSpec(message: "mark it @Transient")])
            ],
            macroSpecs: macros)
    }

    func testNonLiteralColumnArgumentsAreRefused() {
        assertMacroExpansion(
            """
            @Table
            struct Player {
                @Column(primaryKey: flag) var id: Int64
                @Column(name) var label: String
                @Column("") var other: String
            }
            """,
            expandedSource: """
                struct Player {
                    var id: Int64
                    var label: String
                    var other: String
                }
                """,
            diagnostics: [
                DiagnosticSpec(message: "@Column's primaryKey must be the literal true or false", line: 3, column: 25),
                DiagnosticSpec(message: "@Column's column name must be a string literal", line: 4, column: 13),
                DiagnosticSpec(message: "@Column's column name must not be empty", line: 5, column: 13)
            ],
            macroSpecs: macros)
    }

    func testLazyPropertyIsRefusedWithAFixIt() {
        assertMacroExpansion(
            """
            @Table
            struct Player {
                var id: Int64
                lazy var summary: String = "x"
            }
            """,
            expandedSource: """
                struct Player {
                    var id: Int64
                    lazy var summary: String = "x"
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'lazy var summary' cannot be a column: reading a lazy property changes the record, "
                        + "which a record's write cannot do; mark it @Transient, or make it a plain 'var'",
                    line: 4, column: 14, fixIts: [FixItSpec(message: "mark it @Transient")])
            ],
            macroSpecs: macros,
            fixedSource: """
                @Table
                struct Player {
                    var id: Int64
                    @Transient lazy var summary: String = "x"
                }
                """)
    }
}
