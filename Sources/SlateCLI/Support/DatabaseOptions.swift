import ArgumentParser
import Foundation
import SlateCore
import SlateSchema

/// The options every command that opens a database shares: how long to wait for a lock, and
/// the encryption key under the `SQLCipher` trait.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Seconds to wait while another connection holds a lock.", valueName: "seconds"))
    var busyTimeout: Double = 5

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The database's encryption key (SQLCipher builds); SLATE_KEY in the environment works too.",
            valueName: "key"))
    var key: String?

    func validate() throws {
        guard busyTimeout >= 0, busyTimeout.isFinite else { throw ValidationError("--busy-timeout must be a number of seconds, 0 or more") }
    }

    /// The key from `--key`, else from `SLATE_KEY`; `nil` when neither is set.
    var resolvedKey: String? {
        if let key { return key }
        if let key = ProcessInfo.processInfo.environment["SLATE_KEY"], !key.isEmpty { return key }
        return nil
    }

    /// Opens an existing database, with the busy timeout and key applied.
    ///
    /// - Throws: ``CLIError`` naming the file when it is missing, not a database, or the key is wrong.
    func openExisting(_ path: String, readonly: Bool) throws -> Connection {
        let db = try withBusyRetry(path) { () throws(SQLiteError) in try Connection(path, options: readonly ? .readonly : .readwrite) }
        try prepare(db, path: path)
        return db
    }

    /// Opens a database, creating it when missing.
    ///
    /// - Returns: The connection, and whether this call created the file (the caller removes it
    ///   again if its work fails, so no empty database is left behind).
    func openOrCreate(_ path: String) throws -> (Connection, created: Bool) {
        let created = !pathExists(path)
        do {
            let db = try withBusyRetry(path) { () throws(SQLiteError) in try Connection(path) }
            do {
                try prepare(db, path: path)
            } catch {
                db.close()
                if created { removeDatabaseFiles(path) }
                throw error
            }
            return (db, created)
        } catch {
            if created { removeDatabaseFiles(path) }
            throw error
        }
    }

    /// Opens a connection, retrying while another connection holds a lock, up to the busy timeout.
    ///
    /// Opening reads the schema at once (to recognise a file that is not a database), before a
    /// busy timeout can be set on the new connection, so a lock held elsewhere would fail it at
    /// once without this.
    private func withBusyRetry(_ path: String, _ open: () throws(SQLiteError) -> Connection) throws -> Connection {
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                return try open()
            } catch  where error.isTransient && Date() < deadline {
                usleep(10_000)
            } catch {
                throw CLIError.database(path, error)
            }
        }
    }

    /// Applies the busy timeout and the key (before any read, as SQLCipher requires).
    func prepare(_ db: Connection, path: String) throws {
        // The busy timeout first: it touches no file, so it may precede the key, and the key's
        // check reads the schema, which must wait for a lock like everything else.
        do {
            try db.setBusyTimeout(busyTimeout)
        } catch {
            throw CLIError.database(path, error)
        }
        if let key = resolvedKey {
            #if SQLCipher
            do {
                try db.apply(.passphrase(key))
            } catch  where error.isTransient {
                throw CLIError.database(path, error)
            } catch {
                throw CLIError(file: path, position: nil, "cannot open with this key: \(error.explanation)")
            }
            #else
            _ = key
            throw CLIError("\(path): this slate was built without encryption support; build it with `--traits SQLCipher` to use --key or SLATE_KEY")
            #endif
        }
        #if SQLCipher
        if resolvedKey == nil {
            // Without a key SQLCipher opens any file and fails at the first read: read now, so an
            // encrypted database is named as such before any work starts.
            do {
                _ = try db.prepare(sql: "SELECT count(*) FROM sqlite_master").step()
            } catch  where error.isTransient {
                throw CLIError.database(path, error)
            } catch {
                throw CLIError(file: path, position: nil, "\(error.explanation) (if it is encrypted, give its key with --key or SLATE_KEY)")
            }
        }
        #endif
    }
}
