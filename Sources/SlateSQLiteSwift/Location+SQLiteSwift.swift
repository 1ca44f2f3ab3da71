extension Connection.URIQueryParameter {
    /// `nolock=1`, as SQLite.swift's source spells it (its documentation and Slate's primary
    /// spelling is the case `noLock(_:)`).
    ///
    /// - Parameter enabled: Whether locking is disabled.
    /// - Returns: `.noLock(enabled)`.
    public static func nolock(_ enabled: Bool) -> Connection.URIQueryParameter { .noLock(enabled) }
}

extension Connection.Location: CustomStringConvertible {
    /// The filename SQLite opens (SQLite.swift's `description`; the primary is `filename`):
    /// `":memory:"`, `""`, the path, or the URI with its query parameters, such as
    /// `file:foo?mode=ro&cache=private`.
    public var description: String { filename }
}
