/// SQLite.swift's name for ``SQLExpression``, the primary spelling.
///
/// Foundation declares an `Expression` type too (macOS 15, and swift-corelibs-foundation), so in
/// type positions `Expression<String>` can be ambiguous where Foundation is imported: write
/// `SQLExpression<String>`, which is the same type.
public typealias Expression<Datatype> = SQLExpression<Datatype>
