import SwiftCompilerPlugin
import SlateMacroExpansions
import SwiftSyntaxMacros

/// The compiler plugin that expands `@Table`, `@Column` and `@Transient`.
@main
struct SlateMacrosPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [TableMacro.self, ColumnMacro.self, TransientMacro.self]
}
