import Foundation

/// Collects the SQL of every statement a fetch runs, so the fetch's region can be learned from
/// their texts (see ``StatementFootprint``) even when they come from a statement cache.
final class StatementRecorder: ConnectionActivityObserver {
    private var seen: [UnsafePointer<CChar>: String] = [:]

    /// The distinct SQL texts recorded.
    var statements: Set<String> { Set(seen.values) }

    func connectionStatementDidStart(_ statement: OpaquePointer) {
        guard let text = sqlite3_sql(statement) else { return }
        if let known = seen[text], known.withCString({ strcmp($0, text) == 0 }) { return }
        seen[text] = String(cString: text)
    }
}
