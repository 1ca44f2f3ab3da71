// SQLite.swift's spellings over Slate: SQLite.swift code migrates by changing `import SQLite` to
// `import SlateSQLiteSwift`.
@_exported import Slate
@_exported import SlatePragmaProperties
