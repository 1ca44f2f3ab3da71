extension Connection.URIQueryParameter {
    /// `nolock=1`, as SQLite.swift's source spells it (its documentation and Slate's primary
    /// spelling is the case ``noLock(_:)``).
    ///
    /// - Parameter enabled: Whether locking is disabled.
    /// - Returns: `.noLock(enabled)`.
    public static func nolock(_ enabled: Bool) -> Connection.URIQueryParameter { .noLock(enabled) }
}
