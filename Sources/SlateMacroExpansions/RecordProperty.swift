import SwiftDiagnostics
import SwiftSyntax

/// A stored property of a `@Table` struct that is a column, as the macro reads it.
struct RecordProperty {
    /// The property's name, as written (backticks removed).
    let name: String
    /// The column's name: `@Column("name")`, or the property's.
    let column: String
    /// The property's type, as written (an implicitly unwrapped `T!` is given as `T?`).
    let type: String
    /// Whether the type is optional (`T?`, `T!`, `Optional<T>`).
    let isOptional: Bool
    /// `@Column(as: R.self)`'s representation type, as written.
    let representation: String?
    /// Whether it is the primary key.
    let isPrimaryKey: Bool
    /// Where to point diagnostics about it.
    let node: Syntax
    /// The `primaryKey:` argument, for the fix-it that removes a second key.
    let primaryKeyArgument: LabeledExprSyntax?
}

/// Reads the columns of a struct's stored properties, diagnosing what cannot be stored.
struct RecordPropertyReader {
    private(set) var properties: [RecordProperty] = []
    private(set) var diagnostics: [Diagnostic] = []

    /// Reads every stored instance property of the members.
    mutating func read(_ members: MemberBlockItemListSyntax) {
        for member in members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            read(variable)
        }
        checkColumnsAndKeys()
    }

    private mutating func read(_ variable: VariableDeclSyntax) {
        let isStatic = variable.modifiers.contains { ["static", "class"].contains($0.name.text) }
        guard !isStatic else { return }
        let transient = attribute(named: "Transient", in: variable.attributes)
        let column = attribute(named: "Column", in: variable.attributes)
        let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
        let isLazy = variable.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
        let bindings = Array(variable.bindings)
        for (offset, binding) in bindings.enumerated() {
            guard isStored(binding) else { continue }
            guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self) else {
                if transient == nil { diagnosePattern(binding.pattern, of: variable) }
                continue
            }
            let name = identifier.identifier.text.filter { $0 != "`" }
            if isLazy, transient == nil {
                diagnostics.append(
                    Diagnostic(node: Syntax(binding), message: RecordError.lazyProperty(name), fixIts: [transientFixIt(variable)]))
                continue
            }
            if transient != nil {
                // Optionals start as nil; anything else needs a value for the records read.
                let type = binding.typeAnnotation?.type ?? bindings[offset...].lazy.compactMap(\.typeAnnotation).first?.type
                if binding.initializer == nil, !(type.map(Self.isOptional) ?? false) {
                    diagnostics.append(Diagnostic(node: Syntax(binding), message: RecordError.transientWithoutValue(name)))
                }
                continue
            }
            if isLet, binding.initializer != nil {
                diagnostics.append(
                    Diagnostic(
                        node: Syntax(binding), message: RecordError.letWithInitialValue(name),
                        fixIts: [
                            FixIt(
                                message: RecordFixIt(message: "make it 'var'"),
                                changes: [
                                    .replace(
                                        oldNode: Syntax(variable.bindingSpecifier),
                                        newNode: Syntax(variable.bindingSpecifier.with(\.tokenKind, .keyword(.var))))
                                ]),
                            transientFixIt(variable)
                        ]))
                continue
            }
            // `var a, b: Int`: the annotation of a later binding gives the type of the earlier ones.
            guard let type = binding.typeAnnotation?.type ?? bindings[offset...].lazy.compactMap(\.typeAnnotation).first?.type
            else {
                diagnostics.append(
                    Diagnostic(node: Syntax(binding), message: RecordError.missingTypeAnnotation(name)))
                continue
            }
            let representation = column.flatMap { argument(labeled: "as", in: $0) }.map(Self.metatypeBase)
            if representation == nil, let unstorable = Self.unstorableReason(type) {
                diagnostics.append(
                    Diagnostic(
                        node: Syntax(type), message: RecordError.unstorableType(name, unstorable),
                        fixIts: [transientFixIt(variable)]))
                continue
            }
            let primaryKeyArgument = column.flatMap { labeledArgument("primaryKey", in: $0) }
            let primaryKeyLiteral = primaryKeyArgument?.expression.as(BooleanLiteralExprSyntax.self)
            if let primaryKeyArgument, primaryKeyLiteral == nil {
                diagnostics.append(
                    Diagnostic(
                        node: Syntax(primaryKeyArgument.expression),
                        message: RecordError.invalidArgument("@Column's primaryKey must be the literal true or false")))
                continue
            }
            let isPrimaryKey = primaryKeyLiteral?.literal.tokenKind == .keyword(.true)
            var columnName: String?
            if let column {
                switch explicitColumnName(column) {
                case .invalid(let diagnostic):
                    diagnostics.append(diagnostic)
                    continue
                case .named(let name): columnName = name
                case .absent: break
                }
            }
            properties.append(
                RecordProperty(
                    name: name, column: columnName ?? name, type: Self.spelled(type),
                    isOptional: Self.isOptional(type), representation: representation, isPrimaryKey: isPrimaryKey,
                    node: Syntax(binding), primaryKeyArgument: isPrimaryKey ? primaryKeyArgument : nil))
        }
    }

    /// Two properties on one column, and a second primary key.
    private mutating func checkColumnsAndKeys() {
        var firstByColumn: [String: String] = [:]
        var firstKey: String?
        for property in properties {
            if let first = firstByColumn[property.column.lowercased()] {
                diagnostics.append(
                    Diagnostic(node: property.node, message: RecordError.duplicateColumn(property.column, property.name, first)))
            } else {
                firstByColumn[property.column.lowercased()] = property.name
            }
            guard property.isPrimaryKey else { continue }
            if let firstKey, let argument = property.primaryKeyArgument {
                diagnostics.append(
                    Diagnostic(
                        node: Syntax(argument), message: RecordError.secondPrimaryKey(property.name, firstKey),
                        fixIts: [
                            FixIt(
                                message: RecordFixIt(message: "remove 'primaryKey: true'"),
                                changes: [
                                    .replace(
                                        oldNode: Syntax(argument.expression),
                                        newNode: Syntax(BooleanLiteralExprSyntax(literal: .keyword(.false))))
                                ])
                        ]))
            } else if firstKey == nil {
                firstKey = property.name
            }
        }
    }

    /// The fix-it that marks a property `@Transient`.
    private func transientFixIt(_ variable: VariableDeclSyntax) -> FixIt {
        // The attribute goes first and takes the declaration's leading trivia (its line break
        // and indentation), so the declaration keeps its place.
        let attribute = AttributeSyntax(
            leadingTrivia: variable.leadingTrivia, atSign: .atSignToken(),
            attributeName: IdentifierTypeSyntax(name: .identifier("Transient")), trailingTrivia: .space)
        var marked = variable
        marked.leadingTrivia = []
        marked.attributes.insert(.attribute(attribute), at: marked.attributes.startIndex)
        return FixIt(
            message: RecordFixIt(message: "mark it @Transient"),
            changes: [.replace(oldNode: Syntax(variable), newNode: Syntax(marked))])
    }

    // MARK: Reading the syntax

    /// Whether a binding is stored: no accessors, or only `willSet`/`didSet` observers.
    private func isStored(_ binding: PatternBindingSyntax) -> Bool {
        guard let accessors = binding.accessorBlock?.accessors else { return true }
        switch accessors {
        case .getter: return false
        case .accessors(let list):
            return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }

    private func attribute(named name: String, in attributes: AttributeListSyntax) -> AttributeSyntax? {
        for element in attributes {
            guard case .attribute(let attribute) = element else { continue }
            let attributeName = attribute.attributeName.trimmedDescription
            if attributeName == name || attributeName == "SlateMacros." + name { return attribute }
        }
        return nil
    }

    private func arguments(of attribute: AttributeSyntax) -> LabeledExprListSyntax {
        attribute.arguments?.as(LabeledExprListSyntax.self) ?? []
    }

    private func labeledArgument(_ label: String, in attribute: AttributeSyntax) -> LabeledExprSyntax? {
        arguments(of: attribute).first { $0.label?.text == label }
    }

    private func argument(labeled label: String, in attribute: AttributeSyntax) -> ExprSyntax? {
        labeledArgument(label, in: attribute)?.expression
    }

    /// What `@Column`'s first, unlabeled argument says of the column's name.
    private enum ColumnNameArgument {
        /// No name (or `nil`): the property's.
        case absent
        case named(String)
        /// Not a plain, non-empty string literal.
        case invalid(Diagnostic)
    }

    /// `@Column("name")`'s first, unlabeled argument.
    private func explicitColumnName(_ attribute: AttributeSyntax) -> ColumnNameArgument {
        guard let first = arguments(of: attribute).first, first.label == nil,
            !first.expression.is(NilLiteralExprSyntax.self)
        else { return .absent }
        let problem: String
        if let name = first.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue {
            guard name.isEmpty else { return .named(name) }
            problem = "@Column's column name must not be empty"
        } else {
            problem = "@Column's column name must be a string literal"
        }
        return .invalid(Diagnostic(node: Syntax(first.expression), message: RecordError.invalidArgument(problem)))
    }

    /// `var (a, b) = …`: no column can be named after a pattern; each name must be a property
    /// of its own.
    private mutating func diagnosePattern(_ pattern: PatternSyntax, of variable: VariableDeclSyntax) {
        let names = pattern.tokens(viewMode: .sourceAccurate).filter {
            if case .identifier = $0.tokenKind { return true }
            return false
        }
        let keyword = variable.bindingSpecifier.text
        let example = names.map { "'\(keyword) \($0.text)'" }.joined(separator: ", ")
        diagnostics.append(
            Diagnostic(
                node: Syntax(pattern), message: RecordError.patternBinding(pattern.trimmedDescription, example: example),
                fixIts: [transientFixIt(variable)]))
    }

    /// `JSONColumn<[String]>` from `JSONColumn<[String]>.self`.
    static func metatypeBase(_ expression: ExprSyntax) -> String {
        if let member = expression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "self",
            let base = member.base
        {
            return base.trimmedDescription
        }
        return expression.trimmedDescription
    }

    static func isOptional(_ type: TypeSyntax) -> Bool {
        if type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return true }
        if let identifier = type.as(IdentifierTypeSyntax.self) {
            return identifier.name.text == "Optional" && identifier.genericArgumentClause != nil
        }
        if let member = type.as(MemberTypeSyntax.self) {
            return member.name.text == "Optional" && member.baseType.trimmedDescription == "Swift"
        }
        return false
    }

    /// The type as generated code spells it: `T!` becomes `T?` (a metatype of `T!` is not
    /// valid Swift), attributes and trivia are dropped.
    static func spelled(_ type: TypeSyntax) -> String {
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return unwrapped.wrappedType.trimmedDescription + "?"
        }
        return type.trimmedDescription
    }

    /// Why no column can hold a value of `type`, or `nil` when it may be storable (the type
    /// checker decides the rest: `RecordReader.read` has no overload for other types).
    static func unstorableReason(_ type: TypeSyntax) -> String? {
        let written = type.trimmedDescription
        if let optional = type.as(OptionalTypeSyntax.self) { return unstorableReason(optional.wrappedType).map { _ in written } }
        if let optional = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return unstorableReason(optional.wrappedType).map { _ in written }
        }
        if let attributed = type.as(AttributedTypeSyntax.self) { return unstorableReason(attributed.baseType).map { _ in written } }
        if let tuple = type.as(TupleTypeSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first,
            only.firstName == nil
        {
            return unstorableReason(only.type).map { _ in written }
        }
        if type.is(FunctionTypeSyntax.self) || type.is(TupleTypeSyntax.self) || type.is(MetatypeTypeSyntax.self)
            || type.is(CompositionTypeSyntax.self)
        {
            return written
        }
        if let someOrAny = type.as(SomeOrAnyTypeSyntax.self), someOrAny.someOrAnySpecifier.tokenKind == .keyword(.any) {
            return written
        }
        if let identifier = type.as(IdentifierTypeSyntax.self),
            ["Any", "AnyObject", "Void", "Never", "AnyClass"].contains(identifier.name.text)
        {
            return written
        }
        return nil
    }
}
