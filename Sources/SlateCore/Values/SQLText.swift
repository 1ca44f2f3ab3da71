#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SQL text (or an identifier) compared byte for byte, as SQLite compares it.
///
/// Swift's `String ==` and hashing follow Unicode canonical equivalence: `"café"` spelled with
/// `é` (U+00E9) equals `"café"` spelled with `e` + U+0301. SQLite compares identifiers by their
/// bytes, so those are two different tables or columns, and a cache keyed by `String` could hand
/// out the statement compiled for the other one. Caches of SQL text use this key instead.
package struct SQLText: Hashable, Sendable {
    /// The text.
    package let text: String

    /// Wraps text.
    package init(_ text: String) { self.text = text }

    /// Whether the two texts have the same UTF-8 bytes.
    package static func == (lhs: SQLText, rhs: SQLText) -> Bool { identicalText(lhs.text, rhs.text) }

    /// Hashes the UTF-8 bytes.
    package func hash(into hasher: inout Hasher) {
        if text.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
            for byte in text.utf8 { hasher.combine(byte) }
        }
    }
}

/// Whether two strings have the same UTF-8 bytes (not merely canonically equivalent ones).
///
/// Strings with the same representation (the same storage, or the same small-string bytes)
/// answer at once: the common case of a cache comparing a key with itself. Otherwise the byte
/// counts, then the bytes (`memcmp` over each string's contiguous UTF-8).
@inlinable @inline(__always)
package func identicalText(_ lhs: String, _ rhs: String) -> Bool {
    if MemoryLayout<String>.size == MemoryLayout<(UInt64, UInt64)>.size {
        // Reading a String's two words as integers: identical words are the same small-string
        // bytes or the same storage object, so the same text. (Different words prove nothing.)
        // Relies on String's two-word layout (checked above); measured: W5 `c0 <- v0` 10,025
        // instructions per row, 10,792 without it (Benchmarks/PROFILE.md, “Unsafe flags”).
        let left = unsafeBitCast(lhs, to: (UInt64, UInt64).self)
        let right = unsafeBitCast(rhs, to: (UInt64, UInt64).self)
        if left == right { return true }
    }
    let count = lhs.utf8.count
    guard count == rhs.utf8.count else { return false }
    let same = lhs.utf8.withContiguousStorageIfAvailable { left in
        rhs.utf8.withContiguousStorageIfAvailable { right in
            guard let left = left.baseAddress, let right = right.baseAddress else { return count == 0 }
            return memcmp(left, right, count) == 0
        }
    }
    return (same ?? nil) ?? lhs.utf8.elementsEqual(rhs.utf8)
}
