import Foundation
import Testing

/// Runs `SlateReliabilityProbe` with `arguments` in a process of its own, for the memory tests:
/// other tests running in parallel would move this process's resident set size.
///
/// Under AddressSanitizer (.ci/sanitizers.sh) freed memory waits in a quarantine of up to 256 MiB
/// before reuse, which would read as growth: the probe runs without one.
///
/// - Returns: The probe's exit status and standard output (its standard error is this process's).
func runMemoryProbe(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let probe = CrashLoopTests.probe
    try #require(FileManager.default.isExecutableFile(atPath: probe.path), "no probe at \(probe.path)")
    let process = Process()
    process.executableURL = probe
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    let asan = environment["ASAN_OPTIONS"].map { $0 + ":" } ?? ""
    environment["ASAN_OPTIONS"] = asan + "quarantine_size_mb=0:thread_local_quarantine_size_kb=0"
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.standardError
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}
