import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Table`: a struct's `TableRecord` conformance, written from its stored properties.
///
/// Everything goes in an extension, so the struct keeps its memberwise initializer. Names in the
/// generated code are qualified (`Slate.SQLExpression`), so a user's type of the same name does
/// not capture them.
public struct TableMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard let structure = declaration.as(StructDeclSyntax.self) else {
            diagnoseNotAStruct(declaration, in: context)
            return []
        }
        if structure.genericParameterClause != nil {
            context.diagnose(
                Diagnostic(
                    node: Syntax(structure.genericParameterClause ?? GenericParameterClauseSyntax(parameters: [])),
                    message: RecordError.genericType(structure.name.text)))
            return []
        }
        var reader = RecordPropertyReader()
        reader.read(structure.memberBlock.members)
        for diagnostic in reader.diagnostics { context.diagnose(diagnostic) }
        guard reader.diagnostics.isEmpty else { return [] }

        let tableName: String
        switch explicitTableName(node) {
        case .some(.some(let name)) where name.isEmpty:
            let argument = node.arguments?.as(LabeledExprListSyntax.self)?.first.map { Syntax($0.expression) }
            context.diagnose(
                Diagnostic(
                    node: argument ?? Syntax(node),
                    message: RecordError.invalidArgument(
                        "@Table's table name must not be empty; omit it to derive one from the type's name")))
            return []
        case .some(.some(let name)): tableName = name
        case .some(.none):
            context.diagnose(
                Diagnostic(
                    node: Syntax(node),
                    message: RecordError.invalidArgument("@Table's table name must be a string literal")))
            return []
        case .none: tableName = TableName.derived(from: structure.name.text)
        }
        let access = accessModifier(of: structure)
        let conformance = protocols.isEmpty ? "" : ": Slate.TableRecord"
        let source = RecordSource(
            properties: reader.properties, tableName: tableName, access: access,
            customizesCoding: customizesCoding(structure.memberBlock.members))
        let extensionDecl = try ExtensionDeclSyntax(
            "extension \(type.trimmed)\(raw: conformance) {\n\(raw: source.members)\n}")
        return [extensionDecl]
    }

    /// `@Table` on a class, an enum, an actor or a protocol: an error, with a fix-it for a class.
    private static func diagnoseNotAStruct(_ declaration: some DeclGroupSyntax, in context: some MacroExpansionContext) {
        let keyword: TokenSyntax
        if let decl = declaration.as(ClassDeclSyntax.self) {
            keyword = decl.classKeyword
        } else if let decl = declaration.as(EnumDeclSyntax.self) {
            keyword = decl.enumKeyword
        } else if let decl = declaration.as(ActorDeclSyntax.self) {
            keyword = decl.actorKeyword
        } else if let decl = declaration.as(ProtocolDeclSyntax.self) {
            keyword = decl.protocolKeyword
        } else if let decl = declaration.as(ExtensionDeclSyntax.self) {
            keyword = decl.extensionKeyword
        } else {
            return
        }
        // A class becomes a struct by its keyword alone (its stored properties stay); an enum,
        // an actor or a protocol does not, so they get no fix-it.
        let fixIts: [FixIt] =
            declaration.is(ClassDeclSyntax.self)
            ? [
                FixIt(
                    message: RecordFixIt(message: "make it a struct"),
                    changes: [.replace(oldNode: Syntax(keyword), newNode: Syntax(keyword.with(\.tokenKind, .keyword(.struct))))])
            ] : []
        context.diagnose(Diagnostic(node: Syntax(keyword), message: RecordError.notAStruct(keyword.text), fixIts: fixIts))
    }

    /// `@Table("name")`: `.some(name)`; `.some(nil)` when the argument is not a plain string
    /// literal; `nil` when there is no argument.
    private static func explicitTableName(_ node: AttributeSyntax) -> String?? {
        guard let first = node.arguments?.as(LabeledExprListSyntax.self)?.first else { return nil }
        if first.expression.is(NilLiteralExprSyntax.self) { return nil }
        guard let name = first.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue else { return .some(nil) }
        return .some(name)
    }

    /// `public ` or `package ` when the struct is, so that its conformance's members are too.
    private static func accessModifier(of structure: StructDeclSyntax) -> String {
        for modifier in structure.modifiers {
            switch modifier.name.tokenKind {
            case .keyword(.public), .keyword(.open): return "public "
            case .keyword(.package): return "package "
            default: continue
            }
        }
        return ""
    }

    /// Whether the struct writes its own `CodingKeys`, `init(from:)` or `encode(to:)`, whose
    /// columns the macro cannot know.
    private static func customizesCoding(_ members: MemberBlockItemListSyntax) -> Bool {
        for member in members {
            let decl = member.decl
            if let nested = decl.as(EnumDeclSyntax.self), nested.name.text == "CodingKeys" { return true }
            if let nested = decl.as(StructDeclSyntax.self), nested.name.text == "CodingKeys" { return true }
            if let alias = decl.as(TypeAliasDeclSyntax.self), alias.name.text == "CodingKeys" { return true }
            if let function = decl.as(FunctionDeclSyntax.self), function.name.text == "encode",
                function.signature.parameterClause.parameters.first?.firstName.text == "to"
            {
                return true
            }
            if let initializer = decl.as(InitializerDeclSyntax.self),
                initializer.signature.parameterClause.parameters.first?.firstName.text == "from"
            {
                return true
            }
        }
        return false
    }
}

/// The Swift source of a record's generated members.
struct RecordSource {
    let properties: [RecordProperty]
    let tableName: String
    let access: String
    let customizesCoding: Bool

    var members: String {
        var lines: [String] = []
        lines.append("\(access)static let tableName = \(literal(tableName))")
        lines.append("\(access)static let table = Slate.Table(\(literal(tableName)))")
        lines.append("\(access)struct Columns: Sendable {")
        for property in properties {
            lines.append(
                "    \(access)let \(identifier(property.name)) = Slate.SQLExpression<\(property.type)>(\(literal(property.column)))")
        }
        lines.append("}")
        lines.append("\(access)static let columns = Columns()")
        lines.append("\(access)static let columnNames: [String] = [\(properties.map { literal($0.column) }.joined(separator: ", "))]")
        lines.append("\(access)static var columnDefinitions: [Slate.ColumnDefinition] {")
        lines.append("    [")
        for property in properties { lines.append("        \(definition(property)),") }
        lines.append("    ]")
        lines.append("}")
        let key = properties.first(where: \.isPrimaryKey).map { literal($0.column) } ?? "nil"
        lines.append("\(access)static let primaryKeyColumn: String? = \(key)")
        if customizesCoding {
            lines.append("\(access)static var codableUsesRecordColumns: Bool { false }")
        }
        lines.append("\(access)init(reading reader: borrowing Slate.RecordReader) throws(Slate.SQLiteError) {")
        for (position, property) in properties.enumerated() {
            lines.append("    self.\(identifier(property.name)) = try \(read(property, at: position))")
        }
        lines.append("}")
        lines.append("\(access)func write(to writer: inout Slate.RecordWriter) throws(Slate.SQLiteError) {")
        for (position, property) in properties.enumerated() { lines.append("    try \(write(property, at: position))") }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    private func definition(_ property: RecordProperty) -> String {
        let key = property.isPrimaryKey ? ", primaryKey: true" : ""
        if let representation = property.representation {
            return ".recordColumn(\(literal(property.column)), representation: \(representation).self, optional: \(property.isOptional)\(key))"
        }
        return ".recordColumn(\(literal(property.column)), \(property.type).self\(key))"
    }

    private func read(_ property: RecordProperty, at position: Int) -> String {
        if let representation = property.representation {
            return property.isOptional
                ? "reader.readOptional(using: \(representation).self, at: \(position))"
                : "reader.read(using: \(representation).self, at: \(position))"
        }
        return "reader.read(\(property.type).self, at: \(position))"
    }

    private func write(_ property: RecordProperty, at position: Int) -> String {
        let value = "self.\(identifier(property.name))"
        if let representation = property.representation {
            return property.isOptional
                ? "writer.writeOptional(\(value), using: \(representation).self, at: \(position))"
                : "writer.write(\(value), using: \(representation).self, at: \(position))"
        }
        return "writer.write(\(value), at: \(position))"
    }

    /// A Swift string literal.
    private func literal(_ text: String) -> String {
        var escaped = "\""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            default: escaped.append(character)
            }
        }
        return escaped + "\""
    }

    /// A property name as an identifier, in backticks when it is a keyword.
    private func identifier(_ name: String) -> String {
        Self.keywords.contains(name) ? "`\(name)`" : name
    }

    private static let keywords: Set<String> = [
        "default", "class", "struct", "enum", "protocol", "func", "var", "let", "in", "for", "while", "if", "else",
        "return", "switch", "case", "where", "import", "static", "self", "Self", "init", "deinit", "subscript",
        "operator", "extension", "typealias", "internal", "private", "public", "fileprivate", "is", "as", "try",
        "throw", "throws", "repeat", "do", "catch", "defer", "guard", "break", "continue", "fallthrough", "nil",
        "true", "false", "super", "associatedtype", "inout", "rethrows", "Any",
        // After a dot these name a metatype (`self.Type`), and `let Type` is refused.
        "Type", "Protocol"
    ]
}
