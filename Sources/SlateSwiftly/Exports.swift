// SQLite.swiftly's spellings over SlateCore.
@_exported import SlateCore
