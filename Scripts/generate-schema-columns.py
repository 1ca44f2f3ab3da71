#!/usr/bin/env python3
"""Generates the column-definition overloads of TableBuilder.column and SchemaType.addColumn
(Sources/Slate/Schema/Builder/Generated/ColumnOverloads.generated.swift).

SQLite.swift's column API is a grid: optional or not, `check` typed Bool or Bool?, default given as
a value or an expression, primary key, references, collation. Each cell is one Swift overload that
forwards to a single renderer (ColumnSpec); they are generated so the grid has no slips.
Run from the package root: python3 Scripts/generate-schema-columns.py
"""
import os

OUT = os.path.join(os.path.dirname(__file__), "..", "Sources", "Slate", "Schema", "Builder", "Generated", "ColumnOverloads.generated.swift")
E = "SQLExpression"

CHECKS = [
    (f"check: {E}<Bool>? = nil", "check"),
    (f"check: {E}<Bool?>", "check"),
]

PARAM_DOCS = {
    "name": "The column (its name and Swift type; a non-optional type adds `NOT NULL`).",
    "unique": "Whether to add a `UNIQUE` constraint.",
    "primaryKey": "The `PRIMARY KEY` constraint (`true`, or `.autoincrement` for an integer key).",
    "check": "A condition every row must satisfy (`CHECK (…)`).",
    "defaultValue": "The value used when an insert gives none (`DEFAULT …`).",
    "table": "The referenced table.",
    "other": "The referenced column.",
    "collate": "The collating sequence (`COLLATE \"NOCASE\"`).",
}


def variants(optional, add_column):
    """(generic clause, column type, params, where clause, spec arguments, doc params)."""
    col = f"{E}<V?>" if optional else f"{E}<V>"
    scol = f"{E}<String?>" if optional else f"{E}<String>"
    out = []
    for check, _ in CHECKS:
        unique = [] if add_column else ["unique: Bool = false"]
        u_arg = "false" if add_column else "unique"
        u_doc = [] if add_column else ["unique"]
        defaults = [(f"defaultValue: {E}<V>", "defaultValue")]
        if optional:
            defaults.append((f"defaultValue: {E}<V?>", "defaultValue"))
        defaults.append(("defaultValue: V? = nil", "defaultValue.map { SQLTemplate.value($0) }"))
        for param, arg in defaults:
            out.append(("<V: Value>", col, unique + [check, param], "",
                        f"unique: {u_arg}, check: check, defaultValue: {arg}", u_doc + ["check", "defaultValue"]))
        if not optional and not add_column:
            out.append(("<V: Value>", col, ["primaryKey: Bool", check, f"defaultValue: {E}<V>? = nil"], "",
                        "primaryKey: primaryKey ? .default : nil, check: check, defaultValue: defaultValue",
                        ["primaryKey", "check", "defaultValue"]))
            out.append(("<V: Value>", col, ["primaryKey: PrimaryKey", check], " where V.Datatype: FixedWidthInteger",
                        "primaryKey: primaryKey, check: check", ["primaryKey", "check"]))
        out.append(("<V: Value>", col, unique + [check, "references table: some QueryType", f"_ other: {E}<V>"], "",
                    f"unique: {u_arg}, check: check, references: (table, other)",
                    u_doc + ["check", "table", "other"]))
        for param, arg in [(f"defaultValue: {E}<String>", "defaultValue"),
                           ("defaultValue: String? = nil", "defaultValue.map { SQLTemplate.value($0) }")]:
            out.append(("", scol, unique + [check, param, "collate: Collation"], "",
                        f"unique: {u_arg}, check: check, defaultValue: {arg}, collate: collate",
                        u_doc + ["check", "defaultValue", "collate"]))
    return out


def render(func, optional, add_column):
    lines = []
    for generic, col, params, where, args, docs in variants(optional, add_column):
        sig_params = ", ".join([f"_ name: {col}"] + params)
        nullability = "nullable column" if optional else "column that cannot be `NULL`"
        if add_column:
            summary = f"    /// `ALTER TABLE … ADD COLUMN` for a {nullability}."
            returns = "    /// - Returns: The `ALTER TABLE` statement, for `db.run(_:)`."
            body = (f"        addColumn(ColumnSpec(name, type: {'V' if generic else 'String'}.declaredDatatype, "
                    f"notNull: {'false' if optional else 'true'}, {args}))")
            head = f"    public func {func}{generic}({sig_params}) -> String{where} {{"
        else:
            summary = f"    /// Adds a {nullability} to the table."
            returns = None
            body = (f"        definitions.append(ColumnSpec(name, type: {'V' if generic else 'String'}.declaredDatatype, "
                    f"notNull: {'false' if optional else 'true'}, {args}).sql)")
            head = f"    public func {func}{generic}({sig_params}){where} {{"
        lines.append(summary)
        lines.append("    ///")
        lines.append("    /// - Parameters:")
        for doc in ["name"] + docs:
            lines.append(f"    ///   - {doc}: {PARAM_DOCS[doc]}")
        if returns:
            lines.append(returns)
        lines.append(head)
        lines.append(body)
        lines.append("    }")
        lines.append("")
    return lines


def main():
    out = ["// Generated by Scripts/generate-schema-columns.py — edit the script, not this file.", ""]
    out.append("extension TableBuilder {")
    out += render("column", False, False)
    out += render("column", True, False)
    out[-1:] = ["}", ""]
    out.append("extension Table {")
    out += render("addColumn", False, True)
    out += render("addColumn", True, True)
    out[-1:] = ["}"]
    with open(OUT, "w") as f:
        f.write("\n".join(out) + "\n")


main()
