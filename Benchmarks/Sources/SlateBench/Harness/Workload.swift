/// The libraries the benchmark compares, in the order their columns appear.
enum Library: String, CaseIterable, Sendable {
    case rawC = "raw C"
    case slate = "Slate"
    case grdb = "GRDB 7.10.0"

    /// The name used on the command line (`--library slate`).
    var flag: String {
        switch self {
        case .rawC: "c"
        case .slate: "slate"
        case .grdb: "grdb"
        }
    }
}

/// What a contender computed from the rows it read or wrote. Every contender of a workload must
/// produce the workload's expected checksum, so a library cannot win by skipping work.
struct Checksum: Equatable, CustomStringConvertible, Sendable {
    /// The number of rows read or written.
    var rows: Int
    /// The wrapping sum of every value read or written.
    var sum: Int64

    var description: String { "\(rows) rows, sum \(sum)" }
}

/// One library's way of doing a workload.
struct Contender {
    /// The library.
    let library: Library
    /// The API measured, as shown in the results table.
    let api: String
    /// Untimed work before every run (emptying the table an insert fills, say).
    var prepare: () throws -> Void = {}
    /// The measured work.
    let body: () throws -> Checksum
    /// Untimed check after every run: turns what `body` returned into the checksum to compare,
    /// for example by reading back the rows it wrote through another connection.
    var verify: (Checksum) throws -> Checksum = { $0 }
    /// The goal for this contender when it differs from the workload's (W5's typed and Codable
    /// inserts have a looser goal than its prepared statement).
    var goal: Double? = nil
    /// The API of the GRDB contender this one is compared with (`× GRDB`); the workload's first
    /// GRDB contender when `nil`.
    var grdbPeer: String? = nil
}

/// A benchmark workload: one task done by every library on the same database.
///
/// To add one (W3 Decodable, W4 mixed types, W6 lookups, …), write a type conforming to this
/// protocol in `Workloads/`, give each driver the method it needs in `Drivers/`, and append it
/// to ``Workloads/all``.
protocol Workload: Sendable {
    /// The short name used in the issue tracker and on the command line (`W1`).
    var id: String { get }
    /// A one-line title for the results table.
    var title: String { get }
    /// What the workload measures, for the report.
    var measures: String { get }
    /// Issue 5's goal for Slate's main API, as a ratio to raw C.
    var slateGoal: Double { get }
    /// How many rows a run reads or writes.
    ///
    /// - Parameter quick: Whether the small CI sizes are wanted.
    func rowCount(quick: Bool) -> Int
    /// Creates the data the workload needs (untimed, once).
    func setUp(_ database: BenchmarkDatabase, rows: Int) throws
    /// The checksum every contender must produce.
    func expectedChecksum(rows: Int) -> Checksum
    /// The contenders, one or more per library.
    func contenders(_ drivers: Drivers, rows: Int) -> [Contender]
}

/// The registry of workloads, in report order.
enum Workloads {
    static let all: [any Workload] = [ReadByIndex(), ReadByName(), DecodeRows(), ReadMixed(), InsertPrepared(), InsertRecorded(), Lookups(), PoolReadLatency(), ObservationLatency(), FetchOrders()]
}
