import SlateMacroExpansions
import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// The compiler plugin that expands `@Table`, `@Column` and `@Transient`.
///
/// The compiler finds a macro by its module and type name (`SlateMacrosPlugin.TableMacro`), so
/// each macro has a type here that hands its expansion to `SlateMacroExpansions`, where the
/// expansions live (a plain library, which their tests import).
@main
struct SlateMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [TableMacro.self, ColumnMacro.self, TransientMacro.self]
}

/// `@Table`: see `SlateMacroExpansions.TableMacro`.
public enum TableMacro: ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        try SlateMacroExpansions.TableMacro.expansion(
            of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols, in: context)
    }
}

/// `@Column`: a marker that `@Table` reads.
public enum ColumnMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try SlateMacroExpansions.ColumnMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}

/// `@Transient`: a marker that `@Table` reads.
public enum TransientMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        try SlateMacroExpansions.TransientMacro.expansion(of: node, providingPeersOf: declaration, in: context)
    }
}
