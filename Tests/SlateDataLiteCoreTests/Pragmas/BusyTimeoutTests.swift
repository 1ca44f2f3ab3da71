import Foundation
import SlateDataLiteCore
import SlateCoreTestSupport
import Testing

/// SQLite takes its busy timeout as an `Int32` of milliseconds (about 24.8 days at most). Longer
/// finite timeouts wait that maximum; negative and non-finite timeouts are errors. None of them
/// traps, through the throwing form, the property, `DatabaseQueue` or `DatabasePool`.
@Suite("Busy timeout range")
struct BusyTimeoutTests {
    static let longest = Double(Int32.max) / 1000

    @Test(
        "finite timeouts beyond SQLite's Int32 milliseconds wait SQLite's longest",
        arguments: [
            2_147_483.647, 2_147_483.648, 1e7, 9.3e15, 1e300, .greatestFiniteMagnitude
        ])
    func clampsToSQLitesMaximum(seconds: Double) throws {
        let db = try Connection()
        try db.setBusyTimeout(seconds)
        #expect(try db.getBusyTimeout() == Self.longest)
        db.busyTimeout = 1
        db.busyTimeout = seconds
        #expect(db.busyTimeout == Self.longest)
        #expect(db.lastPropertyError == nil)
    }

    @Test(
        "negative and non-finite timeouts are errors that leave the timeout unchanged",
        arguments: [
            -0.001, -1, -.infinity, -.greatestFiniteMagnitude, .nan, .infinity
        ])
    func rejectsNegativeAndNaN(seconds: Double) throws {
        let db = try Connection()
        try db.setBusyTimeout(2)
        let error = sqliteError { try db.setBusyTimeout(seconds) }
        #expect(error?.code == SQLITE_MISUSE)
        #expect(error?.explanation.contains("busy timeout") == true)
        db.busyTimeout = seconds
        #expect(db.lastPropertyError?.code == SQLITE_MISUSE)
        #expect(db.busyTimeout == 2)
    }

    @Test("DatabaseQueue and DatabasePool take any timeout without trapping")
    func queueAndPool() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path("pool.sqlite"), configuration: Self.configuration(busyTimeout: 1e300))
        #expect(try pool.read { db in try db.getBusyTimeout() } == Self.longest)
        #expect(try pool.write { db in try db.getBusyTimeout() } == Self.longest)
        let queue = try DatabaseQueue(configuration: Self.configuration(busyTimeout: .greatestFiniteMagnitude))
        #expect(try queue.read { db in try db.getBusyTimeout() } == Self.longest)
        #expect(sqliteError { _ = try DatabasePool(path: directory.path("nan.sqlite"), configuration: Self.configuration(busyTimeout: .nan)) }?.code == SQLITE_MISUSE)
        #expect(!FileManager.default.fileExists(atPath: directory.path("nan.sqlite")))
        #expect(sqliteError { _ = try DatabaseQueue(path: directory.path("inf.sqlite"), configuration: Self.configuration(busyTimeout: .infinity)) }?.code == SQLITE_MISUSE)
        #expect(!FileManager.default.fileExists(atPath: directory.path("inf.sqlite")))
        #expect(sqliteError { _ = try DatabaseQueue(configuration: Self.configuration(busyTimeout: -1)) }?.code == SQLITE_MISUSE)
    }

    static func configuration(busyTimeout: Double) -> Configuration {
        var configuration = Configuration()
        configuration.busyTimeout = busyTimeout
        return configuration
    }
}
