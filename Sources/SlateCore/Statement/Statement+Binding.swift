extension Statement {
    /// The number of parameters (`?`, `?NNN`, `:name`, `@name`, `$name`) in the statement.
    public func parameterCount() -> Int32 { sqlite3_bind_parameter_count(handle) }

    /// The index of a named parameter.
    ///
    /// - Parameter name: The parameter's name with its prefix, such as `":name"`.
    /// - Returns: The 1-based index, or 0 when the statement has no such parameter.
    public func parameterIndexBy(_ name: String) -> Int32 {
        // SQLite would look up the part before a NUL: another parameter.
        name.utf8.contains(0) ? 0 : sqlite3_bind_parameter_index(handle, name)
    }

    /// The name of a parameter.
    ///
    /// - Parameter index: The 1-based parameter index.
    /// - Returns: The name with its prefix, or `nil` for a nameless (`?`) parameter.
    public func parameterNameBy(_ index: Int32) -> String? {
        sqlite3_bind_parameter_name(handle, index).map { String(cString: $0) }
    }

    /// Binds a value to a parameter.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The 1-based parameter index.
    /// - Throws: ``SQLiteError`` (`SQLITE_RANGE`) when `index` is out of range, or when the
    ///   connection is closed.
    @inlinable  // one switch and one `sqlite3_bind_*` call at the call site: inserts bind per row
    public func bind(_ value: SQLiteValue, at index: Int32) throws(SQLiteError) {
        try checkOpen()
        try value.bind(to: handle, at: index)
    }

    /// Binds a value to a named parameter.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - name: The parameter's name with its prefix (`":id"`); a bare name is tried with `:`,
    ///     `@` and `$`.
    /// - Throws: ``SQLiteError`` (`SQLITE_RANGE`) when the statement has no such parameter, or
    ///   when the connection is closed.
    public func bind(_ value: SQLiteValue, by name: String) throws(SQLiteError) {
        try checkOpen()
        try value.bind(to: handle, at: parameterIndex(forName: name))
    }

    /// Binds a Swift value (or NULL for `nil`) to a parameter.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - index: The 1-based parameter index.
    /// - Throws: ``SQLiteError`` when `index` is out of range, the value cannot be stored, or the
    ///   connection is closed.
    @inlinable
    public func bind<T: SQLiteBindable>(_ value: T?, at index: Int32) throws(SQLiteError) {
        try checkOpen()
        try value.bind(to: handle, at: index)
    }

    /// Binds a Swift value (or NULL for `nil`) to a named parameter.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - name: The parameter's name with its prefix (`":id"`); a bare name is tried with `:`,
    ///     `@` and `$`.
    /// - Throws: ``SQLiteError`` when there is no such parameter, the value cannot be stored, or
    ///   the connection is closed.
    public func bind<T: SQLiteBindable>(_ value: T?, by name: String) throws(SQLiteError) {
        try checkOpen()
        try value.bind(to: handle, at: parameterIndex(forName: name))
    }

    /// Sets every parameter back to NULL.
    ///
    /// - Throws: ``SQLiteError`` when the connection is closed, or when the statement is running
    ///   (its step would go on reading values that clearing frees).
    public func clearBindings() throws(SQLiteError) {
        try checkOpen()
        if isStepping { throw runningError() }
        sqlite3_clear_bindings(handle)
    }

    /// Throws when the statement's connection is closed. SQLite would still accept values for a
    /// statement of a closed connection (or, for a running one, report a misleading "statement
    /// is running"), only for the next step to fail.
    @inlinable @inline(__always)
    func checkOpen() throws(SQLiteError) {
        guard connectionHandle.db != nil else { throw SQLiteError.connectionClosed }
        try connectionHandle.checkAccess(statement: handle)
    }

    /// Resolves a parameter name, with or without its prefix.
    func parameterIndex(forName name: String) throws(SQLiteError) -> Int32 {
        try SQLiteError.checkNoNUL(name, "the parameter name")
        let candidates = name.first.map { ":@$?".contains($0) } == true ? [name] : [":" + name, "@" + name, "$" + name]
        for candidate in candidates {
            let index = sqlite3_bind_parameter_index(handle, candidate)
            if index > 0 { return index }
        }
        let known = (1...Swift.max(1, parameterCount())).compactMap { parameterNameBy($0) }
        throw SQLiteError.range(
            "the statement has no parameter named \(name)"
                + (known.isEmpty ? "" : "; its named parameters are \(known.joined(separator: ", "))"),
            sql: sql)
    }

    /// Binds SQLite.swift-style positional values, checking that their number matches.
    package func bindAll(_ values: [(any SQLiteBindable)?]) throws(SQLiteError) {
        try checkOpen()
        let count = parameterCount()
        guard values.count == Int(count) else {
            throw SQLiteError.range("\(values.count) value(s) given for \(count) parameter(s)", sql: sql)
        }
        resetHandle()
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            if let value {
                try value.bind(to: handle, at: index)
            } else {
                try checkBind(sqlite3_bind_null(handle, index), statement: handle, index: index)
            }
        }
    }

    /// Binds SQLite.swift-style named values (keys with their prefix, such as `":email"`).
    package func bindAll(_ values: [String: (any SQLiteBindable)?]) throws(SQLiteError) {
        try checkOpen()
        resetHandle()
        for (name, value) in values {
            let index = try parameterIndex(forName: name)
            if let value {
                try value.bind(to: handle, at: index)
            } else {
                try checkBind(sqlite3_bind_null(handle, index), statement: handle, index: index)
            }
        }
    }
}
