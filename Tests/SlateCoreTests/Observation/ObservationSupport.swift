import Foundation
import SlateCoreTestSupport
import Testing
@testable import SlateCore

extension WriterKind {
    /// A new writer on a file in `directory`, for an observation test: a pool gets 4 readers.
    func make(in directory: TemporaryDirectory) throws -> any DatabaseWriter {
        switch self {
        case .queue: return try open(directory.path("queue.sqlite"))
        case .pool: return try directory.makePool("pool.sqlite", readers: 4)
        }
    }
}

/// Whether the writer connection still has an observation's hooks installed.
func hasObservationHooks(_ writer: any DatabaseWriter) throws -> Bool {
    try writer.writeWithoutTransaction { db in DatabaseChangeTracker.tracker(on: db)?.hasInstalledHooks ?? false }
}

/// Waits (bounded) until the writer has no observation hooks left.
func waitForHooksRemoved(_ writer: any DatabaseWriter) throws -> Bool {
    try waitUntil(seconds: observationWatchdog) { try !hasObservationHooks(writer) }
}

/// Waits (bounded) until the writer has no observation hooks left, without blocking the calling
/// actor: on the main actor, a blocking wait would hold up the very tasks that remove the hooks
/// (an `ObservedValue`'s task ends on the main actor, a sequence's on the cooperative pool), and
/// every other test waiting there.
func waitForHooksRemovedYielding(_ writer: any DatabaseWriter) async throws -> Bool {
    try await waitUntilAsync(seconds: observationWatchdog) { try !hasObservationHooks(writer) }
}

/// Makes sure every notification the observation will get for commits made so far has been
/// handled: a second observation started now sees those commits in its first value, and the
/// first observation's notifications for them were scheduled before that second one registered.
/// Used to prove that something did NOT cause a notification, without sleeping.
func drain<V: Sendable>(_ writer: any DatabaseWriter, _ observed: ValueObservation<V>) {
    let probe = ObservationLog<V>()
    let cancellable = probe.start(observed, in: writer)
    probe.wait(forCount: 1)
    cancellable.cancel()
}

extension Trait where Self == ConditionTrait {
    /// Runs a test that checks a fetch's region exactly: only where the authorizer names the
    /// tables a statement reads without naming a column (`count(*)`); elsewhere every commit
    /// refetches, by design.
    static var exactRegions: Self {
        .enabled(
            if: StatementFootprint.reportsTablesReadWithoutColumns,
            "this SQLite's authorizer does not name count(*) tables: every commit refetches")
    }
}
