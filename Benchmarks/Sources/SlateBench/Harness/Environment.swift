import Foundation

/// Facts about the build and the machine, printed above the results.
enum Environment {
    /// `release` or `debug`, as this executable was compiled.
    static var configuration: String {
        #if DEBUG
        "debug (-Onone): figures are meaningless; run with -c release"
        #else
        "release (-O)"
        #endif
    }

    /// Whether this is a release build.
    static var isRelease: Bool {
        #if DEBUG
        false
        #else
        true
        #endif
    }

    /// The Swift compiler version this executable was built with.
    static var compiler: String {
        #if compiler(>=6.5)
        "Swift 6.5 or newer"
        #elseif compiler(>=6.4)
        "Swift 6.4"
        #elseif compiler(>=6.3.1)
        "Swift 6.3.1"
        #elseif compiler(>=6.3)
        "Swift 6.3"
        #else
        "Swift older than 6.3"
        #endif
    }

    /// The processor model and the number of cores.
    static var machine: String {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown processor"
        return "\(model), \(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.operatingSystemVersionString)"
    }

    /// The SQLite library files mapped into this process (Linux), to show that every contender
    /// calls the same one.
    static var loadedSQLiteLibraries: [String] {
        // /proc files report a size of 0, so read them to the end rather than by their size.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/maps"),
              let data = try? file.readToEnd() else { return [] }
        let maps = String(decoding: data, as: UTF8.self)
        var paths: [String] = []
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = String(line[slash...])
            if path.contains("libsqlite3"), !paths.contains(path) { paths.append(path) }
        }
        return paths
    }
}
