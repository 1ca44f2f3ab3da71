/// The command line: `slate-bench [--quick] [--runs N] [--workload W1,W5] [--library c,slate,grdb]
/// [--rows N] [--results PATH | --no-results]`.
struct Options {
    /// Small row counts and few runs, for CI.
    var quick = false
    /// Measured runs per contender (after one warm-up run).
    var runs: Int?
    /// Workload ids to run; all when empty.
    var workloads: Set<String> = []
    /// Libraries to run; all when empty.
    var libraries: Set<Library> = []
    /// Overrides every workload's row count (for profiling at several sizes).
    var rows: Int?
    /// Where to write the Markdown table; `nil` for nowhere.
    var resultsPath: String?
    /// Whether `--results`/`--no-results` was given.
    var resultsPathGiven = false
    /// Only the contenders whose API description contains this text (`--api decodeAll`).
    var api: String?
    /// Whether to make the extra, untimed run that counts allocations.
    var countAllocations = true

    static let usage = """
        usage: slate-bench [options]
          --quick              small row counts, 1 warm-up + 2 runs (what CI runs); writes no RESULTS.md
          --runs N             measured runs per contender after one warm-up (default 11)
          --workload IDS       comma-separated workloads to run, e.g. W1,W5 or W7,W8 (default: all)
          --library NAMES      comma-separated libraries: c, slate, grdb (default: all)
          --rows N             rows per run for every workload (profiling at several sizes)
          --results PATH       write the Markdown table there (default: Benchmarks/RESULTS.md)
          --no-results         write no file
          --api TEXT           only the contenders whose API description contains TEXT (profiling one API)
          --no-allocations     skip the extra run that counts allocations (profile.sh)
        """

    /// Parses the arguments (without the program name).
    static func parse(_ arguments: [String]) throws -> Options {
        var options = Options()
        var iterator = arguments.makeIterator()
        func value(_ flag: String) throws -> String {
            guard let value = iterator.next() else { throw BenchmarkError("\(flag) needs a value\n\(usage)") }
            return value
        }
        func number(_ flag: String) throws -> Int {
            let text = try value(flag)
            guard let number = Int(text), number > 0 else { throw BenchmarkError("\(flag) needs a positive number, not \(text)") }
            return number
        }
        while let argument = iterator.next() {
            switch argument {
            case "--quick": options.quick = true
            case "--runs": options.runs = try number(argument)
            case "--rows": options.rows = try number(argument)
            case "--workload", "--workloads":
                options.workloads = Set(try value(argument).split(separator: ",").map { $0.uppercased() })
                let known = Set(Workloads.all.map(\.id) + [PoolThroughput.id])
                if let unknown = options.workloads.first(where: { !known.contains($0) }) {
                    throw BenchmarkError("unknown workload \(unknown); the workloads are \(known.sorted().joined(separator: ", "))")
                }
            case "--library", "--libraries":
                for name in try value(argument).split(separator: ",") {
                    guard let library = Library.allCases.first(where: { $0.flag == name.lowercased() }) else {
                        throw BenchmarkError("unknown library \(name); use c, slate or grdb")
                    }
                    options.libraries.insert(library)
                }
            case "--results":
                options.resultsPath = try value(argument)
                options.resultsPathGiven = true
            case "--no-results":
                options.resultsPath = nil
                options.resultsPathGiven = true
            case "--api": options.api = try value(argument)
            case "--no-allocations": options.countAllocations = false
            case "--help", "-h": throw BenchmarkError(usage)
            default: throw BenchmarkError("unknown option \(argument)\n\(usage)")
            }
        }
        return options
    }

    /// Measured runs per contender.
    var measuredRuns: Int { runs ?? (quick ? 2 : 11) }
}
