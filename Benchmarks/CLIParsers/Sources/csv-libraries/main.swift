import CSV
import Foundation
import SwiftCSV

// csv-libraries yaslab|swiftcsv FILE: parses FILE with one library and counts its rows and
// fields (parsing only: nothing is inserted anywhere). Run under /usr/bin/time for time and memory.
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: csv-libraries yaslab|swiftcsv FILE\n".utf8))
    exit(64)
}
var rows = 0
var fields = 0
switch arguments[1] {
case "yaslab":
    guard let stream = InputStream(fileAtPath: arguments[2]) else { exit(1) }
    let reader = try CSVReader(stream: stream, hasHeaderRow: true)
    while let row = reader.next() {
        rows += 1
        fields += row.count
    }
case "swiftcsv":
    let csv = try EnumeratedCSV(url: URL(fileURLWithPath: arguments[2]))
    rows = csv.rows.count
    fields = csv.rows.reduce(0) { $0 + $1.count }
default:
    exit(64)
}
print("\(arguments[1]): \(rows) rows, \(fields) fields")
