import Foundation
import SlateCore
import SlateTestSupport

/// Walks every I/O point of one operation with the fault VFS, in the style of SQLite's own I/O
/// error and crash tests.
///
/// 1. `prepare` builds the starting files (through the default VFS): the earlier commits.
/// 2. A fault-free run through the fault VFS counts N, the operation's I/O points (writes, syncs,
///    truncates and deletes), and gives the state after the operation.
/// 3. For k in 1...N (or a sample, see ``FaultSweep/isFull``) and each fault mode, a fresh copy of
///    the starting files is run with the fault at point k. Then every file is closed, and `state`
///    reopens them through the default VFS, checks `integrity_check`, and reads their content,
///    which must be the state before or the state after (all or nothing; since "before" holds the
///    earlier commits, they are intact). An operation that reported success must have left the
///    state after, unless the power was cut; one that failed must have thrown a `SQLiteError` of
///    category `.io`.
struct FaultSweep {
    /// The operation's name in the report.
    var name: String
    /// Builds the starting files in the folder.
    var prepare: (TemporaryDirectory) throws -> Void
    /// Runs the operation on the folder's files, opened through the fault VFS. Every connection it
    /// opens must be released before it returns.
    var run: (TemporaryDirectory, FaultVFS) throws -> Void
    /// Reads the durable state of the folder's files through the default VFS; throws when a file
    /// is damaged.
    var state: (TemporaryDirectory) throws -> String
    /// The error categories a faulted run may throw (`.io` by default).
    var acceptedCategories: Set<SQLiteError.Category> = [.io]
    /// Judges an error that is not a `SQLiteError` (a tool's own error type): `nil` when it is
    /// acceptable, else why not. By default every such error is a problem.
    var judgeOtherError: (any Error) -> String? = { "threw a non-SQLite error \($0)" }
    /// The modes to sweep.
    var modes: [FaultVFS.Mode] = FaultVFS.Mode.allCases
    /// The kinds of VFS call that are the sweep's points (lock sweeps inject SQLITE_BUSY).
    var kinds: FaultVFS.Kinds = .durable
    /// Whether `run` arms the fault itself (``FaultVFS/armPending()``) after its setup; otherwise
    /// the fault is armed before `run` starts, so opening the connection is swept too.
    var armedByOperation = false
    /// Whether `state` may be the same before and after (it reads only what must not change).
    var allowsUnchangedState = false
    /// Whether every faulted run must still succeed (a transient fault that a retry absorbs).
    var mustSucceed = false

    /// The full sweep runs every point in every mode; the default run (to keep `swift test`
    /// quick) runs every point for the one-shot I/O error and a sample of points for the other
    /// modes. `.ci/reliability.sh` sets SLATE_RELIABILITY_FULL=1.
    static var isFull: Bool { ProcessInfo.processInfo.environment["SLATE_RELIABILITY_FULL"] == "1" }

    /// What a sweep did, for the report and the test's expectations.
    struct Report: CustomStringConvertible {
        var name: String
        var ioPoints: Int64 = 0
        var runs = 0
        var faultsFired = 0
        var failedWithError = 0
        var succeededAnyway = 0
        var endedBefore = 0
        var endedAfter = 0
        var problems: [String] = []

        var description: String {
            "fault sweep \(name): N=\(ioPoints) I/O points, \(runs) faulted runs, \(faultsFired) with the fault fired, "
                + "\(failedWithError) threw, \(succeededAnyway) succeeded anyway; "
                + "state after reopen: \(endedBefore) before, \(endedAfter) after; \(problems.count) problems"
        }
    }

    /// The points to try in `mode` out of 1...n.
    func points(for mode: FaultVFS.Mode, n: Int64) -> [Int64] {
        guard n > 0 else { return [] }
        if Self.isFull || mode == .ioError || n <= 12 { return Array(1...n) }
        // The first and last points, and an even spread between them.
        let stride = max(1, n / 10)
        var chosen = Set([1, 2, n - 1, n].filter { $0 >= 1 })
        var point: Int64 = 1
        while point <= n {
            chosen.insert(point)
            point += stride
        }
        return chosen.sorted()
    }

    /// Runs the sweep and returns its report; `problems` lists every broken promise.
    func sweep() throws -> Report {
        var report = Report(name: name)
        let pristine = try TemporaryDirectory()
        try prepare(pristine)
        let work = try TemporaryDirectory()

        try work.copyFiles(from: pristine)
        let before = try state(work)

        // The fault-free run: N, and the state after.
        try work.copyFiles(from: pristine)
        do {
            let vfs = try FaultVFS()
            if armedByOperation { vfs.pending = (nil, 0, kinds) } else { vfs.startCounting(kinds) }
            try run(work, vfs)
            report.ioPoints = vfs.points
            vfs.disarm()
            guard vfs.openFiles == 0 else {
                report.problems.append("the fault-free run left \(vfs.openFiles) files open")
                return report
            }
        }
        let after = try state(work)
        if after == before && !allowsUnchangedState { report.problems.append("the operation changed nothing: the sweep would prove nothing") }
        if report.ioPoints == 0 { report.problems.append("the operation made no I/O through the fault VFS") }

        for mode in modes {
            for point in points(for: mode, n: report.ioPoints) {
                try work.copyFiles(from: pristine)
                let label = "\(mode) at point \(point)/\(report.ioPoints)"
                let vfs = try FaultVFS()
                if armedByOperation { vfs.pending = (mode, point, kinds) } else { vfs.arm(mode, at: point, of: kinds) }
                var thrown: (any Error)?
                do {
                    try run(work, vfs)
                } catch {
                    thrown = error
                }
                vfs.disarm()
                report.runs += 1
                if vfs.faultsInjected > 0 { report.faultsFired += 1 }
                guard vfs.openFiles == 0 else {
                    report.problems.append("\(label): \(vfs.openFiles) files still open after the operation")
                    continue
                }
                if let thrown {
                    report.failedWithError += 1
                    if mustSucceed { report.problems.append("\(label): threw \(thrown), where a retry should absorb it") }
                    if mode != .powerLoss {
                        if let error = thrown as? SQLiteError {
                            if !acceptedCategories.contains(error.category) {
                                report.problems.append("\(label): threw \(error) of category \(error.category)")
                            }
                        } else if let problem = judgeOtherError(thrown) {
                            report.problems.append("\(label): \(problem)")
                        }
                    }
                } else {
                    report.succeededAnyway += 1
                }
                let reopened: String
                do {
                    reopened = try state(work)
                } catch {
                    report.problems.append("\(label): on reopen: \(error)")
                    continue
                }
                if reopened == before {
                    report.endedBefore += 1
                    if thrown == nil && mode != .powerLoss {
                        report.problems.append("\(label): the operation reported success, but its changes are missing")
                    }
                } else if reopened == after {
                    report.endedAfter += 1
                } else {
                    report.problems.append(
                        "\(label): the data is neither all of the operation's changes nor none:\n"
                            + difference(reopened, before: before, after: after))
                }
            }
        }
        print(report)
        return report
    }

    private func difference(_ state: String, before: String, after: String) -> String {
        let lines = Set(state.split(separator: "\n"))
        let beforeLines = Set(before.split(separator: "\n"))
        let afterLines = Set(after.split(separator: "\n"))
        let unexplained = lines.subtracting(beforeLines).subtracting(afterLines).prefix(5)
        let missingFromBoth = beforeLines.intersection(afterLines).subtracting(lines).prefix(5)
        return "  lines in neither: \(Array(unexplained))\n  earlier lines missing: \(Array(missingFromBoth))"
    }
}
