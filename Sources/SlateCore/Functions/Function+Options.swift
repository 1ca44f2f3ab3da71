extension Function {
    /// How SQLite may use a function (the `SQLITE_DETERMINISTIC`, `SQLITE_DIRECTONLY` and
    /// `SQLITE_INNOCUOUS` flags of `sqlite3_create_function_v2`).
    public struct Options: OptionSet, Hashable, Sendable {
        /// The flag bits.
        public let rawValue: Int32

        /// Creates options from flag bits.
        ///
        /// - Parameter rawValue: `SQLITE_DETERMINISTIC`, `SQLITE_DIRECTONLY` and/or `SQLITE_INNOCUOUS`.
        public init(rawValue: Int32) { self.rawValue = rawValue }

        /// The function always gives the same result for the same arguments, so SQLite may
        /// factor calls out of loops and use it in indexes, CHECK constraints and generated columns.
        public static let deterministic = Options(rawValue: SQLITE_DETERMINISTIC)

        /// The function may only be called from top-level SQL, never from triggers, views,
        /// CHECK constraints or indexes in the schema (a defense against a crafted database file).
        public static let directonly = Options(rawValue: SQLITE_DIRECTONLY)

        /// The function has no side effects and reads nothing but its arguments, so it is safe
        /// even in a schema of unknown origin.
        public static let innocuous = Options(rawValue: SQLITE_INNOCUOUS)
    }
}
