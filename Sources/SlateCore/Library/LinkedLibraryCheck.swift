// Exactly one SQLite library may be linked: with both libsqlite3 and libsqlcipher, every
// `sqlite3_*` symbol silently resolves to whichever the linker sees first, so a "SQLCipher" build
// could end up writing plaintext. `swift build --traits SQLCipher` replaces the default
// `SystemSQLite` trait; enabling both (`--traits default,SQLCipher`) stops here. The
// `DocumentationBuild` trait (on when every trait is, as in the DocC plugin's symbol-graph build)
// lets both compile, and Package.swift makes anything linked from that build fail to link.
#if SQLCipher && SystemSQLite && !DocumentationBuild
#error("Enable only one of the SystemSQLite and SQLCipher traits: build with `--traits SQLCipher`, which drops the default SystemSQLite.")
#elseif !SQLCipher && !SystemSQLite
#error("Enable one of the SystemSQLite (default) and SQLCipher traits so that Slate links an SQLite library.")
#endif
