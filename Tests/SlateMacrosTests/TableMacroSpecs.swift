import SlateMacroExpansions
import SwiftSyntaxMacroExpansion

/// The macros `@Table` expands with, as `assertMacroExpansion` takes them: the expansion and
/// diagnostic tests use the same ones.
let tableMacros: [String: MacroSpec] = [
    "Table": MacroSpec(type: TableMacro.self, conformances: ["TableRecord"]),
    "Column": MacroSpec(type: ColumnMacro.self),
    "Transient": MacroSpec(type: TransientMacro.self)
]
