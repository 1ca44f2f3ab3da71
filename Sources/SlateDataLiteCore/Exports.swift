// DataLiteCore's spellings over SlateCore: DataLiteCore code migrates by changing
// `import DataLiteCore` to `import SlateDataLiteCore`.
@_exported import SlateCore
@_exported import SlatePragmaProperties
