// Shared by every fuzz target (Fuzz/run.sh compiles it into each one).
import Foundation
import SlateCore

/// Reads typed values from the fuzzer's bytes, front to back; past the end it reads zeros.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
        bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    /// Up to `limit` bytes, ended early by a 0xFF byte (which is consumed).
    mutating func chunk(limit: Int = .max) -> [UInt8] {
        var out: [UInt8] = []
        while position < bytes.count && out.count < limit {
            let next = byte()
            if next == 0xFF { break }
            out.append(next)
        }
        return out
    }

    /// The rest of the bytes.
    mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }

    /// Text from a chunk (invalid UTF-8 repaired the way `String(decoding:)` does).
    mutating func text(limit: Int = .max) -> String {
        String(decoding: chunk(limit: limit), as: UTF8.self)
    }

    /// A column value of any storage class; numbers include their extremes, NaN and infinities.
    mutating func value() -> SQLiteValue {
        switch byte() % 8 {
        case 0: return .null
        case 1: return .int(Int64(bitPattern: uint64()))
        case 2: return .int(Int64(Int8(bitPattern: byte())))
        case 3: return .real(Double(bitPattern: uint64()))
        case 4: return .real(Double(Int8(bitPattern: byte())) / 4)
        case 5: return .blob(Data(chunk(limit: 64)))
        default: return .text(text(limit: 256))
        }
    }
}

/// Stops the fuzzer with a message: a broken promise is reported like a crash, with its input.
func fuzzFailure(_ message: String) -> Never {
    FileHandle.standardError.write(Data("fuzz check failed: \(message)\n".utf8))
    abort()
}

/// An in-memory connection for one input, with limits that keep arbitrary SQL bounded: no
/// ATTACH (no files), short strings and SQL, and a progress handler that interrupts a statement
/// after a fixed number of virtual-machine steps, so that a recursive query cannot hang the run.
func boundedConnection() -> Connection {
    guard let db = try? Connection(), let handle = db.sqliteHandle else { fuzzFailure("cannot open :memory:") }
    sqlite3_limit(handle, SQLITE_LIMIT_ATTACHED, 0)
    sqlite3_limit(handle, SQLITE_LIMIT_LENGTH, 1_000_000)
    sqlite3_limit(handle, SQLITE_LIMIT_SQL_LENGTH, 1_000_000)
    // Called every 10,000 virtual-machine steps; interrupts after 1,000,000 steps in all.
    progressCounter.storeBytes(of: 0, as: Int.self)
    sqlite3_progress_handler(handle, 10_000, { counter in
        guard let counter else { return 1 }
        let count = counter.assumingMemoryBound(to: Int.self)
        count.pointee += 1
        return count.pointee > 100 ? 1 : 0
    }, progressCounter)
    return db
}

/// The progress handler's step counter (one per process: a fuzz run is single-threaded).
nonisolated(unsafe) let progressCounter: UnsafeMutableRawPointer = {
    let pointer = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<Int>.size, alignment: MemoryLayout<Int>.alignment)
    pointer.storeBytes(of: 0, as: Int.self)
    return pointer
}()

/// One connection for the whole run, for targets whose inputs leave nothing behind (each rolls
/// back what it did). Opening a connection per input would measure opening, not the target.
nonisolated(unsafe) let sharedConnection: Connection = boundedConnection()

/// Resets the progress handler's budget, for an input on ``sharedConnection``.
func resetProgressBudget() {
    progressCounter.storeBytes(of: 0, as: Int.self)
}
