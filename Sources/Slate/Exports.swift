@_exported import SlateCore
@_exported import SlateSchema
