/// An observer of the SQL a connection runs (`sqlite3_trace_v2`).
///
/// Register with ``Connection/add(trace:)``; connections hold trace observers weakly.
///
/// ```swift
/// final class SQLLog: ConnectionTraceObserver {
///     func connection(_ connection: Connection, trace: (unexpandedSQL: String, expandedSQL: String)) {
///         print(trace.expandedSQL)
///     }
/// }
/// ```
public protocol ConnectionTraceObserver: AnyObject {
    /// Called when a statement starts running.
    ///
    /// - Parameters:
    ///   - connection: The connection running the statement.
    ///   - trace: The statement's SQL as written (`unexpandedSQL`, or a `-- TRIGGER name` comment
    ///     when a trigger starts) and with its bound values inlined (`expandedSQL`).
    func connection(_ connection: Connection, trace: (unexpandedSQL: String, expandedSQL: String))
}
