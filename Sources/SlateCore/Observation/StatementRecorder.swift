import Foundation

/// Collects the SQL of every statement a fetch runs, so the fetch's region can be learned from
/// their texts (see ``StatementFootprint``) even when they come from a statement cache.
final class StatementRecorder: ConnectionActivityObserver {
    private var texts = StatementTexts()

    /// The distinct SQL texts recorded.
    var statements: Set<String> { texts.all }

    /// Forgets the texts recorded, to record another fetch. The texts stay known by address, so
    /// a fetch that runs the same cached statements copies none of them again.
    func startOver() {
        texts.removeAll()
    }

    func connectionStatementDidStart(_ statement: OpaquePointer) {
        texts.record(statement)
    }
}
