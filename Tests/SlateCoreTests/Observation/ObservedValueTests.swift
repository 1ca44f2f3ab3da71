#if canImport(Observation)
import Dispatch
import Foundation
import Observation
import SlateCoreTestSupport
import Testing
@testable import SlateCore

/// An actor other than the main one, to name as `updatesOn`.
actor ObservedValueTestActor {
    static let shared = ObservedValueTestActor()
}

/// Waits, with `withObservationTracking`, until `read` returns `true`, or gives up after
/// `seconds`. The default is long on purpose: the value's task runs on the cooperative pool,
/// which blocking tests elsewhere in a full run can hold for tens of seconds on a loaded 2-core
/// machine (issue 29); the suite's time limit is what bounds a wait that never ends. `read` runs on the actor that assigns the values, so no change can slip between
/// reading and registering.
func waitForObservedChange(
    seconds: Double = 240, isolation: isolated any Actor = #isolation, _ read: @escaping () -> Bool
) async -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while Date() < deadline {
        let satisfied = UncheckedFlag()
        let changed: Bool = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let once = ResumeOnce(continuation)
            withObservationTracking {
                satisfied.value = read()
            } onChange: {
                once.resume(true)
            }
            if satisfied.value {
                once.resume(true)
            } else {
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { once.resume(false) }
            }
        }
        if satisfied.value { return true }
        if !changed { return false }
    }
    return false
}

/// Resumes a continuation once, whoever comes first.
final class ResumeOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Bool, Never>?

    init(_ continuation: CheckedContinuation<Bool, Never>) {
        self.continuation = continuation
    }

    func resume(_ value: Bool) {
        lock.withLock {
            defer { continuation = nil }
            return continuation
        }?.resume(returning: value)
    }
}

@Suite(
    "ObservedValue: an Observable value that follows a query",
    .timeLimit(.minutes(5)),
    .enabled(if: DatabaseChangeTracker.reportsStatementEndsOnStep, "this SQLite reports statement ends only on reset"))
struct ObservedValueTests {
    static func count(_ db: Connection) throws -> Int {
        try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1
    }

    @Test("on the main actor: starts with initial, loads, then follows commits", arguments: WriterKind.allCases)
    @MainActor
    func mainActor(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.make(in: directory)
        try await writer.write { db in try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1)") }
        let observed = ObservedValue(in: writer, initial: -1) { db in try Self.count(db) }
        // Nothing was fetched on this thread: the initial value is there at once.
        #expect(observed.value == -1 || observed.isLoaded)
        #expect(await waitForObservedChange { observed.isLoaded && observed.value == 1 })
        try await writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        #expect(await waitForObservedChange { observed.value == 2 })
        #expect(observed.error == nil)
    }

    @Test("on a named actor: values are assigned there", arguments: WriterKind.allCases)
    func namedActor(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.make(in: directory)
        try await writer.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        let actor = ObservedValueTestActor.shared
        let observed = ObservedValue(in: writer, initial: -1, updatesOn: actor) { db in
            try Self.count(db)
        }
        #expect(await Self.wait(on: actor, observed, for: 0))
        try await writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1), (2), (3)") }
        #expect(await Self.wait(on: actor, observed, for: 3))
    }

    static func wait(on actor: isolated ObservedValueTestActor, _ observed: ObservedValue<Int>, for expected: Int) async -> Bool {
        await waitForObservedChange { observed.value == expected }
    }

    @Test("load(in:fetch:) returns the current value before any commit", arguments: WriterKind.allCases)
    @MainActor
    func load(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.make(in: directory)
        try await writer.write { db in try db.execute(sql: "CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)") }
        let observed = try await ObservedValue.load(in: writer) { db in try Self.count(db) }
        #expect(observed.value == 2)
        #expect(observed.isLoaded)
        try await writer.write { db in try db.execute(sql: "DELETE FROM t") }
        #expect(await waitForObservedChange { observed.value == 0 })
    }

    @Test("releasing it stops the observation and removes its hooks", arguments: WriterKind.allCases)
    @MainActor
    func stopsWhenReleased(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.make(in: directory)
        try await writer.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        var observed: ObservedValue<Int>? = ObservedValue(in: writer, initial: -1) { db in try Self.count(db) }
        if let current = observed {
            #expect(await waitForObservedChange { current.value == 0 })
        }
        #expect(try hasObservationHooks(writer))
        observed = nil
        #expect(try await waitForHooksRemovedYielding(writer))
    }

    @Test("a failing fetch sets error and keeps the last value")
    @MainActor
    func failure() async throws {
        let queue = try DatabaseQueue()
        let observed = ObservedValue(in: queue, initial: -1) { db in try db.scalar(Int.self, "SELECT count(*) FROM missing") ?? 0 }
        #expect(await waitForObservedChange { observed.error != nil })
        #expect(observed.value == -1)
    }
}
#endif
