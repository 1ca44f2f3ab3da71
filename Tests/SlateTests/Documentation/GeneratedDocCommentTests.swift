// swift-format-ignore-file
// (This file mirrors the documentation's code blocks line for line: it keeps their layout.)
import Foundation
import Slate
import Testing

/// The generated operator, setter and column overloads document the SQL each renders with an
/// example (Scripts/generate-operators.py, generate-schema-columns.py); these tests run a sample
/// of those examples, one per operand shape and family, so the comments cannot drift from the
/// rendering.
@Suite("Generated doc comment examples")
struct GeneratedDocCommentTests {
    let age = SQLExpression<Int>("age")
    let minimumAge = SQLExpression<Int>("minimumAge")
    let retirementAge = SQLExpression<Int?>("retirementAge")
    let pensionAge = SQLExpression<Int?>("pensionAge")
    let price = SQLExpression<Double>("price")
    let discount = SQLExpression<Double?>("discount")
    let flags = SQLExpression<Int64>("flags")
    let mask = SQLExpression<Int64>("mask")
    let firstName = SQLExpression<String>("firstName")
    let middleName = SQLExpression<String?>("middleName")
    let verified = SQLExpression<Bool>("verified")
    let subscribed = SQLExpression<Bool?>("subscribed")

    @Test func comparisons() {
        #expect((age == minimumAge).expression.template == #"("age" = "minimumAge")"#)
        #expect((retirementAge == pensionAge).expression.template == #"("retirementAge" = "pensionAge")"#)
        let bound = (age == 18).expression
        #expect(bound.template == #"("age" = ?)"# && bound.values == [.int(18)])
        #expect((retirementAge == nil).expression.template == #"("retirementAge" IS NULL)"#)
        #expect((nil == retirementAge).expression.template == #"(NULL IS "retirementAge")"#)
        #expect((retirementAge != nil).expression.template == #"("retirementAge" IS NOT NULL)"#)
        #expect((retirementAge === 18).expression.template == #"("retirementAge" IS ?)"#)
        #expect((18 <= age).expression.template == #"(? <= "age")"#)
    }

    @Test func arithmeticAndBitwise() {
        #expect((price + discount).expression.template == #"("price" + "discount")"#)
        let scaled = (price * 2.5).expression
        #expect(scaled.template == #"("price" * ?)"# && scaled.values == [.real(2.5)])
        let xor = (flags ^ 4).expression
        #expect(xor.template == #"(~(("flags" & ?)) & ("flags" | ?))"# && xor.values == [.int(4), .int(4)])
        #expect((flags ^ mask).expression.template == #"(~(("flags" & "mask")) & ("flags" | "mask"))"#)
        let joined = (firstName + " ").expression
        #expect(joined.template == #"("firstName" || ?)"# && joined.values == [.text(" ")])
        #expect((middleName + firstName).expression.template == #"("middleName" || "firstName")"#)
    }

    @Test func logic() {
        let both = (verified && true).expression
        #expect(both.template == #"("verified" AND ?)"# && both.values == [.int(1)])
        #expect((verified || subscribed).expression.template == #"("verified" OR "subscribed")"#)
    }

    @Test func compoundSetters() {
        let users = Table("users")
        #expect(users.update(price += 2.5).asSQL() == #"UPDATE "users" SET "price" = ("price" + 2.5)"#)
        #expect(users.update(firstName += " ").asSQL() == #"UPDATE "users" SET "firstName" = ("firstName" || ' ')"#)
        #expect(users.update(flags ^= 4).asSQL() == #"UPDATE "users" SET "flags" = (~(("flags" & 4)) & ("flags" | 4))"#)
    }

    @Test func columnDefinitions() {
        let users = Table("users")
        let id = SQLExpression<Int64>("id")
        let balance = SQLExpression<Double>("balance")
        let bonus = SQLExpression<Double?>("bonus")
        let created = SQLExpression<String>("created")
        let ownerID = SQLExpression<Int64>("owner_id")
        let managerID = SQLExpression<Int64?>("manager_id")
        let name = SQLExpression<String>("name")
        let email = SQLExpression<String>("email")
        let nickname = SQLExpression<String?>("nickname")
        let sql = users.create { t in
            t.column(id, primaryKey: .autoincrement)
            t.column(created, defaultValue: SQLExpression<String>(literal: "CURRENT_TIMESTAMP"))
            t.column(balance, check: balance >= 0, defaultValue: 0)
            t.column(ownerID, references: users, id)
            t.column(managerID, references: users, id)
            t.column(name, defaultValue: SQLExpression<String>(literal: "'-'"), collate: .nocase)
            t.column(email, unique: true, collate: .nocase)
            t.column(nickname, defaultValue: "-", collate: .nocase)
        }
        #expect(sql.contains(#""id" INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL"#))
        #expect(sql.contains(#""created" TEXT NOT NULL DEFAULT (CURRENT_TIMESTAMP)"#))
        #expect(sql.contains(#""balance" REAL NOT NULL CHECK ("balance" >= 0.0) DEFAULT (0.0)"#))
        #expect(sql.contains(#""owner_id" INTEGER NOT NULL REFERENCES "users" ("id")"#))
        #expect(sql.contains(#""manager_id" INTEGER REFERENCES "users" ("id")"#))
        #expect(sql.contains(#""name" TEXT NOT NULL DEFAULT ('-') COLLATE NOCASE"#))
        #expect(sql.contains(#""email" TEXT NOT NULL UNIQUE COLLATE NOCASE"#))
        #expect(sql.contains(#""nickname" TEXT DEFAULT ('-') COLLATE NOCASE"#))
        #expect(users.addColumn(bonus, defaultValue: 5) == #"ALTER TABLE "users" ADD COLUMN "bonus" REAL DEFAULT (5.0)"#)
        #expect(users.addColumn(nickname, defaultValue: SQLExpression<String?>(literal: "NULL"))
            == #"ALTER TABLE "users" ADD COLUMN "nickname" TEXT DEFAULT (NULL)"#)
        let primary = users.create { t in t.column(id, primaryKey: true) }
        #expect(primary == #"CREATE TABLE "users" ("id" INTEGER PRIMARY KEY NOT NULL)"#)
    }
}
