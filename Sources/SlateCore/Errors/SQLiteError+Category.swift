extension SQLiteError {
    /// What an error means for the caller: the decision a `catch` block usually has to make.
    public enum Category: String, Hashable, Sendable, CaseIterable {
        /// The database was busy or locked by another connection: retrying later may succeed.
        case transient
        /// A constraint (UNIQUE, NOT NULL, CHECK, FOREIGN KEY, …) rejected the change.
        case constraint
        /// A programming error: bad SQL, wrong types, wrong indices, API misuse, closed connection.
        case misuse
        /// An input/output failure, including a full disk or a file that cannot be opened.
        case io
        /// The database file is corrupt.
        case corrupt
        /// The file is not a database, or is encrypted with another key.
        case notADatabase
        /// The database, or the connection, is read-only.
        case readOnly
        /// The operation was interrupted (`Connection.interrupt()`) or aborted.
        case interrupted
        /// Anything else.
        case other

        /// Classifies an SQLite result code.
        init(code: Code) {
            switch code.primary {
            case SQLITE_BUSY, SQLITE_LOCKED: self = .transient
            case SQLITE_CONSTRAINT: self = .constraint
            case SQLITE_ERROR, SQLITE_MISUSE, SQLITE_RANGE, SQLITE_MISMATCH, SQLITE_SCHEMA, SQLITE_TOOBIG,
                SQLITE_AUTH:
                self = .misuse
            case SQLITE_IOERR, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOLFS, SQLITE_PROTOCOL, SQLITE_PERM,
                SQLITE_NOMEM:
                self = .io
            case SQLITE_CORRUPT, SQLITE_FORMAT: self = .corrupt
            case SQLITE_NOTADB: self = .notADatabase
            case SQLITE_READONLY: self = .readOnly
            case SQLITE_INTERRUPT, SQLITE_ABORT: self = .interrupted
            default: self = .other
            }
        }

        /// A sentence for people using an app, free of SQL and data.
        public var userFacingMessage: String {
            switch self {
            case .transient: "The database is busy. Please try again in a moment."
            case .constraint: "This change conflicts with existing data and was not saved."
            case .misuse: "The app made an invalid request to its database."
            case .io: "The database could not be read or written. Check free disk space and permissions."
            case .corrupt: "The database file is damaged."
            case .notADatabase: "The file is not a database, or the password is wrong."
            case .readOnly: "The database is read-only, so the change was not saved."
            case .interrupted: "The operation was cancelled."
            case .other: "An unexpected database error occurred."
            }
        }
    }
}
