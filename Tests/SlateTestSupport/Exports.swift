// The SlateCore-level helpers (temporary folders, watchdogs, error checks) come with this module,
// so a test target of the typed layer imports one support module.
@_exported import SlateCoreTestSupport
