import Foundation
import Slate
import SlateTestSupport
import Testing

/// The file-to-file copy the CLI's `backup` command relies on, through `import Slate`.
@Suite("CLIBackupSupportTests")
struct CLIBackupSupportTests {
    @Test func backupCopiesAFileDatabaseIntoANewFile() throws {
        let folder = try TemporaryDirectory()
        let source = try folder.database("source.sqlite", "CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('copied')")
        let destinationPath = folder.path("backup.sqlite")
        let destination = try Connection(destinationPath)
        try source.backup(to: destination)
        destination.close()
        let check = try Connection(destinationPath, options: .readonly)
        #expect(try check.scalar(String.self, "SELECT x FROM t") == "copied")
    }
}
