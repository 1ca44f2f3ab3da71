import CFaultVFS
import Foundation
import SlateCore

/// A fault-injecting VFS instance (Tests/CFaultVFS) under a unique name, unregistered on deinit.
///
/// Each test creates its own, so tests running in parallel never share counters or faults.
final class FaultVFS {
    /// The kinds of VFS call the instance counts and can fail.
    struct Kinds: OptionSet, Sendable, CustomStringConvertible {
        let rawValue: UInt32
        var description: String {
            let names: [(Kinds, String)] = [
                (.write, "write"), (.sync, "sync"), (.truncate, "truncate"), (.delete, "delete"), (.read, "read"), (.lock, "lock"), (.shmLock, "shmLock")
            ]
            return names.filter { contains($0.0) }.map(\.1).joined(separator: "+")
        }
        static let write = Kinds(rawValue: UInt32(SLATE_FAULT_WRITE))
        static let sync = Kinds(rawValue: UInt32(SLATE_FAULT_SYNC))
        static let truncate = Kinds(rawValue: UInt32(SLATE_FAULT_TRUNCATE))
        static let delete = Kinds(rawValue: UInt32(SLATE_FAULT_DELETE))
        static let read = Kinds(rawValue: UInt32(SLATE_FAULT_READ))
        static let lock = Kinds(rawValue: UInt32(SLATE_FAULT_LOCK))
        static let shmLock = Kinds(rawValue: UInt32(SLATE_FAULT_SHM_LOCK))
        /// Every lock a connection takes, on the database file and on the WAL index.
        static let locks: Kinds = [.lock, .shmLock]
        /// The calls that change what is on disk: the I/O points a sweep walks.
        static let durable: Kinds = [.write, .sync, .truncate, .delete]
    }

    /// What an armed fault does.
    enum Mode: String, CaseIterable, Sendable, CustomStringConvertible {
        /// One call fails with its SQLITE_IOERR_* code.
        case ioError
        /// The disk is full from that call on: writes fail with SQLITE_FULL, other kinds with IOERR
        /// (and locks stay busy: the persistent mode).
        case diskFull
        /// One write stores half its bytes, then reports SQLITE_FULL.
        case shortWrite
        /// From that call on nothing reaches the disk, while SQLite is told it did.
        case powerLoss

        var description: String { rawValue }

        var cMode: slate_fault_mode {
            switch self {
            case .ioError: SLATE_FAULT_MODE_IOERR
            case .diskFull: SLATE_FAULT_MODE_FULL
            case .shortWrite: SLATE_FAULT_MODE_SHORT_WRITE
            case .powerLoss: SLATE_FAULT_MODE_POWER_LOSS
            }
        }

        var isPersistent: Bool { self == .diskFull || self == .powerLoss }
    }

    let name: String
    private let handle: OpaquePointer

    init() throws {
        name = "slate-fault-\(UUID().uuidString)"
        guard let handle = slate_fault_vfs_create(name) else {
            throw SQLiteError(code: SQLITE_ERROR, message: "could not register the fault VFS \(name)")
        }
        self.handle = handle
    }

    deinit {
        // Refused while a file is open: then the instance is leaked on purpose, since SQLite
        // still points at it. `openFiles` lets tests check that this never happens.
        _ = slate_fault_vfs_destroy(handle)
    }

    /// A location that opens `path` through this VFS.
    func location(_ path: String) -> Connection.Location {
        .uri(path, parameters: [.vfs(name)])
    }

    /// Opens `path` through this VFS, creating it if needed.
    func open(_ path: String) throws(SQLiteError) -> Connection {
        try Connection(location(path), options: [.readwrite, .create])
    }

    var counts: slate_fault_counts { slate_fault_vfs_counts(handle) }

    /// Files opened through this instance and still open.
    var openFiles: Int64 { counts.openFiles }

    func resetCounts() { slate_fault_vfs_reset_counts(handle) }

    /// Arms a fault at the `nth` call (1-based) among `kinds`, counted from now.
    func arm(_ mode: Mode, at nth: Int64, of kinds: Kinds = .durable) {
        slate_fault_vfs_arm(handle, kinds.rawValue, nth, mode.cMode, mode.isPersistent ? 1 : 0)
    }

    /// Counts the calls among `kinds` from now on, without failing any.
    func startCounting(_ kinds: Kinds = .durable) {
        slate_fault_vfs_arm(handle, kinds.rawValue, Int64.max, SLATE_FAULT_MODE_IOERR, 0)
    }

    func disarm() { slate_fault_vfs_disarm(handle) }

    /// A fault (or counting) that the operation arms itself with ``armPending()``, once it has
    /// done what the sweep is not about (opening its connection, say).
    var pending: (mode: Mode?, nth: Int64, kinds: Kinds)?

    /// Arms the pending fault, or starts the pending count; does nothing when there is none.
    func armPending() {
        guard let pending else { return }
        if let mode = pending.mode { arm(mode, at: pending.nth, of: pending.kinds) } else { startCounting(pending.kinds) }
        self.pending = nil
    }

    /// Calls among the armed kinds since arming (or since `startCounting`).
    var points: Int64 { slate_fault_vfs_points(handle) }

    /// Calls the armed fault failed or dropped.
    var faultsInjected: Int64 { counts.faultsInjected }
}
