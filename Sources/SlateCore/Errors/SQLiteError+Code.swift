extension SQLiteError {
    /// An SQLite result code that matches both its extended and its primary value.
    ///
    /// SQLite reports extended codes such as `SQLITE_CONSTRAINT_UNIQUE` (2067), while most code
    /// compares against primary codes such as `SQLITE_CONSTRAINT` (19). A `Code` compares equal
    /// to, and pattern-matches, both:
    ///
    /// ```swift
    /// error.code == SQLITE_CONSTRAINT         // true for SQLITE_CONSTRAINT_UNIQUE
    /// error.code == SQLITE_CONSTRAINT_UNIQUE  // true
    /// error.code == SQLITE_CONSTRAINT_NOTNULL // false
    /// ```
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The extended result code.
        public let rawValue: Int32

        /// Creates a code from a (primary or extended) SQLite result code.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// The primary result code: the low eight bits of the extended code.
        public var primary: Int32 { rawValue & 0xFF }

        /// Whether this code is `other`, or has `other` as its primary code.
        ///
        /// - Parameter other: A primary or extended SQLite result code.
        public func matches(_ other: Int32) -> Bool {
            if other == rawValue { return true }
            // A primary code (no extended bits) matches every extended code built on it.
            return other == (other & 0xFF) && other == primary
        }

        /// The name of the code's C constant, such as `"SQLITE_CONSTRAINT_UNIQUE"`, when known.
        public var name: String? { Self.names[rawValue] ?? Self.extendedNames[rawValue] ?? Self.names[primary] }

        /// The code and, when known, its C constant's name.
        public var description: String { name.map { "\(rawValue) (\($0))" } ?? "\(rawValue)" }

        /// Pattern-matches an `Int32` result code in a `switch` (primary or extended).
        public static func ~= (pattern: Int32, value: Code) -> Bool { value.matches(pattern) }

        /// Compares with an `Int32` result code: equal when the codes are the same, or when
        /// `rhs` is the primary code of `lhs`.
        public static func == (lhs: Code, rhs: Int32) -> Bool { lhs.matches(rhs) }

        /// Compares with an `Int32` result code: equal when the codes are the same, or when
        /// `lhs` is the primary code of `rhs`.
        public static func == (lhs: Int32, rhs: Code) -> Bool { rhs.matches(lhs) }

        /// The negation of `==` against an `Int32` result code.
        public static func != (lhs: Code, rhs: Int32) -> Bool { !lhs.matches(rhs) }

        static let names: [Int32: String] = [
            SQLITE_ERROR: "SQLITE_ERROR", SQLITE_INTERNAL: "SQLITE_INTERNAL", SQLITE_PERM: "SQLITE_PERM",
            SQLITE_ABORT: "SQLITE_ABORT", SQLITE_BUSY: "SQLITE_BUSY", SQLITE_LOCKED: "SQLITE_LOCKED",
            SQLITE_NOMEM: "SQLITE_NOMEM", SQLITE_READONLY: "SQLITE_READONLY",
            SQLITE_INTERRUPT: "SQLITE_INTERRUPT", SQLITE_IOERR: "SQLITE_IOERR", SQLITE_CORRUPT: "SQLITE_CORRUPT",
            SQLITE_NOTFOUND: "SQLITE_NOTFOUND", SQLITE_FULL: "SQLITE_FULL", SQLITE_CANTOPEN: "SQLITE_CANTOPEN",
            SQLITE_PROTOCOL: "SQLITE_PROTOCOL", SQLITE_EMPTY: "SQLITE_EMPTY", SQLITE_SCHEMA: "SQLITE_SCHEMA",
            SQLITE_TOOBIG: "SQLITE_TOOBIG", SQLITE_CONSTRAINT: "SQLITE_CONSTRAINT",
            SQLITE_MISMATCH: "SQLITE_MISMATCH", SQLITE_MISUSE: "SQLITE_MISUSE", SQLITE_NOLFS: "SQLITE_NOLFS",
            SQLITE_AUTH: "SQLITE_AUTH", SQLITE_FORMAT: "SQLITE_FORMAT", SQLITE_RANGE: "SQLITE_RANGE",
            SQLITE_NOTADB: "SQLITE_NOTADB", SQLITE_NOTICE: "SQLITE_NOTICE", SQLITE_WARNING: "SQLITE_WARNING"
        ]
    }
}
