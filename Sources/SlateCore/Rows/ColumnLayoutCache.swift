import Foundation

/// Objects that a layer above SlateCore derives from a ``ColumnLayout`` once and reuses for every
/// row with that layout (the typed layer's record column indexes), keyed by the type they serve.
///
/// A layout is shared by the rows copied from a statement, which may be read on several threads,
/// so the cache takes a lock; it holds a handful of entries (one per record type read with the
/// layout), searched in order.
package final class ColumnLayoutCache: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var entries: [(key: ObjectIdentifier, value: AnyObject)] = []

    package init() {}

    /// The object kept for `key`, made with `make` the first time.
    ///
    /// - Parameters:
    ///   - key: The type the object serves.
    ///   - make: Makes the object (outside the lock: it may read the layout, which takes none).
    /// - Returns: The kept object, or the new one.
    @inlinable
    package func value<Value: AnyObject>(for key: ObjectIdentifier, make: () -> Value) -> Value {
        // The cast is made here, where `Value` is known (a class cast), not in unspecialized code.
        if let kept = object(for: key) as? Value { return kept }
        let made = make()
        return keep(made, for: key) as? Value ?? made
    }

    /// The object kept for `key`, if any.
    @usableFromInline
    package func object(for key: ObjectIdentifier) -> AnyObject? {
        lock.lock()
        defer { lock.unlock() }
        for entry in entries where entry.key == key { return entry.value }
        return nil
    }

    /// Keeps `made` for `key` unless another thread kept one first; returns the kept one.
    @usableFromInline
    package func keep(_ made: AnyObject, for key: ObjectIdentifier) -> AnyObject {
        lock.lock()
        defer { lock.unlock() }
        for entry in entries where entry.key == key { return entry.value }
        entries.append((key, made))
        return made
    }
}
