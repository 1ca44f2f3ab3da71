import Foundation

/// What another process is doing, read from Linux's `/proc`: tests wait for these states instead
/// of sleeping to order events.
enum ProcessState {
    /// Whether process `pid` has `path` open and one of its threads sleeps in `nanosleep` or
    /// `clock_nanosleep`, as SQLite's busy handler does between attempts at a lock another
    /// connection holds. Where `/proc` does not exist (not Linux) it answers `true`: the caller
    /// then goes on without ordering, and its test still checks the outcome.
    static func isWaitingForALock(_ pid: Int32, on path: String) -> Bool {
        let proc = "/proc/\(pid)"
        let files = FileManager.default
        guard files.fileExists(atPath: proc) else { return true }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let descriptors = (try? files.contentsOfDirectory(atPath: proc + "/fd")) ?? []
        let hasFileOpen = descriptors.contains { descriptor in
            (try? files.destinationOfSymbolicLink(atPath: "\(proc)/fd/\(descriptor)")) == target
        }
        guard hasFileOpen else { return false }
        let threads = (try? files.contentsOfDirectory(atPath: proc + "/task")) ?? []
        // x86_64 and arm64 numbers of nanosleep and clock_nanosleep.
        #if arch(x86_64)
        let sleeps: Set<String> = ["35", "230"]
        #else
        let sleeps: Set<String> = ["101", "115"]
        #endif
        return threads.contains { thread in
            guard let text = try? String(contentsOfFile: "\(proc)/task/\(thread)/syscall", encoding: .utf8) else { return false }
            return text.split(separator: " ").first.map { sleeps.contains(String($0)) } ?? false
        }
    }
}
