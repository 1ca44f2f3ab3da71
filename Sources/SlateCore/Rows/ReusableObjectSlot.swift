import Foundation

/// One object lent to one caller at a time: what a layer above SlateCore keeps per
/// ``ColumnLayout`` to reuse across rows (the typed layer's Codable decoder, so that decoding
/// copied rows costs no decoder and no key resolution per row).
///
/// Rows are `Sendable` and may be decoded on several threads at once, and decoding one row may
/// decode another of the same layout: the slot lends its object to one caller at a time (a
/// try-lock), and any other caller makes its own.
package final class ReusableObjectSlot: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`.
    private var object: (any ReusableObject)?

    package init() {}

    /// Borrows the slot's object, made by `make` the first time, or returns `nil` when another
    /// caller has it. Give it back with ``checkIn()``.
    ///
    /// - Parameter make: Makes the object.
    package func checkOut<Object: ReusableObject>(orMake make: () -> Object) -> Object? {
        guard lock.try() else { return nil }
        if let object = object as? Object { return object }
        let made = make()
        object = made
        return made
    }

    /// Gives the object back after ``checkOut(orMake:)``.
    package func checkIn() { lock.unlock() }

    deinit {
        object?.retire()
    }
}

/// An object a ``ReusableObjectSlot`` lends.
package protocol ReusableObject: AnyObject {
    /// Called when the slot goes away: breaks any reference cycle the object keeps for reuse.
    func retire()
}
