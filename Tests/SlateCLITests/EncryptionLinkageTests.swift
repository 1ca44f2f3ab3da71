import Foundation
import SlateTestSupport
import Testing

/// Proves with `ldd` that the `slate` executable links exactly one SQLite library: SQLCipher in the
/// `SQLCipher` trait build, the system SQLite otherwise. Linking both would resolve every
/// `sqlite3_*` symbol by link order, silently.
@Suite("EncryptionLinkage")
struct EncryptionLinkageTests {
    #if os(Linux)
    @Test("The slate executable links exactly the SQLite library its trait selects")
    func slateLinksOneLibrary() throws {
        // The test runner is built into the same folder as the `slate` product.
        let slate = builtProduct("slate")
        try #require(FileManager.default.isExecutableFile(atPath: slate.path), "no slate binary at \(slate.path)")

        let ldd = Process()
        ldd.executableURL = URL(fileURLWithPath: "/usr/bin/ldd")
        ldd.arguments = [slate.path]
        let output = Pipe()
        ldd.standardOutput = output
        try ldd.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        ldd.waitUntilExit()
        #expect(ldd.terminationStatus == 0)
        let libraries = String(decoding: data, as: UTF8.self)

        let linksSQLCipher = libraries.contains("libsqlcipher.so")
        let linksSQLite = libraries.contains("libsqlite3.so")
        #if SQLCipher
        #expect(linksSQLCipher && !linksSQLite, "ldd \(slate.path):\n\(libraries)")
        #else
        #expect(linksSQLite && !linksSQLCipher, "ldd \(slate.path):\n\(libraries)")
        #endif
    }
    #endif
}
