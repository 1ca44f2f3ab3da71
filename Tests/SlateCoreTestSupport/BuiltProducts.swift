import Foundation

/// The folder the build put its products in (the test runner, `slate`, the probes), found from
/// the running test process; `name` is a product's file in it.
public func builtProduct(_ name: String) -> URL {
    #if os(Linux)
    let runner = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    let folder = URL(fileURLWithPath: runner).deletingLastPathComponent()
    #else
    let folder = Bundle.main.bundleURL.deletingLastPathComponent()
    #endif
    return folder.appendingPathComponent(name)
}
