#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered writer to a file descriptor: rows are formatted into one buffer and written in
/// large blocks, never held whole.
///
/// Writes do not throw (they sit in per-cell loops); the first failure is kept and reported by
/// ``flush()`` or ``finish()``.
final class OutputSink {
    /// Standard output. Only the main thread writes to it.
    nonisolated(unsafe) static let standard = OutputSink(descriptor: 1, name: "standard output")

    let descriptor: Int32
    /// The name used in error messages.
    let name: String
    private let capacity = 1 << 16
    private let buffer: UnsafeMutablePointer<UInt8>
    private var count = 0
    private(set) var failure: String?

    init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
        buffer = .allocate(capacity: capacity)
    }

    deinit {
        buffer.deallocate()
    }

    @inline(__always)
    func write(byte: UInt8) {
        if count == capacity { drain() }
        buffer[count] = byte
        count &+= 1
    }

    @inline(__always)
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        if count + bytes.count > capacity {
            drain()
            if bytes.count > capacity {
                writeOut(UnsafeRawBufferPointer(bytes))
                return
            }
        }
        (buffer + count).update(from: source, count: bytes.count)
        count &+= bytes.count
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write($0) }
    }

    /// Writes `value` in decimal without building a `String`.
    func write(integer value: Int64) {
        if value == 0 { write(byte: UInt8(ascii: "0")); return }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: enough for 20 digits and a sign
        withUnsafeMutableBytes(of: &digits) { raw in
            var index = raw.count
            while magnitude > 0 {
                index -= 1
                raw[index] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            if value < 0 {
                index -= 1
                raw[index] = UInt8(ascii: "-")
            }
            write(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[index...]))
        }
    }

    /// Writes bytes as two hex digits each (lowercase unless other `digits` are given).
    func write(hex bytes: UnsafeBufferPointer<UInt8>, digits: [UInt8] = hexBytes) {
        for byte in bytes {
            write(byte: digits[Int(byte >> 4)])
            write(byte: digits[Int(byte & 0xF)])
        }
    }

    /// Writes out what is buffered; failures are kept for ``finish()``.
    private func drain() {
        guard count > 0 else { return }
        writeOut(UnsafeRawBufferPointer(start: buffer, count: count))
        count = 0
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil, let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc_write(descriptor, base + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                failure = systemErrorDescription()
                return
            }
            offset += written
        }
    }

    /// Writes out what is buffered now (after the first row, so it shows at once).
    func flush() { drain() }

    /// Writes out what is buffered and reports any write failure.
    ///
    /// - Throws: ``CLIError`` naming the output when a write failed (disk full, closed pipe, …).
    func finish() throws {
        drain()
        if let failure { throw CLIError("cannot write to \(name): \(failure)") }
    }
}

/// `write(2)`, named apart from the sink's methods.
@inline(__always)
private func Glibc_write(_ descriptor: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, pointer, count)
}

/// A file written under a temporary name beside its destination and renamed into place only
/// when complete, so a failed export never leaves a half-written file.
final class AtomicOutputFile {
    let path: String
    let temporaryPath: String
    let sink: OutputSink
    private var committed = false

    /// Creates the temporary file.
    ///
    /// - Throws: ``CLIError`` when the folder is missing or not writable.
    init(path: String) throws {
        self.path = path
        var template = Array((path + ".slate-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw CLIError("\(path): cannot create the file: \(systemErrorDescription())") }
        temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        fchmod(descriptor, 0o644)
        sink = OutputSink(descriptor: descriptor, name: path)
    }

    deinit {
        if !committed { unlink(temporaryPath) }
        close(sink.descriptor)
    }

    /// Flushes, syncs and renames the file into place.
    func commit() throws {
        try sink.finish()
        guard fsync(sink.descriptor) == 0 else { throw CLIError("\(path): cannot write the file: \(systemErrorDescription())") }
        guard rename(temporaryPath, path) == 0 else { throw CLIError("\(path): cannot create the file: \(systemErrorDescription())") }
        committed = true
    }
}
