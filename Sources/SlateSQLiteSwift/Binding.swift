/// SQLite.swift's name for a value that can be bound to a statement.
///
/// It is the same protocol as `SQLiteBindable`, the primary spelling: Slate has one conversion
/// mechanism with two spellings, so every type that binds in SlateCore binds in SQLite.swift-style
/// code too (`db.run("INSERT INTO t VALUES (?, ?)", 1, "a")`).
public typealias Binding = SQLiteBindable
