import Foundation

/// The package's root folder (the one holding `Package.swift`), found from a test file's path,
/// so tests that read the README or the DocC articles do not depend on how deep they sit.
public func packageRoot(from filePath: String = #filePath) -> URL {
    var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while folder.path != "/" {
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            return folder
        }
        folder = folder.deletingLastPathComponent()
    }
    return folder
}
