import Foundation

/// One decoder per query layout, reused for each copied row that `Row.decode()` decodes, so that
/// SQLite.swift's documented `try db.prepare(table).map { try $0.decode() }` costs no decoder
/// and no container per row and resolves each key to its column once per layout rather than once
/// per row.
///
/// Rows are `Sendable` and may be decoded on several threads at once, and a value's
/// `init(from:)` may decode another row of the same query: the slot lends its decoder to one
/// caller at a time (a try-lock), and any other caller makes its own decoder, as before.
final class RowDecoderSlot: @unchecked Sendable {
    /// The layout a parked decoder points at, so that it holds no query's layout.
    static let parkedLayout = ColumnLayout(names: [])

    private let lock = NSLock()
    /// Guarded by `lock`.
    private var decoder: RowDecoder?

    /// The decoder, or `nil` when another caller has it.
    func checkOut() -> RowDecoder? {
        guard lock.try() else { return nil }
        if let decoder { return decoder }
        let made = RowDecoder(reusableFor: Self.parkedLayout)
        decoder = made
        return made
    }

    /// Gives the decoder back after ``checkOut()``.
    func checkIn() { lock.unlock() }

    deinit {
        // The decoder's cached container refers back to it.
        decoder?.finish()
    }
}
