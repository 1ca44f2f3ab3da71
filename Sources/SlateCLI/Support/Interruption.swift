#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import SlateCore
import SlateSchema

/// Ctrl-C (SIGINT) and SIGTERM during an import: instead of dying mid-transaction (which would
/// leave a new database file and its journal behind), the import stops at its next read or
/// insert, rolls back, removes what it created and reports where it was.
enum Interruption {
    /// Set by the signal handler; read by the reader between chunks.
    nonisolated(unsafe) static var requested: sig_atomic_t = 0
    /// The connection whose statement the handler interrupts (`sqlite3_interrupt` may be called
    /// from anywhere while the connection is open).
    nonisolated(unsafe) static var connection: OpaquePointer?

    static var isRequested: Bool { requested != 0 }

    /// Installs the handlers, without SA_RESTART so a read blocked on a pipe returns at once.
    static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            var action = sigaction()
            #if os(Linux)
            action.__sigaction_handler.sa_handler = { _ in
                Interruption.requested = 1
                if let db = Interruption.connection { sqlite3_interrupt(db) }
            }
            #else
            action.__sigaction_u.__sa_handler = { _ in
                Interruption.requested = 1
                if let db = Interruption.connection { sqlite3_interrupt(db) }
            }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signalNumber, &action, nil)
        }
        // A parent may start us with these signals blocked (the mask is inherited): unblock
        // them, or Ctrl-C would wait until the import ends.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGINT)
        sigaddset(&unblocked, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// The cause an interrupted import reports.
    static let message = "interrupted; nothing was imported"

    /// The exit code of a run the signal stopped: 128 + SIGINT, as shells expect.
    static let exitCode: Int32 = 130

    /// The error an interrupted import reports (exit code 130).
    static func error(in file: String, at position: String?) -> CLIError {
        var error = CLIError(file: file, position: position, message)
        error.exitCode = exitCode
        return error
    }
}
