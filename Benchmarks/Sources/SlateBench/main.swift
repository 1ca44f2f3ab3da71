// slate-bench: raw C vs Slate vs GRDB on the same SQLite database, in one process.
// See Benchmarks/README.md.
import Foundation

/// The folder of this package (`Benchmarks/`), where RESULTS.md goes by default.
let packageFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

func main() throws {
    var options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
    if !options.resultsPathGiven && !options.quick && options.rows == nil {
        options.resultsPath = packageFolder.appendingPathComponent("RESULTS.md").path
    }
    if !Environment.isRelease {
        FileHandle.standardError.write(Data("warning: this is a debug build; use swift run -c release\n".utf8))
    }

    let database = try BenchmarkDatabase()
    defer { database.remove() }
    let drivers = try Drivers(database: database)

    let versions = try drivers.sqliteVersions()
    let libraries = Environment.loadedSQLiteLibraries
    guard Set(versions.map(\.linked)).count == 1, Set(versions.map(\.query)).count == 1 else {
        throw BenchmarkError("the contenders do not use the same SQLite: \(versions)")
    }
    let realFiles = Set(libraries.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
    guard realFiles.count <= 1 else {
        throw BenchmarkError("more than one SQLite library is loaded: \(libraries.joined(separator: ", "))")
    }

    var report = Report(options: options, versions: versions, libraries: libraries)
    report.compileOptions = try database.fixture.texts("PRAGMA compile_options")
    let runner = Runner(options: options, drivers: drivers, database: database)
    for workload in Workloads.all where options.workloads.isEmpty || options.workloads.contains(workload.id) {
        print("running \(workload.id): \(workload.title)…")
        report.measurements.append(try runner.run(workload))
    }
    if options.workloads.isEmpty || options.workloads.contains(PoolThroughput.id) {
        print("running \(PoolThroughput.id): \(PoolThroughput.title)…")
        report.throughput = try PoolThroughput.run(options, drivers: drivers, database: database)
    }

    let markdown = report.markdown
    print("")
    print(markdown)
    if let path = options.resultsPath {
        try markdown.write(toFile: path, atomically: true, encoding: .utf8)
        print("written to \(path)")
        let svgPath = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("results.svg").path
        try Chart(measurements: report.measurements).svg.write(toFile: svgPath, atomically: true, encoding: .utf8)
        print("written to \(svgPath)")
    }
}

do {
    try main()
} catch {
    FileHandle.standardError.write(Data("slate-bench: \(error)\n".utf8))
    exit(1)
}
