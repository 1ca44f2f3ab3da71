// DataLiteCore code that qualifies a name with its module (`DataLiteCore.ConnectionDelegate`,
// usually to tell it from a type of its own with the same name) would not compile after the
// import changes, since this module is named `SlateDataLiteCore`. The enum answers to the old
// module name for DataLiteCore's public types.

/// DataLiteCore's module name, for code that qualifies its types with it
/// (`DataLiteCore.ConnectionDelegate`): each member names the type that stands for it here.
public enum DataLiteCore {
    /// `Connection`.
    public typealias Connection = SlateCore.Connection
    /// `ConnectionProtocol`.
    public typealias ConnectionProtocol = SlateDataLiteCore.ConnectionProtocol
    /// `ConnectionDelegate`.
    public typealias ConnectionDelegate = SlateDataLiteCore.ConnectionDelegate
    /// `ConnectionTraceDelegate`.
    public typealias ConnectionTraceDelegate = SlateDataLiteCore.ConnectionTraceDelegate
    /// `Statement`.
    public typealias Statement = SlateCore.Statement
    /// `StatementProtocol`.
    public typealias StatementProtocol = SlateDataLiteCore.StatementProtocol
    /// `Function`, the base of class-based functions.
    public typealias Function = SlateCore.Function
    /// `ArgumentsProtocol`.
    public typealias ArgumentsProtocol = SlateDataLiteCore.ArgumentsProtocol
    /// `SQLiteError`.
    public typealias SQLiteError = SlateCore.SQLiteError
    /// `SQLiteValue`.
    public typealias SQLiteValue = SlateCore.SQLiteValue
    /// `SQLiteRow`.
    public typealias SQLiteRow = SlateDataLiteCore.SQLiteRow
    /// `SQLiteBindable`.
    public typealias SQLiteBindable = SlateCore.SQLiteBindable
    /// `SQLiteRepresentable`.
    public typealias SQLiteRepresentable = SlateCore.SQLiteRepresentable
    /// `SQLiteAction`.
    public typealias SQLiteAction = SlateCore.SQLiteAction
    /// `Pragma`.
    public typealias Pragma = SlateCore.Pragma
    /// `TransactionType`.
    public typealias TransactionType = SlateCore.TransactionType
    /// `JournalMode`.
    public typealias JournalMode = SlateCore.Connection.JournalMode
    /// `Synchronous`.
    public typealias Synchronous = SlateCore.Connection.Synchronous
}

extension SQLiteError {
    /// The error a connection last reported: its extended code and message (DataLiteCore's
    /// initializer, for a function that registers itself through SQLite's C API in
    /// `Function.install(db:)`).
    ///
    /// ```swift
    /// override class func install(db connection: OpaquePointer) throws(SQLiteError) {
    ///     guard sqlite3_create_function_v2(connection, …) == SQLITE_OK else {
    ///         throw SQLiteError(connection)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter connection: An open `sqlite3` handle.
    public init(_ connection: OpaquePointer) {
        self.init(code: sqlite3_extended_errcode(connection), db: connection)
    }
}
