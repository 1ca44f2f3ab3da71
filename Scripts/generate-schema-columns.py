#!/usr/bin/env python3
"""Generates the column-definition overloads of TableBuilder.column and SchemaType.addColumn
(Sources/Slate/Schema/Builder/Generated/ColumnOverloads.generated.swift).

SQLite.swift's column API is a grid: optional or not, `check` typed Bool or Bool?, default given as
a value or an expression, primary key, references, collation. Each cell is one Swift overload that
forwards to a single renderer (ColumnDefinition); they are generated so the grid has no slips.
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
    "collate": "The collating sequence (`COLLATE NOCASE`).",
}


def variants(optional, add_column):
    """(generic clause, column type, params, where clause, spec arguments, doc params, example kind,
    check parameter)."""
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
        kinds = ["default-expression", "default-optional-expression", "default-value"] if optional else \
            ["default-expression", "default-value"]
        for (param, arg), kind in zip(defaults, kinds):
            out.append(("<V: Value>", col, unique + [check, param], "",
                        f"unique: {u_arg}, check: check, defaultValue: {arg}", u_doc + ["check", "defaultValue"],
                        kind, check))
        if not optional and not add_column:
            out.append(("<V: Value>", col, ["primaryKey: Bool", check, f"defaultValue: {E}<V>? = nil"], "",
                        "primaryKey: primaryKey ? .default : nil, check: check, defaultValue: defaultValue",
                        ["primaryKey", "check", "defaultValue"], "primary-key", check))
            out.append(("<V: Value>", col, ["primaryKey: PrimaryKey", check], " where V.Datatype: FixedWidthInteger",
                        "primaryKey: primaryKey, check: check", ["primaryKey", "check"], "autoincrement", check))
        # `ALTER TABLE … ADD COLUMN … REFERENCES` takes `unique` too, as SQLite.swift's does.
        out.append(("<V: Value>", col, ["unique: Bool = false", check, "references table: some QueryType",
                                         f"_ other: {E}<V>"], "",
                    "unique: unique, check: check, references: (table, other)",
                    ["unique", "check", "table", "other"], "references", check))
        if not add_column:
            # A key that references another table's column: SQLite.swift's
            # `column(_:primaryKey:check:references:_:)`, for a column of either optionality.
            out.append(("<V: Value>", col, ["primaryKey: Bool", check, "references table: some QueryType",
                                             f"_ other: {E}<V>"], "",
                        "primaryKey: primaryKey ? .default : nil, check: check, references: (table, other)",
                        ["primaryKey", "check", "table", "other"], "primary-key-references", check))
        collates = [(f"defaultValue: {E}<String>", "defaultValue", "collate-expression"),
                    ("defaultValue: String? = nil", "defaultValue.map { SQLTemplate.value($0) }", "collate-value")]
        if optional and not add_column:
            # A nullable text column's default may be a nullable expression (SQLite.swift's overload).
            collates.insert(1, (f"defaultValue: {E}<String?>", "defaultValue", "collate-optional-expression"))
        for param, arg, kind in collates:
            out.append(("", scol, unique + [check, param, "collate: Collation"], "",
                        f"unique: {u_arg}, check: check, defaultValue: {arg}, collate: collate",
                        u_doc + ["check", "defaultValue", "collate"], kind, check))
    return out


# What each overload is for, and an example of the SQL it renders: (summary, Swift, SQL) for a
# column that cannot be NULL, then for a nullable one. `{call}` is `t.column` or `users.addColumn`.
EXAMPLES = {
    "default-expression": (
        "with a default computed by SQL",
        ('{call}(created, defaultValue: SQLExpression<String>(literal: "CURRENT_TIMESTAMP"))',
         '"created" TEXT NOT NULL DEFAULT (CURRENT_TIMESTAMP)', "created: SQLExpression<String>"),
        ('{call}(created, defaultValue: SQLExpression<String>(literal: "CURRENT_TIMESTAMP"))',
         '"created" TEXT DEFAULT (CURRENT_TIMESTAMP)', "created: SQLExpression<String?>")),
    "default-optional-expression": (
        "with a default computed by SQL that may be `NULL`",
        None,
        ('{call}(nickname, defaultValue: SQLExpression<String?>(literal: "NULL"))',
         '"nickname" TEXT DEFAULT (NULL)', "nickname: SQLExpression<String?>")),
    "default-value": (
        "with a default value and a `CHECK` constraint, both optional",
        ("{call}(balance, check: balance >= 0, defaultValue: 0)",
         '"balance" REAL NOT NULL CHECK ("balance" >= 0.0) DEFAULT (0.0)', "balance: SQLExpression<Double>"),
        ("{call}(bonus, defaultValue: 5)",
         '"bonus" REAL DEFAULT (5.0)', "bonus: SQLExpression<Double?>")),
    "primary-key": (
        "as the table's primary key",
        ("{call}(id, primaryKey: true)", '"id" INTEGER PRIMARY KEY NOT NULL', "id: SQLExpression<Int64>"),
        None),
    "autoincrement": (
        "as the table's integer primary key, optionally `AUTOINCREMENT`",
        ("{call}(id, primaryKey: .autoincrement)", '"id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL',
         "id: SQLExpression<Int64>"),
        None),
    "references": (
        "that references another table's column (a foreign key)",
        ("{call}(ownerID, references: users, id)", '"owner_id" INTEGER NOT NULL REFERENCES "users" ("id")',
         'ownerID = SQLExpression<Int64>("owner_id")'),
        ("{call}(managerID, references: users, id)", '"manager_id" INTEGER REFERENCES "users" ("id")',
         'managerID = SQLExpression<Int64?>("manager_id")')),
    "collate-expression": (
        "of text, with a collation and a default computed by SQL",
        ('{call}(name, defaultValue: SQLExpression<String>(literal: "\'-\'"), collate: .nocase)',
         '"name" TEXT NOT NULL DEFAULT (\'-\') COLLATE NOCASE', "name: SQLExpression<String>"),
        ('{call}(nickname, defaultValue: SQLExpression<String>(literal: "\'-\'"), collate: .nocase)',
         '"nickname" TEXT DEFAULT (\'-\') COLLATE NOCASE', "nickname: SQLExpression<String?>")),
    "primary-key-references": (
        "as a primary key that references another table's column",
        ("{call}(userID, primaryKey: true, references: users, id)",
         '"user_id" INTEGER PRIMARY KEY NOT NULL REFERENCES "users" ("id")', 'userID = SQLExpression<Int64>("user_id")'),
        ("{call}(userID, primaryKey: true, references: users, id)",
         '"user_id" INTEGER PRIMARY KEY REFERENCES "users" ("id")', 'userID = SQLExpression<Int64?>("user_id")')),
    "collate-optional-expression": (
        "of text, with a collation and a default computed by SQL that may be `NULL`",
        None,
        ("{call}(nickname, defaultValue: name, collate: .rtrim)",
         '"nickname" TEXT DEFAULT ("name") COLLATE RTRIM', "nickname, name: SQLExpression<String?>")),
    "collate-value": (
        "of text, with a collation and an optional default value",
        ("{call}(email, unique: true, collate: .nocase)", '"email" TEXT NOT NULL UNIQUE COLLATE NOCASE',
         "email: SQLExpression<String>"),
        ('{call}(nickname, defaultValue: "-", collate: .nocase)',
         '"nickname" TEXT DEFAULT (\'-\') COLLATE NOCASE', "nickname: SQLExpression<String?>")),
}

OPTIONAL_CHECK_NOTE = ("This overload takes a `CHECK` condition that may be `NULL` (a comparison with a "
                       "nullable column); SQLite counts a `NULL` check as passed.")


def wrapped(text, indent="    "):
    """`///` lines of at most 100 columns; code spans are kept whole."""
    tokens, parts = [], text.split("`")
    for i, part in enumerate(parts):
        if i % 2:
            span = f"`{part}`"
            if tokens and parts[i - 1] != "" and not parts[i - 1].endswith(" "):
                tokens[-1] += span
            else:
                tokens.append(span)
        else:
            pieces = part.split(" ")
            if tokens and pieces and pieces[0] != "" and i > 0:
                tokens[-1] += pieces[0]
                pieces = pieces[1:]
            tokens += [p for p in pieces if p != ""]
    lines, line = [], ""
    for token in tokens:
        candidate = f"{line} {token}" if line else token
        if len(indent) + 4 + len(candidate) > 100 and line:
            lines.append(line)
            line = token
        else:
            line = candidate
    if line:
        lines.append(line)
    return [f"{indent}/// {l}" for l in lines]


def render(func, optional, add_column):
    lines = []
    for generic, col, params, where, args, docs, kind, check in variants(optional, add_column):
        sig_params = ", ".join([f"_ name: {col}"] + params)
        nullability = "nullable column" if optional else "`NOT NULL` column"
        purpose, plain, nullable = EXAMPLES[kind]
        swift, sql, declaration = nullable if optional else plain
        call = "users.addColumn" if add_column else "t.column"
        swift = swift.format(call=call)
        if add_column:
            summary = f"`ALTER TABLE … ADD COLUMN` for a {nullability} {purpose}."
            example = (f"With `{declaration}`, `{swift}` returns "
                       f"`ALTER TABLE \"users\" ADD COLUMN {sql}`.")
            returns = "    /// - Returns: The `ALTER TABLE` statement, for `db.run(_:)`."
            body = (f"        addColumn(ColumnDefinition(name, type: {'V' if generic else 'String'}.declaredDatatype, "
                    f"notNull: {'false' if optional else 'true'}, {args}))")
            head = f"    public func {func}{generic}({sig_params}) -> String{where} {{"
        else:
            summary = f"Adds a {nullability} {purpose}."
            example = f"With `{declaration}`, `{swift}` adds `{sql}` to the `CREATE TABLE` statement."
            returns = None
            body = (f"        definitions.append(ColumnDefinition(name, type: {'V' if generic else 'String'}.declaredDatatype, "
                    f"notNull: {'false' if optional else 'true'}, {args}).sql)")
            head = f"    public func {func}{generic}({sig_params}){where} {{"
        lines += wrapped(summary)
        lines.append("    ///")
        lines += wrapped(example)
        lines.append("    ///")
        if "Bool?>" in check:
            lines += wrapped(OPTIONAL_CHECK_NOTE)
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
