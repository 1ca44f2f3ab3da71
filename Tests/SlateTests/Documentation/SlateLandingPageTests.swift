// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import Slate
import SlateTestSupport
import Testing

/// The example of the landing page `Slate.docc/Slate.md`, run as written.
@Suite("Slate landing page")
struct SlateLandingPageTests {
    @Test func landingPageTour() throws {
        let users = Table("users")
        let id = SQLExpression<Int64>("id")
        let email = SQLExpression<String>("email")

        let db = try Connection()
        try db.run(users.create { t in
            t.column(id, primaryKey: true)
            t.column(email, unique: true)
        })
        try db.run(users.insert(email <- "alice@mac.com"))
        var seen: [String] = []
        let cursor = try db.cursor(users.filter(email.like("%@mac.com")))
        while let user = try cursor.next() {
            print(try user.get(id), try user.get(email))
            seen.append(try user.get(email))
        }
        #expect(seen == ["alice@mac.com"])
    }
}
