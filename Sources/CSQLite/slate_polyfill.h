// The one place for C-level differences between SQLite builds.
//
// Slate compiles against the system SQLite (3.40 on Debian 12) and against older builds such as
// SQLCipher 3.4 (SQLite 3.15). Calls and constants that an older SQLite lacks are polyfilled
// here so the Swift sources stay the same; features that cannot be polyfilled are checked at
// run time against `sqlite3_libversion_number()` and fail with a clear error.
#ifndef SLATE_POLYFILL_H
#define SLATE_POLYFILL_H

#include <stdint.h>

#ifndef SQLITE_PREPARE_PERSISTENT
#define SQLITE_PREPARE_PERSISTENT 0x01
#endif
#ifndef SQLITE_PREPARE_NORMALIZE
#define SQLITE_PREPARE_NORMALIZE 0x02
#endif
#ifndef SQLITE_PREPARE_NO_VTAB
#define SQLITE_PREPARE_NO_VTAB 0x04
#endif
#ifndef SQLITE_OPEN_NOFOLLOW
#define SQLITE_OPEN_NOFOLLOW 0x01000000
#endif
#ifndef SQLITE_OPEN_EXRESCODE
#define SQLITE_OPEN_EXRESCODE 0x02000000
#endif
#ifndef SQLITE_STMTSTATUS_REPREPARE
#define SQLITE_STMTSTATUS_REPREPARE 5
#endif
#ifndef SQLITE_DETERMINISTIC
#define SQLITE_DETERMINISTIC 0x000000800
#endif
#ifndef SQLITE_DIRECTONLY
#define SQLITE_DIRECTONLY 0x000080000
#endif
#ifndef SQLITE_INNOCUOUS
#define SQLITE_INNOCUOUS 0x000200000
#endif

/// SQLITE_TRANSIENT as a function: the C macro is a cast Swift cannot import.
static inline sqlite3_destructor_type slate_transient(void) {
    return (sqlite3_destructor_type)-1;
}

/// SQLITE_STATIC as a function, for symmetry with slate_transient().
static inline sqlite3_destructor_type slate_static(void) {
    return (sqlite3_destructor_type)0;
}

#if SQLITE_VERSION_NUMBER < 3020000
static inline int slate_prepare_v3(sqlite3 *db, const char *sql, int n, unsigned int flags,
                                   sqlite3_stmt **stmt, const char **tail) {
    (void)flags;
    return sqlite3_prepare_v2(db, sql, n, stmt, tail);
}
#else
static inline int slate_prepare_v3(sqlite3 *db, const char *sql, int n, unsigned int flags,
                                   sqlite3_stmt **stmt, const char **tail) {
    return sqlite3_prepare_v3(db, sql, n, flags, stmt, tail);
}
#endif

/// sqlite3_txn_state (SQLite 3.34): 0 none, 1 read, 2 write; -1 where the library is older.
#if SQLITE_VERSION_NUMBER < 3034000
static inline int slate_txn_state(sqlite3 *db, const char *schema) {
    (void)db;
    (void)schema;
    return -1;
}
#else
static inline int slate_txn_state(sqlite3 *db, const char *schema) { return sqlite3_txn_state(db, schema); }
#endif

/// Whether a database other than main and temp is attached: 1 or 0, by sqlite3_db_name (SQLite
/// 3.39); -1 (do not know) where the library is older.
#if SQLITE_VERSION_NUMBER < 3039000
static inline int slate_has_attached_database(sqlite3 *db) {
    (void)db;
    return -1;
}
#else
static inline int slate_has_attached_database(sqlite3 *db) { return sqlite3_db_name(db, 2) != 0; }
#endif

#if SQLITE_VERSION_NUMBER < 3037000
static inline sqlite3_int64 slate_changes64(sqlite3 *db) { return sqlite3_changes(db); }
static inline sqlite3_int64 slate_total_changes64(sqlite3 *db) { return sqlite3_total_changes(db); }
#else
static inline sqlite3_int64 slate_changes64(sqlite3 *db) { return sqlite3_changes64(db); }
static inline sqlite3_int64 slate_total_changes64(sqlite3 *db) { return sqlite3_total_changes64(db); }
#endif

#if SQLITE_VERSION_NUMBER < 3038000
static inline int slate_error_offset(sqlite3 *db) { (void)db; return -1; }
#else
static inline int slate_error_offset(sqlite3 *db) { return sqlite3_error_offset(db); }
#endif

#if SQLITE_VERSION_NUMBER < 3014000
static inline char *slate_expanded_sql(sqlite3_stmt *stmt) { (void)stmt; return 0; }
#else
static inline char *slate_expanded_sql(sqlite3_stmt *stmt) { return sqlite3_expanded_sql(stmt); }
#endif

#if SQLITE_VERSION_NUMBER < 3025000
/// Window functions need SQLite 3.25; Swift checks the version first and never gets here on an
/// older library. Like SQLite on failure, the destructor releases the application data.
static inline int slate_create_window_function(
    sqlite3 *db, const char *name, int nArg, int eTextRep, void *pApp,
    void (*xStep)(sqlite3_context *, int, sqlite3_value **), void (*xFinal)(sqlite3_context *),
    void (*xValue)(sqlite3_context *), void (*xInverse)(sqlite3_context *, int, sqlite3_value **),
    void (*xDestroy)(void *)) {
    (void)db; (void)name; (void)nArg; (void)eTextRep; (void)xStep; (void)xFinal; (void)xValue; (void)xInverse;
    if (xDestroy) xDestroy(pApp);
    return SQLITE_ERROR;
}
#else
static inline int slate_create_window_function(
    sqlite3 *db, const char *name, int nArg, int eTextRep, void *pApp,
    void (*xStep)(sqlite3_context *, int, sqlite3_value **), void (*xFinal)(sqlite3_context *),
    void (*xValue)(sqlite3_context *), void (*xInverse)(sqlite3_context *, int, sqlite3_value **),
    void (*xDestroy)(void *)) {
    return sqlite3_create_window_function(db, name, nArg, eTextRep, pApp, xStep, xFinal, xValue, xInverse, xDestroy);
}
#endif

#endif
