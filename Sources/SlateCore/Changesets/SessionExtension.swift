import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// SQLite's session extension (`sqlite3session_*`, `sqlite3changeset_*`, `sqlite3changegroup_*`),
/// looked up in the linked library at run time.
///
/// SQLite declares these calls only when compiled with `SQLITE_ENABLE_SESSION`, and builds such as
/// SQLCipher 3.4 (SQLite 3.15) leave them out. Linking them directly would make every program that
/// links Slate fail to link against such a build; looking them up by name instead makes the
/// missing extension a clear ``SQLiteError`` at the first call (``require()``), and lets the
/// rest of Slate link and run. Whether the library has them: ``SQLite/hasSessionExtension``.
///
/// The lookup asks the process's global symbol scope, and accepts it only when the library that
/// Slate linked reports `SQLITE_ENABLE_SESSION` among its compile options and the same scope
/// resolves `sqlite3_libversion_number` to the very function Slate calls: so a session call never
/// reaches another SQLite library loaded into the same process.
struct SessionExtension: @unchecked Sendable {
    typealias Create = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    typealias Delete = @convention(c) (OpaquePointer?) -> Void
    typealias Flag = @convention(c) (OpaquePointer?, Int32) -> Int32
    typealias Attach = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    typealias Output =
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> Int32
    typealias IsEmpty = @convention(c) (OpaquePointer?) -> Int32
    typealias Start = @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias Next = @convention(c) (OpaquePointer?) -> Int32
    typealias Op =
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
        ) -> Int32
    typealias PrimaryKey =
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, UnsafeMutablePointer<Int32>?
        ) -> Int32
    typealias Value = @convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    typealias ForeignKeyConflicts = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?) -> Int32
    typealias Finalize = @convention(c) (OpaquePointer?) -> Int32
    typealias Invert =
        @convention(c) (
            Int32, UnsafeRawPointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> Int32
    typealias GroupNew = @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    typealias GroupAdd = @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32
    typealias GroupDelete = @convention(c) (OpaquePointer?) -> Void
    typealias Filter = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Int32
    typealias Conflict = @convention(c) (UnsafeMutableRawPointer?, Int32, OpaquePointer?) -> Int32
    typealias Apply =
        @convention(c) (
            OpaquePointer?, Int32, UnsafeMutableRawPointer?, Filter?, Conflict?, UnsafeMutableRawPointer?
        ) -> Int32

    let sessionCreate: Create
    let sessionDelete: Delete
    let sessionEnable: Flag
    let sessionIndirect: Flag
    let sessionAttach: Attach
    let sessionChangeset: Output
    let sessionPatchset: Output
    let sessionIsEmpty: IsEmpty
    let changesetStart: Start
    let changesetNext: Next
    let changesetOp: Op
    let changesetPrimaryKey: PrimaryKey
    let changesetOld: Value
    let changesetNew: Value
    let changesetConflict: Value
    let changesetForeignKeyConflicts: ForeignKeyConflicts
    let changesetFinalize: Finalize
    let changesetInvert: Invert
    let changegroupNew: GroupNew
    let changegroupAdd: GroupAdd
    let changegroupOutput: Output
    let changegroupDelete: GroupDelete
    let changesetApply: Apply

    /// `SQLITE_CHANGESET_DATA` … `SQLITE_CHANGESET_FOREIGN_KEY`: the conflict kinds.
    static let conflictData: Int32 = 1
    static let conflictNotFound: Int32 = 2
    static let conflictConflict: Int32 = 3
    static let conflictConstraint: Int32 = 4
    static let conflictForeignKey: Int32 = 5
    /// `SQLITE_CHANGESET_OMIT`, `_REPLACE` and `_ABORT`: a conflict handler's answers.
    static let resolutionOmit: Int32 = 0
    static let resolutionReplace: Int32 = 1
    static let resolutionAbort: Int32 = 2

    /// The extension's calls, or `nil` when the linked library does not have it.
    static let shared: SessionExtension? = load()

    /// Why the session extension cannot be used, for errors.
    static let unavailableMessage =
        "changesets need SQLite's session extension, and the linked SQLite \(SQLite.version)"
        + (SQLite.isSQLCipher ? " (SQLCipher)" : "")
        + " was built without it (SQLITE_ENABLE_SESSION and SQLITE_ENABLE_PREUPDATE_HOOK)"

    /// The extension's calls.
    ///
    /// - Returns: The calls, resolved in the linked library.
    /// - Throws: ``SQLiteError`` (`SQLITE_ERROR`) naming `SQLITE_ENABLE_SESSION` when the linked
    ///   SQLite was built without the session extension.
    static func require() throws(SQLiteError) -> SessionExtension {
        guard let shared else { throw SQLiteError.error(unavailableMessage) }
        return shared
    }

    private static func load() -> SessionExtension? {
        guard SQLite.hasCompileOption("ENABLE_SESSION") else { return nil }
        guard let scope = dlopen(nil, RTLD_NOW) else { return nil }
        // The global scope must resolve SQLite's own calls to the library Slate linked.
        let linked: @convention(c) () -> Int32 = sqlite3_libversion_number
        guard let found = dlsym(scope, "sqlite3_libversion_number"),
            UnsafeRawPointer(found) == unsafeBitCast(linked, to: UnsafeRawPointer.self)
        else { return nil }

        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            guard let address = dlsym(scope, name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
        guard let sessionCreate = symbol("sqlite3session_create", as: Create.self),
            let sessionDelete = symbol("sqlite3session_delete", as: Delete.self),
            let sessionEnable = symbol("sqlite3session_enable", as: Flag.self),
            let sessionIndirect = symbol("sqlite3session_indirect", as: Flag.self),
            let sessionAttach = symbol("sqlite3session_attach", as: Attach.self),
            let sessionChangeset = symbol("sqlite3session_changeset", as: Output.self),
            let sessionPatchset = symbol("sqlite3session_patchset", as: Output.self),
            let sessionIsEmpty = symbol("sqlite3session_isempty", as: IsEmpty.self),
            let changesetStart = symbol("sqlite3changeset_start", as: Start.self),
            let changesetNext = symbol("sqlite3changeset_next", as: Next.self),
            let changesetOp = symbol("sqlite3changeset_op", as: Op.self),
            let changesetPrimaryKey = symbol("sqlite3changeset_pk", as: PrimaryKey.self),
            let changesetOld = symbol("sqlite3changeset_old", as: Value.self),
            let changesetNew = symbol("sqlite3changeset_new", as: Value.self),
            let changesetConflict = symbol("sqlite3changeset_conflict", as: Value.self),
            let changesetForeignKeyConflicts = symbol("sqlite3changeset_fk_conflicts", as: ForeignKeyConflicts.self),
            let changesetFinalize = symbol("sqlite3changeset_finalize", as: Finalize.self),
            let changesetInvert = symbol("sqlite3changeset_invert", as: Invert.self),
            let changegroupNew = symbol("sqlite3changegroup_new", as: GroupNew.self),
            let changegroupAdd = symbol("sqlite3changegroup_add", as: GroupAdd.self),
            let changegroupOutput = symbol("sqlite3changegroup_output", as: Output.self),
            let changegroupDelete = symbol("sqlite3changegroup_delete", as: GroupDelete.self),
            let changesetApply = symbol("sqlite3changeset_apply", as: Apply.self)
        else { return nil }
        return SessionExtension(
            sessionCreate: sessionCreate, sessionDelete: sessionDelete, sessionEnable: sessionEnable,
            sessionIndirect: sessionIndirect, sessionAttach: sessionAttach, sessionChangeset: sessionChangeset,
            sessionPatchset: sessionPatchset, sessionIsEmpty: sessionIsEmpty, changesetStart: changesetStart,
            changesetNext: changesetNext, changesetOp: changesetOp, changesetPrimaryKey: changesetPrimaryKey,
            changesetOld: changesetOld, changesetNew: changesetNew, changesetConflict: changesetConflict,
            changesetForeignKeyConflicts: changesetForeignKeyConflicts, changesetFinalize: changesetFinalize,
            changesetInvert: changesetInvert, changegroupNew: changegroupNew, changegroupAdd: changegroupAdd,
            changegroupOutput: changegroupOutput, changegroupDelete: changegroupDelete,
            changesetApply: changesetApply)
    }

    /// A changeset's bytes as the `void *` that `sqlite3changeset_start`, `_apply` and
    /// `sqlite3changegroup_add` take. They only read it (`sqlite3session.c` reads its input
    /// through `SessionInput.aData` and copies every value out), so a large changeset is passed
    /// in place rather than copied first.
    ///
    /// - Parameter buffer: The bytes, valid for the call.
    /// - Returns: Their address, or `nil` when empty.
    static func input(_ buffer: UnsafeRawBufferPointer) -> UnsafeMutableRawPointer? {
        buffer.baseAddress.map { UnsafeMutableRawPointer(mutating: $0) }
    }

    /// Takes ownership of a buffer that the extension allocated, as `Data` that frees it
    /// (`sqlite3_free`) when released: a large changeset is never held twice.
    ///
    /// - Parameters:
    ///   - bytes: The buffer, or `nil` for none.
    ///   - count: Its size in bytes.
    /// - Returns: The bytes.
    static func take(_ bytes: UnsafeMutableRawPointer?, count: Int32) -> Data {
        guard let bytes, count > 0 else {
            sqlite3_free(bytes)
            return Data()
        }
        return Data(bytesNoCopy: bytes, count: Int(count), deallocator: .custom { pointer, _ in sqlite3_free(pointer) })
    }
}

extension SQLite {
    /// Whether the linked library has SQLite's session extension (built with
    /// `SQLITE_ENABLE_SESSION`), which ``Session``, ``Changeset`` and
    /// ``Connection/apply(_:tables:columns:onConflict:)`` need.
    ///
    /// Debian's and Homebrew's SQLite have it; the SQLCipher build (SQLite 3.15) does not, and there
    /// every changeset call throws a ``SQLiteError`` that names `SQLITE_ENABLE_SESSION`.
    public static var hasSessionExtension: Bool { SessionExtension.shared != nil }
}
