extension Function {
    /// The arguments of one call of a function, as SQLite passed them.
    ///
    /// It is a collection of ``SQLiteValue``s, read with a typed subscript or with
    /// ``get(_:as:)``, which explains what went wrong:
    ///
    /// ```swift
    /// let name: String? = args[0]             // nil when NULL or not text
    /// let count = try args.get(1, as: Int.self)  // throws unless an integer
    /// ```
    ///
    /// The values are copied out of SQLite, so the arguments stay valid after the call.
    public struct Arguments: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible {
        /// The values, in order.
        public let values: [SQLiteValue]

        /// The name of the function called, for error messages.
        public let functionName: String

        /// Creates arguments (for calling a function's code directly, as in a test).
        ///
        /// - Parameters:
        ///   - values: The argument values.
        ///   - functionName: The function's name, used in error messages.
        public init(_ values: [SQLiteValue], functionName: String = "function") {
            self.values = values
            self.functionName = functionName
        }

        /// The position of the first argument (0).
        public var startIndex: Int { values.startIndex }

        /// The position after the last argument.
        public var endIndex: Int { values.endIndex }

        /// The argument at a 0-based position, or `.null` past the last one.
        ///
        /// - Parameter position: The 0-based position.
        public subscript(position: Int) -> SQLiteValue {
            values.indices.contains(position) ? values[position] : .null
        }

        /// The argument at a 0-based position converted to a Swift type, or `nil` when it is
        /// NULL, missing, or does not convert exactly.
        ///
        /// - Parameter index: The 0-based position.
        public subscript<T: SQLiteRepresentable>(index: Int) -> T? {
            T(self[index])
        }

        /// The argument at a 0-based position converted to a Swift type.
        ///
        /// Ask for an optional type (`Int?.self`) to accept NULL.
        ///
        /// - Parameters:
        ///   - index: The 0-based position.
        ///   - type: The type to convert to.
        /// - Returns: The converted value.
        /// - Throws: ``SQLiteError`` (`SQLITE_RANGE`) when there is no such argument, or
        ///   (`SQLITE_MISMATCH`) when the value is NULL or of another type.
        public func get<T: SQLiteRepresentable>(_ index: Int, as type: T.Type = T.self) throws(SQLiteError) -> T {
            guard values.indices.contains(index) else {
                throw SQLiteError.range("\(functionName)() has no argument \(index + 1): it was called with \(count)")
            }
            let value = values[index]
            guard let converted = T(value) else {
                throw SQLiteError.mismatch(
                    "argument \(index + 1) of \(functionName)() is \(value.storageClassName) \(value.sqliteLiteral.prefix(40)), "
                        + "which does not convert to \(T.self)")
            }
            return converted
        }

        /// The arguments as SQL literals, for logging.
        public var description: String { "(" + values.map(\.sqliteLiteral).joined(separator: ", ") + ")" }
    }
}

extension SQLiteValue {
    /// The name of the value's storage class, for error messages.
    var storageClassName: String {
        switch self {
        case .int: "INTEGER"
        case .real: "REAL"
        case .text: "TEXT"
        case .blob: "BLOB"
        case .null: "NULL"
        }
    }
}
