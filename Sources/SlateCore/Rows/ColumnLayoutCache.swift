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
    package func value<Value: AnyObject>(for key: ObjectIdentifier, make: () -> Value) -> Value {
        lock.lock()
        let kept = entries.first(where: { $0.key == key })?.value as? Value
        lock.unlock()
        if let kept { return kept }
        let made = make()
        lock.lock()
        defer { lock.unlock() }
        if let kept = entries.first(where: { $0.key == key })?.value as? Value { return kept }
        entries.removeAll { $0.key == key }
        entries.append((key, made))
        return made
    }
}
