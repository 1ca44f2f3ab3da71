/// A small open-addressing table from a column name to the index of the first column spelled
/// exactly so, for ``ColumnLayout/index(of:)`` (and the typed layer's column keys).
///
/// Column names are short, so hashing their UTF-8 bytes with FNV-1a costs a few instructions
/// per byte, where `Dictionary<String, Int>` runs SipHash (about 300 instructions per lookup).
/// Swift compares strings by canonical equivalence, which a byte hash cannot follow, so the
/// table only answers for ASCII names (an ASCII string is canonically equal only to itself);
/// other names get ``Lookup/unknown`` and the caller uses its dictionary.
package struct ColumnNameTable: Sendable {
    /// What a lookup found.
    package enum Lookup: Equatable {
        /// The index of the first column with exactly that spelling.
        case found(Int)
        /// No column has exactly that spelling.
        case absent
        /// The table cannot tell (a name that is not ASCII).
        case unknown
    }

    /// Column indices, `-1` for an empty slot; the count is a power of two.
    private let slots: [Int32]
    private let mask: Int

    package init(names: [String]) {
        var capacity = 8
        while capacity < names.count * 2 { capacity *= 2 }
        var slots = [Int32](repeating: -1, count: capacity)
        let mask = capacity - 1
        for (index, name) in names.enumerated() {
            // Non-ASCII names are not stored: their lookups go to the dictionary.
            guard let hash = Self.asciiHash(name) else { continue }
            var slot = hash & mask
            while slots[slot] >= 0 {
                if names[Int(slots[slot])] == name { break }   // keep the first column of that name
                slot = (slot + 1) & mask
            }
            if slots[slot] < 0 { slots[slot] = Int32(index) }
        }
        self.slots = slots
        self.mask = mask
    }

    /// Looks a name up.
    ///
    /// - Parameters:
    ///   - name: The column name.
    ///   - names: The names the table was built from.
    @inline(__always)
    package func lookup(_ name: String, in names: [String]) -> Lookup {
        guard let hash = Self.asciiHash(name) else { return .unknown }
        var slot = hash & mask
        while true {
            let index = Int(slots[slot])
            if index < 0 { return .absent }
            if names[index] == name { return .found(index) }
            slot = (slot + 1) & mask
        }
    }

    /// FNV-1a over the UTF-8 bytes, or `nil` when a byte is not ASCII.
    @inline(__always)
    private static func asciiHash(_ name: String) -> Int? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var high: UInt8 = 0
        for byte in name.utf8 {
            high |= byte
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        guard high < 0x80 else { return nil }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
