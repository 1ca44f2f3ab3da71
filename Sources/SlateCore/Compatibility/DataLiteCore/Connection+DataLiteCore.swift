import Foundation

// DataLiteCore's connection article spells a few calls differently from its API inventory;
// Slate accepts both so that code written from either compiles unchanged.

extension Connection {
    /// Registers a delegate (DataLiteCore's article spelling of ``add(delegate:)``).
    ///
    /// - Parameter delegate: The delegate, held weakly.
    public func addDelegate(_ delegate: any ConnectionDelegate) { add(delegate: delegate) }

    /// Unregisters a delegate (DataLiteCore's article spelling of ``remove(delegate:)``).
    ///
    /// - Parameter delegate: The delegate to remove.
    public func removeDelegate(_ delegate: any ConnectionDelegate) { remove(delegate: delegate) }
}

extension Connection.Key {
    /// A raw 32-byte key (DataLiteCore's article spelling of ``rawKey(_:)``).
    ///
    /// - Parameter data: The key bytes; they are checked to be 32 bytes when the key is applied.
    /// - Returns: `.rawKey(data)`.
    public static func raw(data: Data) -> Connection.Key { .rawKey(data) }
}
