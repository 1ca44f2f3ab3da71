/// A small open-addressing table from a column name to the index of the first column spelled
/// exactly so, for ``ColumnLayout/index(of:)`` (and other layers' column keys).
///
/// Column names are short, so hashing their UTF-8 bytes with FNV-1a costs a few instructions
/// per byte, where `Dictionary<String, Int>` runs SipHash (about 300 instructions per lookup).
///
/// "Spelled exactly so" means what Swift's `==` means, as for the dictionaries the table stands
/// in for: canonical equivalence, which a byte hash cannot follow in general. So the table only
/// answers for ASCII names, and it must know every name equal to one: an ASCII name is
/// canonically equal to a few non-ASCII ones, such as KELVIN SIGN (U+212A), which equals "K"
/// (and, ignoring case, "k"). The table holds such a name under the hash of its ASCII
/// equivalent, so "K" finds whichever of "K" and the Kelvin sign comes first, as a dictionary
/// would. Lookups of other non-ASCII names get ``Lookup/unknown``, and the caller uses its
/// dictionary.
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

    /// For each slot, `-1` when empty, else the name's hash in the high 32 bits and the column
    /// index in the low 32: a probe compares hashes first, and compares strings only when the
    /// hashes agree (comparing two different strings is a call into the runtime).
    @usableFromInline let slots: [Int64]
    @usableFromInline let mask: Int

    package init(names: [String]) {
        var capacity = 8
        while capacity < names.count * 2 { capacity *= 2 }
        var slots = [Int64](repeating: -1, count: capacity)
        let mask = capacity - 1
        for (index, name) in names.enumerated() {
            // A non-ASCII name is stored only under its ASCII equivalent, if it has one; lookups
            // of non-ASCII names go to the dictionary.
            guard let hash = Self.hash(name) ?? Self.asciiEquivalent(of: name).flatMap(Self.hash) else { continue }
            let tag = Int64(truncatingIfNeeded: hash & 0x7fff_ffff) << 32
            var slot = hash & mask
            var isRepeat = false
            while slots[slot] >= 0 {
                let entry = slots[slot]
                if entry & ~0xffff_ffff == tag && names[Int(entry & 0xffff_ffff)] == name {
                    isRepeat = true  // keep the first column of that name
                    break
                }
                slot = (slot + 1) & mask
            }
            if !isRepeat { slots[slot] = tag | Int64(index) }
        }
        self.slots = slots
        self.mask = mask
    }

    /// Looks a name up.
    ///
    /// - Parameters:
    ///   - name: The column name.
    ///   - names: The names the table was built from.
    @inlinable @inline(__always)
    package func lookup(_ name: String, in names: [String]) -> Lookup {
        guard let hash = Self.hash(name) else { return .unknown }
        return lookup(name, hash: hash, in: names)
    }

    /// Looks a name up by its ``hash(_:)``, computed once for several tables.
    ///
    /// - Parameters:
    ///   - name: The column name (ASCII).
    ///   - hash: `hash(name)`.
    ///   - names: The names the table was built from.
    @inlinable @inline(__always)
    package func lookup(_ name: String, hash: Int, in names: [String]) -> Lookup {
        let tag = Int64(truncatingIfNeeded: hash & 0x7fff_ffff) << 32
        var slot = hash & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { return .absent }
            if entry & ~0xffff_ffff == tag {
                let index = Int(entry & 0xffff_ffff)
                if names[index] == name { return .found(index) }
            }
            slot = (slot + 1) & mask
        }
    }

    /// The ASCII string canonically equal to `name` (the one Swift's `==` calls equal to it), or
    /// `nil` when there is none.
    ///
    /// Canonical equivalence keeps combining marks, which are not ASCII, so only a name whose
    /// every non-ASCII scalar decomposes to one ASCII character alone (a singleton
    /// decomposition: U+212A KELVIN SIGN to "K", U+037E GREEK QUESTION MARK to ";", U+1FEF
    /// GREEK VARIA to "`") can have one. Singletons are excluded from composition, which rules
    /// out nearly every other scalar before any comparison; the answer is then checked with `==`
    /// itself, so it agrees with Swift's comparison by construction. Run when a table is built,
    /// for non-ASCII names only.
    static func asciiEquivalent(of name: String) -> String? {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                scalars.append(scalar)
                continue
            }
            guard scalar.properties.isFullCompositionExclusion else { return nil }
            let text = String(scalar)
            guard let ascii = (UInt8(0)..<128).lazy.map(Unicode.Scalar.init).first(where: { String($0) == text }) else {
                return nil
            }
            scalars.append(ascii)
        }
        let candidate = String(scalars)
        return candidate == name ? candidate : nil
    }

    /// FNV-1a over the UTF-8 bytes, or `nil` when a byte is not ASCII (such names are not in
    /// the table).
    @inlinable @inline(__always)
    package static func hash(_ name: String) -> Int? {
        // Over a buffer when the string has one (native and small strings do): iterating the
        // `UTF8View` instead costs tens of instructions per byte.
        if let hash = name.utf8.withContiguousStorageIfAvailable(hash(bytes:)) { return hash }
        return hash(bytes: name.utf8)
    }

    @inlinable @inline(__always)
    static func hash(bytes: some Sequence<UInt8>) -> Int? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var high: UInt8 = 0
        for byte in bytes {
            high |= byte
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        guard high < 0x80 else { return nil }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
