// A helper process for the reliability tests: what must run in a process of its own, because the
// test kills it (`write`) or measures its memory (`stream`).
//
// Usage: SlateReliabilityProbe write PATH JOURNAL_MODE SYNCHRONOUS [MAX_TRANSACTIONS]
//        SlateReliabilityProbe stream PATH ROWS
//        SlateReliabilityProbe contend PATH queue|pool TRANSACTIONS
//        SlateReliabilityProbe migrate PATH queue|pool
//        SlateReliabilityProbe mixedreads PATH READERS
//        SlateReliabilityProbe crosswatch PATH queue|pool COMMITS IDLE_SECONDS
//        SlateReliabilityProbe changeset FOLDER ROWS
// Errors go to standard error with exit status 1.
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("SlateReliabilityProbe: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "write": try crashWriter(Array(arguments.dropFirst()))
    case "stream": try streamRows(Array(arguments.dropFirst()))
    case "contend": try contend(Array(arguments.dropFirst()))
    case "migrate": try migrate(Array(arguments.dropFirst()))
    case "mixedreads": try mixedReads(Array(arguments.dropFirst()))
    case "crosswatch": try crossWatch(Array(arguments.dropFirst()))
    case "changeset": try changesetRows(Array(arguments.dropFirst()))
    default: fail("usage: SlateReliabilityProbe write PATH JOURNAL_MODE SYNCHRONOUS [MAX] | stream PATH ROWS | contend PATH queue|pool N | migrate PATH queue|pool | mixedreads PATH READERS | crosswatch PATH queue|pool N S | changeset FOLDER ROWS")
    }
} catch {
    fail("\(error)")
}
