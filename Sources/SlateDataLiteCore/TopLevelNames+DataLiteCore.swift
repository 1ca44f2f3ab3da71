// DataLiteCore declares these types at the top level; Slate nests them in `Connection`, their
// primary spelling. The aliases let DataLiteCore code name them unqualified.

/// DataLiteCore's top-level name for `Connection/JournalMode`, the primary spelling.
public typealias JournalMode = Connection.JournalMode

/// DataLiteCore's top-level name for `Connection/Synchronous`, the primary spelling.
public typealias Synchronous = Connection.Synchronous
