import Foundation
import Slate
import Testing

/// The file-to-file copy the CLI's `backup` command relies on, through `import Slate`.
@Suite("CLIBackupSupportTests")
struct CLIBackupSupportTests {
    @Test func backupCopiesAFileDatabaseIntoANewFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slate-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try Connection(folder.appendingPathComponent("source.sqlite").path)
        try source.execute(sql: "CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('copied')")
        let destinationPath = folder.appendingPathComponent("backup.sqlite").path
        let destination = try Connection(destinationPath)
        try source.backup(to: destination)
        destination.close()
        let check = try Connection(destinationPath, readonly: true)
        #expect(try check.scalar(String.self, "SELECT x FROM t") == "copied")
    }
}
