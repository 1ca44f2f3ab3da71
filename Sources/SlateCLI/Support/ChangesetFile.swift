import Foundation
import SlateCore
import SlateSchema

/// The file that `slate diff -o` writes and `slate apply` reads: a changeset, after a header that
/// names each table's columns, which a changeset does not carry.
///
/// The format, version 1:
///
/// ```text
/// slate-changeset 1\n
/// {"columns":{"notes":["id","body","updatedAt"]}}\n
/// <the changeset's bytes, as SQLite's session extension writes them>
/// ```
///
/// The first line names the format and its version; the second is a JSON object on one line
/// whose `columns` maps each table the changeset changes to its column names, in the order of
/// the changeset's values. A plain changeset or patchset (empty, or starting with `T` or `P`)
/// never starts with `s`, so a file without the header is read as one, as any session extension
/// writes it.
struct ChangesetFile {
    /// The first line of a file with a header, without its version and line break.
    static let magic = "slate-changeset "
    /// The version this slate writes and reads.
    static let version = 1

    /// The changes.
    var changeset: Changeset
    /// Each table's column names, in the changeset's order; `nil` for a plain changeset.
    var columns: [String: [String]]?

    /// The header's JSON.
    private struct Header: Codable {
        var columns: [String: [String]]
    }

    /// A changeset with its tables' column names.
    init(changeset: Changeset, columns: [String: [String]]?) {
        self.changeset = changeset
        self.columns = columns
    }

    /// Reads a file's bytes: a header and a changeset, or a plain changeset or patchset.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - path: The file's path, for errors.
    /// - Throws: ``CLIError`` for a header of another version or one that does not read.
    init(data: Data, path: String) throws {
        let magic = Data(Self.magic.utf8)
        guard data.starts(with: magic) else {
            self.init(changeset: Changeset(data), columns: nil)
            return
        }
        let newline = UInt8(ascii: "\n")
        let malformed = CLIError(
            file: path, position: nil,
            "the header is not a well-formed slate changeset header (\(Self.magic)\(Self.version), then a JSON line of column names)")
        let versionStart = data.startIndex + magic.count
        guard let versionEnd = data[versionStart...].firstIndex(of: newline),
            let headerEnd = data[(versionEnd + 1)...].firstIndex(of: newline)
        else { throw malformed }
        let version = String(decoding: data[versionStart..<versionEnd], as: UTF8.self)
        guard version == String(Self.version) else {
            throw CLIError(
                file: path, position: nil,
                "a slate changeset of version \(version.prefix(20)), which this slate does not read (it reads version \(Self.version))")
        }
        guard let header = try? JSONDecoder().decode(Header.self, from: data[(versionEnd + 1)..<headerEnd]) else { throw malformed }
        self.init(changeset: Changeset(Data(data[(headerEnd + 1)...])), columns: header.columns)
    }

    /// The bytes to write: the header (when the column names are known) and the changeset.
    var data: Data {
        get throws {
            guard let columns else { return changeset.data }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var data = Data("\(Self.magic)\(Self.version)\n".utf8)
            data.append(try encoder.encode(Header(columns: columns)))
            data.append(UInt8(ascii: "\n"))
            data.append(changeset.data)
            return data
        }
    }
}
