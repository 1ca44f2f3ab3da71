import Foundation
import SlateCoreTestSupport
import Testing
@testable import SlateCore

/// Issue 21, past GRDB: commits that other connections and other processes make to the file
/// reach the observations of a queue or pool (``Configuration/crossProcessPollInterval``).
@Suite(
    "Observation: commits of other connections and processes",
    .enabled(if: DatabaseChangeTracker.reportsStatementEndsOnStep, "this SQLite reports statement ends only on reset"))
struct ObservationCrossProcessTests {
    static let counting = ValueObservation.tracking { db in try db.scalar(Int.self, "SELECT count(*) FROM t") ?? -1 }

    @Test("a commit by a connection of its own reaches start(in:) and values(in:)", arguments: WriterKind.allCases)
    func otherConnection(kind: WriterKind) async throws {
        let directory = try TemporaryDirectory()
        let writer = try kind.make(in: directory)
        try await writer.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
        let log = ObservationLog<Int>()
        let cancellable = log.start(Self.counting, in: writer)
        #expect(log.wait(forCount: 1))
        var iterator = Self.counting.values(in: writer).makeAsyncIterator()
        #expect(try await iterator.next() == 0)
        // Not through `writer`: a plain connection, as another process would write.
        let path = try #require(kind == .pool ? (writer as? DatabasePool)?.path : (writer as? DatabaseQueue)?.path)
        let other = try Connection(path, options: [.readwrite])
        try other.setBusyTimeout(5)
        try other.execute(sql: "INSERT INTO t VALUES (1), (2)")
        other.close()
        #expect(log.wait { values, _ in values.last == 2 }, "\(kind): \(log.values)")
        // Only once the callbacks saw it, so that a missed change fails instead of waiting forever.
        guard log.values.last == 2 else { return }
        var last: Int? = 0
        while last != 2, let next = try await iterator.next() { last = next }
        #expect(last == 2)
        cancellable.cancel()
    }

    @Test("a commit by another process reaches the observation", arguments: ["queue", "pool"])
    func otherProcess(kind: String) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("observed.sqlite")
        let writer: any DatabaseWriter = kind == "pool" ? try DatabasePool(path: path) : try DatabaseQueue(path: path)
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE counter (n INTEGER); INSERT INTO counter VALUES (0); CREATE TABLE log (id INTEGER PRIMARY KEY, pid INTEGER)")
        }
        let log = ObservationLog<Int>()
        let cancellable = log.start(.tracking { db in try db.scalar(Int.self, "SELECT n FROM counter") ?? -1 }, in: writer)
        #expect(log.wait(forCount: 1))
        let process = Process()
        process.executableURL = builtProduct("SlateReliabilityProbe")
        process.arguments = ["contend", path, kind, "3"]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(log.wait { values, _ in values.last == 3 }, "\(kind): \(log.values)")
        cancellable.cancel()
    }

    @Test("with crossProcessPollInterval nil, or in memory, nothing polls")
    func noWatcher() throws {
        let directory = try TemporaryDirectory()
        var configuration = Configuration()
        configuration.crossProcessPollInterval = nil
        let pool = try DatabasePool(path: directory.path("off.sqlite"), configuration: configuration)
        let memory = try DatabaseQueue()
        let file = try DatabaseQueue(path: directory.path("on.sqlite"))
        for (writer, watched) in [(pool as any DatabaseWriter, false), (memory, false), (file, true)] {
            try writer.write { db in try db.execute(sql: "CREATE TABLE t (x)") }
            let log = ObservationLog<Int>()
            let cancellable = log.start(Self.counting, in: writer)
            #expect(log.wait(forCount: 1))
            let watching = try writer.writeWithoutTransaction { db in DatabaseChangeTracker.tracker(on: db)?.isWatchingExternalChanges }
            #expect(watching == watched)
            cancellable.cancel()
            #expect(try waitForHooksRemoved(writer))
            let after = try writer.writeWithoutTransaction { db in DatabaseChangeTracker.tracker(on: db)?.isWatchingExternalChanges }
            #expect(after == false)
        }
    }
}
