import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The text encodings `import --encoding` reads; everything is turned into UTF-8 as it is read.
enum TextEncoding: String, CaseIterable {
    case utf8 = "utf-8"
    case latin1 = "latin1"
    case windows1252 = "cp1252"

    /// Accepts the usual spellings: `utf8`, `UTF-8`, `iso-8859-1`, `windows-1252`, …
    init?(name: String) {
        switch name.lowercased().replacingOccurrences(of: "_", with: "-") {
        case "utf-8", "utf8": self = .utf8
        case "latin1", "latin-1", "iso-8859-1", "iso8859-1", "l1": self = .latin1
        case "cp1252", "windows-1252", "win1252": self = .windows1252
        default: return nil
        }
    }
}

/// Reads a file or standard input in fixed-size chunks with `read(2)`, and hands out UTF-8
/// that has been checked (or transcoded): the parsers never see the whole file, nor invalid
/// text.
///
/// Invalid UTF-8 is reported by ``nextChunk()`` only once every valid byte before it has been
/// handed out, so the parser that meets it knows the line and column.
final class ByteSource {
    /// Raised by ``nextChunk()`` where the input stops being valid UTF-8.
    struct InvalidUTF8: Error {
        let bytes: [UInt8]
    }

    /// The name for messages: the path, or `standard input`.
    let name: String
    /// The input's size when it is a regular file.
    let totalBytes: Int64?
    let encoding: TextEncoding
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let chunkSize: Int
    private var raw: UnsafeMutablePointer<UInt8>
    private var decoded: UnsafeMutablePointer<UInt8>
    /// Bytes of an unfinished UTF-8 sequence at the end of the last read, kept for the next.
    private var carry: [UInt8] = []
    private var pendingInvalid: InvalidUTF8?
    private var atStart = true
    /// Set by a UTF-16 byte order mark at the start: the input is UTF-16 in that byte order
    /// (`true` for little-endian) and is transcoded to UTF-8.
    private(set) var utf16LittleEndian: Bool?
    private var atEnd = false
    /// Bytes read from the input so far (before transcoding), for progress.
    private(set) var bytesRead: Int64 = 0

    /// Opens `path`, or standard input for `-`.
    ///
    /// - Throws: ``CLIError`` naming the file when it cannot be opened (missing, a folder, no permission).
    init(path: String, encoding: TextEncoding, chunkSize: Int = 1 << 19) throws {
        self.encoding = encoding
        self.chunkSize = chunkSize
        if path == "-" {
            name = "standard input"
            descriptor = 0
            ownsDescriptor = false
        } else {
            name = path
            descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { throw CLIError("\(path): cannot open the file: \(systemErrorDescription())") }
            ownsDescriptor = true
        }
        var info = stat()
        if fstat(descriptor, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                if ownsDescriptor { close(descriptor) }
                throw CLIError("\(path): cannot read the file: it is a folder")
            }
            totalBytes = (info.st_mode & S_IFMT) == S_IFREG ? Int64(info.st_size) : nil
        } else {
            totalBytes = nil
        }
        raw = .allocate(capacity: chunkSize + 4)
        // Latin-1 takes up to 2 bytes per input byte in UTF-8, Windows-1252 up to 3.
        decoded = .allocate(capacity: chunkSize * 3 + 8)
    }

    deinit {
        raw.deallocate()
        decoded.deallocate()
        if ownsDescriptor { close(descriptor) }
    }

    /// The next block of valid UTF-8, valid until the next call; `nil` at the end of the input.
    ///
    /// - Throws: ``InvalidUTF8`` once the valid bytes before an invalid sequence have been handed
    ///   out; ``CLIError`` when reading fails.
    func nextChunk() throws -> UnsafeBufferPointer<UInt8>? {
        while true {
            if let invalid = pendingInvalid { throw invalid }
            if atEnd {
                guard carry.isEmpty else {
                    // The input ended inside a multi-byte sequence.
                    let bytes = carry
                    carry = []
                    throw InvalidUTF8(bytes: bytes)
                }
                return nil
            }
            var count = carry.count
            for (index, byte) in carry.enumerated() { raw[index] = byte }
            carry = []
            let got = try readSome(into: raw + count, capacity: chunkSize)
            if got == 0 { atEnd = true }
            bytesRead += Int64(got)
            count += got
            var start = 0
            if atStart && count >= 3 && raw[0] == 0xEF && raw[1] == 0xBB && raw[2] == 0xBF {
                start = 3  // a UTF-8 byte order mark is not data
            }
            if atStart && encoding == .utf8 && count >= 2 && ((raw[0] == 0xFF && raw[1] == 0xFE) || (raw[0] == 0xFE && raw[1] == 0xFF)) {
                utf16LittleEndian = raw[0] == 0xFF
                start = 2  // a UTF-16 byte order mark: UTF-16 from here on
                atStart = false
            }
            if atStart && (count >= 3 || atEnd) { atStart = false }
            let chunk = UnsafeBufferPointer(start: raw + start, count: count - start)
            if let littleEndian = utf16LittleEndian {
                let produced = transcodeUTF16(chunk, littleEndian: littleEndian)
                if produced > 0 { return UnsafeBufferPointer(start: decoded, count: produced) }
                continue
            }
            switch encoding {
            case .utf8:
                let check = validateUTF8(chunk)
                if check.invalidAt != nil || (atEnd && check.valid < chunk.count) {
                    let from = check.valid
                    pendingInvalid = InvalidUTF8(bytes: [chunk[from]])
                } else {
                    carry = Array(chunk[check.valid...])
                }
                if check.valid > 0 { return UnsafeBufferPointer(rebasing: chunk[..<check.valid]) }
            case .latin1, .windows1252:
                let produced = transcode(chunk)
                if produced > 0 { return UnsafeBufferPointer(start: decoded, count: produced) }
            }
        }
    }

    private func readSome(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) throws -> Int {
        while true {
            if Interruption.isRequested { throw Interruption.error(in: name, at: nil) }
            let got = read(descriptor, buffer, capacity)
            if got >= 0 { return got }
            if errno == EINTR { continue }
            throw CLIError("\(name): cannot read the file: \(systemErrorDescription())")
        }
    }

    /// UTF-16 to UTF-8. A half of a code unit or of a surrogate pair at the end waits for the
    /// next read; an unpaired surrogate becomes U+FFFD.
    private func transcodeUTF16(_ chunk: UnsafeBufferPointer<UInt8>, littleEndian: Bool) -> Int {
        func unit(_ index: Int) -> UInt32 {
            littleEndian ? UInt32(chunk[index]) | UInt32(chunk[index + 1]) << 8 : UInt32(chunk[index]) << 8 | UInt32(chunk[index + 1])
        }
        var out = 0
        var index = 0
        while index + 1 < chunk.count {
            var scalar = unit(index)
            var used = 2
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 3 < chunk.count else { break }
                let low = unit(index + 2)
                if (0xDC00...0xDFFF).contains(low) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    used = 4
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
            }
            out += writeUTF8(scalar, at: out)
            index += used
        }
        carry = Array(chunk[index...])
        return out
    }

    /// Writes one scalar as UTF-8 into `decoded` at `offset`; returns the bytes written.
    private func writeUTF8(_ scalar: UInt32, at offset: Int) -> Int {
        switch scalar {
        case ..<0x80:
            decoded[offset] = UInt8(scalar)
            return 1
        case ..<0x800:
            decoded[offset] = UInt8(0xC0 | (scalar >> 6))
            decoded[offset + 1] = UInt8(0x80 | (scalar & 0x3F))
            return 2
        case ..<0x10000:
            decoded[offset] = UInt8(0xE0 | (scalar >> 12))
            decoded[offset + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            decoded[offset + 2] = UInt8(0x80 | (scalar & 0x3F))
            return 3
        default:
            decoded[offset] = UInt8(0xF0 | (scalar >> 18))
            decoded[offset + 1] = UInt8(0x80 | ((scalar >> 12) & 0x3F))
            decoded[offset + 2] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
            decoded[offset + 3] = UInt8(0x80 | (scalar & 0x3F))
            return 4
        }
    }

    private func transcode(_ chunk: UnsafeBufferPointer<UInt8>) -> Int {
        var out = 0
        for byte in chunk {
            if byte < 0x80 {
                decoded[out] = byte
                out += 1
                continue
            }
            var scalar = UInt32(byte)
            if encoding == .windows1252, (0x80...0x9F).contains(byte) {
                scalar = windows1252High[Int(byte - 0x80)]
            }
            if scalar < 0x800 {
                decoded[out] = UInt8(0xC0 | (scalar >> 6))
                decoded[out + 1] = UInt8(0x80 | (scalar & 0x3F))
                out += 2
            } else {
                decoded[out] = UInt8(0xE0 | (scalar >> 12))
                decoded[out + 1] = UInt8(0x80 | ((scalar >> 6) & 0x3F))
                decoded[out + 2] = UInt8(0x80 | (scalar & 0x3F))
                out += 3
            }
        }
        return out
    }
}

/// Windows-1252's characters for bytes 0x80–0x9F (the five unassigned bytes map to the C1
/// controls of the same value, as Windows does).
private let windows1252High: [UInt32] = [
    0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D, 0x017D, 0x8F,
    0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178
]

/// Checks UTF-8 (no overlong forms, surrogates or values past U+10FFFF).
///
/// - Returns: `valid`, the length of the valid prefix; `invalidAt`, where an invalid sequence
///   starts, or `nil` when the bytes after the prefix are only an unfinished sequence (which
///   the next chunk may complete).
func validateUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> (valid: Int, invalidAt: Int?) {
    guard let base = bytes.baseAddress else { return (0, nil) }
    let count = bytes.count
    var index = 0
    while index < count {
        // Eight ASCII bytes at a time: the common case for data files.
        if index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            if word & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
        }
        let lead = base[index]
        if lead < 0x80 {
            index += 1
            continue
        }
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; upper = 0x9F
        case 0xF0: length = 4; lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; upper = 0x8F
        default: return (index, index)
        }
        for offset in 1..<length {
            guard index + offset < count else { return (index, nil) }
            let byte = base[index + offset]
            let (low, high) = offset == 1 ? (lower, upper) : (0x80, 0xBF)
            guard byte >= low && byte <= high else { return (index, index) }
        }
        index += length
    }
    return (count, nil)
}
