/// An observer of the SQL a connection runs (DataLiteCore's trace delegate, `sqlite3_trace_v2`).
///
/// Register with ``Connection/add(trace:)``; connections hold trace delegates weakly.
public protocol ConnectionTraceDelegate: AnyObject {
    /// A traced statement's SQL as written and with its bound values inlined (DataLiteCore's name).
    typealias Trace = (unexpandedSQL: String, expandedSQL: String)

    /// Called when a statement starts running.
    ///
    /// - Parameters:
    ///   - connection: The connection running the statement.
    ///   - trace: The statement's SQL as written (`unexpandedSQL`, or a `-- TRIGGER name` comment
    ///     when a trigger starts) and with its bound values inlined (`expandedSQL`).
    func connection(_ connection: ConnectionProtocol, trace: Trace)
}
