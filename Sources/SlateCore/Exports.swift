// Re-exports the linked SQLite C module so callers can use its constants
// (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, …) and, where they must, its C API.
#if SQLCipher
@_exported import CSQLCipher
#else
@_exported import CSQLite
#endif
