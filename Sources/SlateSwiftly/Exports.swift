@_exported import SlateCore
