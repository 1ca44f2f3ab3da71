// The C module used by the `SQLCipher` package trait: SQLCipher's SQLite API, with the codec
// calls (sqlite3_key_v2, sqlite3_rekey_v2) that the header only declares under SQLITE_HAS_CODEC.
#ifndef SLATE_CSQLCIPHER_SHIM_H
#define SLATE_CSQLCIPHER_SHIM_H

#ifndef SQLITE_HAS_CODEC
#define SQLITE_HAS_CODEC 1
#endif

// The header lives in a `sqlcipher/` folder (Debian's libsqlcipher-dev, Homebrew's sqlcipher), so
// it can never be confused with the system SQLite's <sqlite3.h>.
#include <sqlcipher/sqlite3.h>

// The same polyfill as the default build's CSQLite module: one file, included by relative path
// (SwiftPM system-library targets cannot share headers otherwise, and symlinks are not portable).
#include "../CSQLite/slate_polyfill.h"

#endif
