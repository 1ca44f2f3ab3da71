import Foundation

/// Warnings on standard error, one line each, capped so a file with a repair on every line
/// does not flood the terminal.
final class WarningPrinter {
    private var printed = 0
    private var suppressed = 0
    let limit: Int

    init(limit: Int = 50) {
        self.limit = limit
    }

    func warn(_ message: String) {
        guard printed < limit else {
            suppressed += 1
            return
        }
        printed += 1
        ProgressBar.clearLine()
        FileHandle.standardError.write(Data(("slate: warning: " + message.singleLine + "\n").utf8))
    }

    /// Says how many warnings were not shown.
    func finish() {
        guard suppressed > 0 else { return }
        FileHandle.standardError.write(Data("slate: warning: \(suppressed) more warning\(suppressed == 1 ? "" : "s") not shown\n".utf8))
    }
}
