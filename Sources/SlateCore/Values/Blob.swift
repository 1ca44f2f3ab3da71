import Foundation

/// A binary value, as SQLite.swift spells it: a thin wrapper over bytes that maps to `BLOB`.
public struct Blob: Hashable, Sendable, CustomStringConvertible {
    /// The bytes.
    public let bytes: [UInt8]

    /// Wraps an array of bytes.
    ///
    /// - Parameter bytes: The bytes.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Copies bytes from memory.
    ///
    /// - Parameters:
    ///   - bytes: The start of the bytes.
    ///   - length: The number of bytes.
    public init(bytes: UnsafeRawPointer, length: Int) {
        self.bytes = Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    /// Copies the bytes of a `Data`.
    ///
    /// - Parameter data: The data.
    public init(data: Data) { self.bytes = Array(data) }

    /// The bytes as lowercase hexadecimal digits.
    public func toHex() -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// The bytes as an SQL blob literal, such as `x'00ff'`.
    public var description: String { "x'\(toHex())'" }
}

extension Blob: SQLiteRepresentable {
    /// The bytes as `.blob`.
    public var sqliteValue: SQLiteValue { .blob(Data(bytes)) }

    /// Reads a BLOB (or the UTF-8 bytes of TEXT).
    public init?(_ value: SQLiteValue) {
        guard let data = Data(value) else { return nil }
        self.init(data: data)
    }
}
