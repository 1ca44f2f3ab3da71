// W5S in raw C with SQLite's session extension: what recording costs SQLite itself, without any
// Slate code around it. The system sqlite3.h declares the sqlite3session_* calls only under
// SQLITE_ENABLE_SESSION, so they are looked up by name in the library already linked.
import Foundation
import SlateCore

#if canImport(Glibc)
import Glibc
#endif

extension RawCDriver {
    private typealias Create = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    private typealias Attach = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    private typealias Delete = @convention(c) (OpaquePointer?) -> Void

    /// W5S: ``insertKeyed(rows:)`` with a session (`sqlite3session_create`, `sqlite3session_attach`)
    /// recording `items_keyed`, created before the transaction and deleted after.
    func insertKeyedRecorded(rows: Int) throws -> Checksum {
        guard let scope = dlopen(nil, RTLD_NOW),
            let create = dlsym(scope, "sqlite3session_create").map({ unsafeBitCast($0, to: Create.self) }),
            let attach = dlsym(scope, "sqlite3session_attach").map({ unsafeBitCast($0, to: Attach.self) }),
            let delete = dlsym(scope, "sqlite3session_delete").map({ unsafeBitCast($0, to: Delete.self) })
        else { throw BenchmarkError("the linked SQLite has no session extension") }
        var session: OpaquePointer?
        try check(create(db, "main", &session), "sqlite3session_create")
        defer { delete(session) }
        try check(attach(session, ItemsTable.keyedName), "sqlite3session_attach")
        return try insertKeyed(rows: rows)
    }
}
