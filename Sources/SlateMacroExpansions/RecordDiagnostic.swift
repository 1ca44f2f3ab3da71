import SwiftDiagnostics

/// The errors `@Table` reports, each with its own identifier for tests and tools.
enum RecordDiagnostic: String {
    case notAStruct
    case genericType
    case missingTypeAnnotation
    case unstorableType
    case duplicateColumn
    case secondPrimaryKey
    case letWithInitialValue
    case transientWithoutValue
    case invalidArgument
    case patternBinding
    case lazyProperty

    var diagnosticID: MessageID { MessageID(domain: "SlateMacros", id: rawValue) }
}

/// A diagnostic with its text (the cases above name the kind; the text names the property).
struct RecordError: DiagnosticMessage {
    let kind: RecordDiagnostic
    let message: String

    var severity: DiagnosticSeverity { .error }
    var diagnosticID: MessageID { kind.diagnosticID }

    static func notAStruct(_ keyword: String) -> RecordError {
        RecordError(kind: .notAStruct, message: "@Table applies to a struct, not to \(article(keyword)) \(keyword)")
    }

    static func genericType(_ name: String) -> RecordError {
        RecordError(
            kind: .genericType,
            message: "@Table does not support generic types: '\(name)' needs one table per type; declare a non-generic struct")
    }

    static func missingTypeAnnotation(_ property: String) -> RecordError {
        RecordError(
            kind: .missingTypeAnnotation,
            message: "stored property '\(property)' needs a type annotation, from which @Table knows how to read and write it")
    }

    static func unstorableType(_ property: String, _ type: String) -> RecordError {
        RecordError(
            kind: .unstorableType,
            message: "property '\(property)' has type '\(type)', which Slate cannot store in a column; "
                + "mark it @Transient, or give it a storable type")
    }

    static func duplicateColumn(_ column: String, _ property: String, _ first: String) -> RecordError {
        RecordError(
            kind: .duplicateColumn,
            message: "property '\(property)' maps to column \"\(column)\", which property '\(first)' already uses; "
                + "give one of them another name with @Column(\"name\")")
    }

    static func secondPrimaryKey(_ property: String, _ first: String) -> RecordError {
        RecordError(
            kind: .secondPrimaryKey,
            message: "property '\(property)' is a second primary key ('\(first)' is the first); a record has one primary key")
    }

    static func letWithInitialValue(_ property: String) -> RecordError {
        RecordError(
            kind: .letWithInitialValue,
            message: "'let \(property)' has an initial value, so a row cannot set it; make it 'var', or mark it @Transient")
    }

    static func transientWithoutValue(_ property: String) -> RecordError {
        RecordError(
            kind: .transientWithoutValue,
            message: "@Transient property '\(property)' needs an initial value, which records read from the database keep")
    }

    static func patternBinding(_ pattern: String, example: String) -> RecordError {
        RecordError(
            kind: .patternBinding,
            message: "stored property '\(pattern)' declares its names with a pattern, which @Table cannot make columns of; "
                + "declare each property on its own (\(example)), or mark it @Transient")
    }

    static func lazyProperty(_ property: String) -> RecordError {
        RecordError(
            kind: .lazyProperty,
            message: "'lazy var \(property)' cannot be a column: reading a lazy property changes the record, "
                + "which a record's write cannot do; mark it @Transient, or make it a plain 'var'")
    }

    static func invalidArgument(_ description: String) -> RecordError {
        RecordError(kind: .invalidArgument, message: description)
    }

    private static func article(_ word: String) -> String {
        "aeiou".contains(word.first ?? "x") ? "an" : "a"
    }
}

/// The text of a fix-it.
struct RecordFixIt: FixItMessage {
    let message: String
    var fixItID: MessageID { MessageID(domain: "SlateMacros", id: message) }
}
