@testable import SlateMacroExpansions
import XCTest

/// The default table names, as sqlite-data derives them.
final class TableNameTests: XCTestCase {
    func testDerivedNames() {
        let expected = [
            "Player": "players", "AuditEntry": "auditEntries", "Box": "boxes", "Day": "days", "Match": "matches",
            "Wish": "wishes", "URLRecord": "urlRecords", "ID": "ids", "Status": "statuses",
            "lowercase": "lowercases"
        ]
        for (type, table) in expected {
            XCTAssertEqual(TableName.derived(from: type), table, type)
        }
    }
}
