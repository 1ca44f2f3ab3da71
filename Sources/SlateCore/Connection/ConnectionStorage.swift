import Foundation

/// Names a value that a layer built on SlateCore keeps in each connection (Slate's query layer
/// keeps its caches so), so that SlateCore needs to know nothing about it.
///
/// ```swift
/// enum LayoutCacheKey: ConnectionStorageKey {
///     static let slot = ConnectionStorageSlot()
///     static func makeValue() -> LayoutCache { LayoutCache() }
/// }
/// let cache = db[storage: LayoutCacheKey.self]   // made on first use, then the same object
/// ```
///
/// A value lives as long as its connection object, and never longer: the connection does not
/// keep it when it is freed or closed. A value that holds statements should conform to
/// ``ConnectionStorageValue`` to let go of them when the statement cache is cleared.
@usableFromInline
package protocol ConnectionStorageKey {
    /// The stored value: a class, so that it is changed in place.
    associatedtype Value: AnyObject
    /// Where the value lives in every connection: a `static let` initialized with
    /// `ConnectionStorageSlot()`, so that each key has its own slot.
    static var slot: ConnectionStorageSlot { get }
    /// Makes the value, the first time a connection is asked for it.
    static func makeValue() -> Value
}

/// A stored value that takes part in the connection's statement housekeeping.
package protocol ConnectionStorageValue: AnyObject {
    /// Called by ``Connection/clearStatementCache()``: forget the statements kept (statements in
    /// use elsewhere stay valid).
    func connectionWillClearStatementCache()
    /// Called by ``Connection/close()``, before the handle closes: release what refers to it.
    func connectionWillClose()
}

extension ConnectionStorageValue {
    package func connectionWillClearStatementCache() {}
    package func connectionWillClose() {}
}

/// The position of a ``ConnectionStorageKey``'s value in each connection's storage.
///
/// Reading a value is an array access, not a dictionary lookup: some values (Slate's insert
/// cache) are read on every insert, where hashing a key would cost much of what they save.
@usableFromInline
package struct ConnectionStorageSlot: Sendable {
    /// The value's index in ``Connection/storage``.
    @usableFromInline let index: Int

    /// A new slot, different from every other one made in the process.
    package init() {
        index = Self.lock.withLock {
            let index = Self.next
            Self.next += 1
            return index
        }
    }

    private static let lock = NSLock()
    /// The next free index; read and written only with ``lock`` held.
    nonisolated(unsafe) private static var next = 0
}

extension Connection {
    /// The value a key names in this connection, made on first use.
    ///
    /// - Parameter key: The key.
    @inlinable
    package subscript<Key: ConnectionStorageKey>(storage key: Key.Type) -> Key.Value {
        let index = Key.slot.index
        // A slot only ever holds the value its key made (see `makeStorage`), so the checked cast
        // always succeeds; it costs one class-pointer comparison for a final class.
        if index < storage.count, let value = storage[index] as? Key.Value {
            return value
        }
        return makeStorage(key)
    }

    /// Makes and keeps the value of a key that has none yet.
    @usableFromInline
    func makeStorage<Key: ConnectionStorageKey>(_ key: Key.Type) -> Key.Value {
        let index = Key.slot.index
        if storage.count <= index { storage += Array(repeating: nil, count: index + 1 - storage.count) }
        let value = Key.makeValue()
        storage[index] = value
        return value
    }

    /// The stored values that take part in housekeeping.
    var storageValues: [any ConnectionStorageValue] {
        storage.compactMap { $0 as? any ConnectionStorageValue }
    }
}
