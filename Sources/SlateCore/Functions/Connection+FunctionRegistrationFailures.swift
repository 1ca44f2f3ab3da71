// SQLite.swift's untyped `createFunction` and its `createAggregation` forms (SlateSQLiteSwift) do not throw, and
// SQLite.swift traps when SQLite refuses one. Slate keeps the signatures but neither traps nor
// stays silent: the failure is kept on the connection (`lastFunctionRegistrationError`) and by
// name, so that a statement calling the function reports why it does not exist.

extension Connection {
    /// Runs a registration, recording its failure instead of throwing it.
    package func recordingRegistrationFailure(of name: String, _ register: () throws(SQLiteError) -> Void) {
        do {
            try register()
        } catch {
            let recorded = error.explained("registering \(name)() failed")
            lastFunctionRegistrationError = recorded
            failedFunctionRegistrations[Self.functionKey(name)] = recorded
        }
    }

    /// Forgets a recorded failure once the name is registered or removed successfully.
    func forgetFailedRegistration(of name: String) {
        guard !failedFunctionRegistrations.isEmpty else { return }
        failedFunctionRegistrations[Self.functionKey(name)] = nil
    }

    /// A compile error that names a function whose registration failed, with that failure's
    /// cause added to its details; any other error unchanged.
    func explainingFailedRegistration(_ error: SQLiteError) -> SQLiteError {
        guard !failedFunctionRegistrations.isEmpty else { return error }
        let prefix = "no such function: "
        guard error.message.hasPrefix(prefix),
            let failure = failedFunctionRegistrations[Self.functionKey(String(error.message.dropFirst(prefix.count)))]
        else { return error }
        return SQLiteError(
            code: error.code.rawValue, message: error.message,
            details: error.explanation + "; its registration failed: " + failure.explanation,
            sql: error.sql, offset: error.offset)
    }

    /// A compile error with what Slate knows about its cause: a JSON function missing from an
    /// old SQLite, or a function whose registration failed.
    func explainingPrepareFailure(_ error: SQLiteError) -> SQLiteError {
        explainingFailedRegistration(explainingMissingJSON(error))
    }

    /// SQLite matches function names without regard to ASCII case.
    static func functionKey(_ name: String) -> String {
        String(
            decoding: name.utf8.map { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 },
            as: UTF8.self)
    }
}
