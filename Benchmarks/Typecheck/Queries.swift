// The queries whose type-checking Benchmarks/typecheck.sh times: 30 realistic record queries over
// Northwind's tables (Records.swift) — 19 with the `@Table` closure API, 11 with SQLite.swift's
// query API over `Record.table` and `Record.columns` (joins, aggregates, updates) — and, last, 3
// SQLite.swift-style queries over hand-declared `SQLExpression` columns for comparison. One
// query per function, so `-debug-time-function-bodies` times each on its own line.
import Foundation
import SlateMacros

/// The record queries, as an application would write them.
enum RecordQueries {
    // MARK: The closure API (`Order.filter { … }`)

    static func q01FrenchFreight(_ db: Connection) throws -> [Order] {
        try Order.filter { $0.freight > 10 && $0.shipCountry == "France" && $0.shipVia == 2 }
            .order { $0.freight.desc }.limit(20).fetchAll(db)
    }

    static func q02ShippedInRange(_ db: Connection, from start: Date, to end: Date) throws -> [Order] {
        try Order.filter {
            $0.orderDate >= start && $0.orderDate < end && [1, 3, 5].contains($0.employeeID) && $0.shippedDate != nil
        }.order { $0.orderDate }.fetchAll(db)
    }

    static func q03NoRegion(_ db: Connection) throws -> [Order] {
        try Order.filter {
            $0.shipRegion == nil && $0.shipPostalCode != nil && $0.freight < 50 && $0.shipCity.like("R%")
        }.fetchAll(db)
    }

    static func q04LateOrders(_ db: Connection) throws -> [Order] {
        try Order.filter {
            $0.shippedDate > $0.requiredDate && $0.shipCountry != "USA" && $0.freight >= 100
        }.order { [$0.shippedDate.desc, $0.id] }.fetchAll(db)
    }

    static func q05GermanSpeaking(_ db: Connection) throws -> [Order] {
        try Order.filter {
            10.0...100.0 ~= $0.freight && ["Germany", "Austria", "Switzerland"].contains($0.shipCountry)
                && $0.employeeID != 4 && $0.shipVia < 3
        }.fetchAll(db)
    }

    static func q06ThreeCustomers(_ db: Connection) throws -> [Order] {
        try Order.filter {
            ($0.customerID == "ALFKI" || $0.customerID == "ANATR" || $0.customerID == "ANTON") && $0.freight > 1
        }.order { $0.orderDate.desc }.fetchAll(db)
    }

    static func q07ChevalierPage(_ db: Connection, before cutoff: Date) throws -> [Order] {
        try Order.filter {
            $0.shipName.lowercaseString.like("%chevalier%") && $0.shipCity == "Reims" && $0.orderDate < cutoff
        }.order { $0.id }.limit(5, offset: 10).fetchAll(db)
    }

    static func q08CountExpensiveRegional(_ db: Connection) throws -> Int {
        try Order.filter { $0.shipVia == 3 && $0.freight > 200 && $0.shipRegion != nil }.fetchCount(db)
    }

    static func q09OneOrder(_ db: Connection) throws -> Order? {
        try Order.filter { $0.id == 10_248 && $0.customerID == "VINET" }.fetchOne(db)
    }

    static func q10Arithmetic(_ db: Connection) throws -> [Order] {
        try Order.filter { $0.freight * 2 > 50 && $0.employeeID + 1 < 8 && $0.shipCountry.length > 5 }
            .order { ($0.freight * 2).desc }.fetchAll(db)
    }

    static func q11NotFrance(_ db: Connection, since start: Date) throws -> [Order] {
        try Order.filter {
            !($0.shipCountry == "France") && $0.freight > 1.5 && $0.shipVia == 1 && $0.orderDate >= start
        }.fetchAll(db)
    }

    static func q12UnshippedToRio(_ db: Connection) throws -> [Order] {
        try Order.filter {
            $0.shipPostalCode.like("5%") && $0.shipRegion == "RJ" && $0.freight <= 80 && $0.shippedDate == nil
        }.fetchAll(db)
    }

    static func q13ByPlace(_ db: Connection) throws -> [Order] {
        try Order.order { [$0.shipCountry, $0.shipCity, $0.freight.desc] }.limit(100).fetchAll(db)
    }

    static func q14Parameters(_ db: Connection, employee: Int64, minFreight: Double, country: String) throws -> [Order] {
        try Order.filter {
            $0.employeeID == employee && ($0.freight > minFreight || $0.shipVia == 1) && $0.shipCountry == country
        }.order { $0.freight.desc }.fetchAll(db)
    }

    static func q15RequiredAfter(_ db: Connection, from start: Date, to end: Date) throws -> [Order] {
        try Order.filter {
            $0.customerID.like("B%") && $0.orderDate > start && $0.orderDate < end && $0.requiredDate > end
        }.fetchAll(db)
    }

    static func q16NextPage(_ db: Connection, after lastID: Int64) throws -> [Order] {
        let cursor = try Order.filter { $0.shipCity != $0.shipCountry && $0.freight > 0 && $0.id > lastID }
            .order { $0.id }.limit(500).fetchCursor(db)
        var page: [Order] = []
        while let order = try cursor.next() { page.append(order) }
        return page
    }

    static func q17DeleteStale(_ db: Connection, before cutoff: Date) throws -> Int {
        try Order.filter { $0.shippedDate == nil && $0.orderDate < cutoff && $0.freight == 0 }.deleteAll(db)
    }

    static func q18GermanMarkets(_ db: Connection) throws -> [Customer] {
        try Customer.filter { $0.country == "Germany" && $0.city != nil && $0.companyName.like("%Markt%") }
            .order { $0.companyName }.fetchAll(db)
    }

    static func q19LowStock(_ db: Connection) throws -> [Product] {
        try Product.filter {
            $0.discontinued == false && $0.unitPrice > 20 && $0.unitsInStock < 10 && $0.categoryID == 1
        }.order { $0.unitPrice.desc }.fetchAll(db)
    }

    // MARK: SQLite.swift's query API over Record.table and Record.columns

    static func q20OrdersWithCustomer(_ db: Connection) throws -> [(Int64, String, Double)] {
        let o = Order.columns, c = Customer.columns
        let query = Order.table
            .join(Customer.table, on: Order.table[o.customerID] == Customer.table[c.id])
            .select(Order.table[o.id], Customer.table[c.companyName], Order.table[o.freight])
            .filter(Customer.table[c.country] == "France" && Order.table[o.freight] > 50 && Order.table[o.shipVia] != 3)
            .order(Order.table[o.freight].desc)
        return try db.prepare(query).map {
            (try $0.get(Order.table[o.id]), try $0.get(Customer.table[c.companyName]), try $0.get(Order.table[o.freight]))
        }
    }

    static func q21EmployeeAndShipper(_ db: Connection, since start: Date) throws -> [(String, String, Date)] {
        let o = Order.columns, e = Employee.columns, s = Shipper.columns
        let query = Order.table
            .join(Employee.table, on: Order.table[o.employeeID] == Employee.table[e.id])
            .join(Shipper.table, on: Order.table[o.shipVia] == Shipper.table[s.id])
            .select(Employee.table[e.lastName], Shipper.table[s.companyName], Order.table[o.orderDate])
            .filter(Order.table[o.orderDate] >= start && Employee.table[e.title] != nil && Order.table[o.freight] > 25)
            .order(Order.table[o.orderDate].desc)
            .limit(50)
        return try db.prepare(query).map {
            (try $0.get(Employee.table[e.lastName]), try $0.get(Shipper.table[s.companyName]),
             try $0.get(Order.table[o.orderDate]))
        }
    }

    static func q22FreightByCountry(_ db: Connection) throws -> [(String, Int, Double?, Double?)] {
        let o = Order.columns
        let orders = count(*)
        let freight = o.freight.sum
        let average = o.freight.average
        let query = Order.table
            .select(o.shipCountry, orders, freight, average)
            .filter(o.shippedDate != nil)
            .group(o.shipCountry, having: orders > 5)
            .order(freight.desc)
        return try db.prepare(query).map { (try $0.get(o.shipCountry), try $0.get(orders), try $0.get(freight), try $0.get(average)) }
    }

    static func q23OrdersPerEmployee(_ db: Connection, from start: Date, to end: Date) throws -> [(String, Int, Double?)] {
        let o = Order.columns, e = Employee.columns
        let orders = Order.table[o.id].count
        let largest = Order.table[o.freight].max
        let query = Order.table
            .join(Employee.table, on: Order.table[o.employeeID] == Employee.table[e.id])
            .select(Employee.table[e.lastName], orders, largest)
            .filter(Order.table[o.orderDate] >= start && Order.table[o.orderDate] < end && Order.table[o.shipVia] != 2)
            .group(Employee.table[e.id], Employee.table[e.lastName])
            .order(orders.desc, Employee.table[e.lastName])
        return try db.prepare(query).map { (try $0.get(Employee.table[e.lastName]), try $0.get(orders), try $0.get(largest)) }
    }

    static func q24TopProducts(_ db: Connection, since start: Date) throws -> [(String, Double?)] {
        let d = OrderDetail.columns, p = Product.columns, o = Order.columns
        let revenue = (OrderDetail.table[d.unitPrice] * Double(1) * (1 - OrderDetail.table[d.discount])).sum
        let query = OrderDetail.table
            .join(Product.table, on: OrderDetail.table[d.productID] == Product.table[p.id])
            .join(Order.table, on: OrderDetail.table[d.orderID] == Order.table[o.id])
            .select(Product.table[p.name], revenue)
            .filter(Order.table[o.orderDate] >= start && Product.table[p.discontinued] == false && OrderDetail.table[d.quantity] > 0)
            .group(Product.table[p.id], Product.table[p.name])
            .order(revenue.desc)
            .limit(10)
        return try db.prepare(query).map { (try $0.get(Product.table[p.name]), try $0.get(revenue)) }
    }

    static func q25LargestFreight(_ db: Connection, country: String) throws -> Double? {
        let o = Order.columns
        return try db.scalar(
            Order.table.filter(o.shipCountry == country && o.shipVia == 1 && o.shippedDate != nil).select(o.freight.max))
    }

    static func q26CountUnshipped(_ db: Connection) throws -> Int {
        let o = Order.columns
        return try db.scalar(Order.table.filter(o.shippedDate == nil && o.freight > 10 && o.employeeID != 5).count)
    }

    static func q27OrdersWithoutContact(_ db: Connection) throws -> [Int64] {
        let o = Order.columns, c = Customer.columns
        let query = Order.table
            .join(.leftOuter, Customer.table, on: Order.table[o.customerID] == Customer.table[c.id])
            .select(Order.table[o.id])
            .filter(Customer.table[c.contactName] == nil && Order.table[o.freight] > 0 && Order.table[o.shipCountry] != "")
        return try db.prepare(query).map { try $0.get(Order.table[o.id]) }
    }

    static func q28RaiseFreight(_ db: Connection, country: String, before cutoff: Date) throws -> Int {
        let o = Order.columns
        return try db.run(
            Order.table.filter(o.shipCountry == country && o.orderDate < cutoff && o.shippedDate == nil)
                .update(o.freight <- o.freight * 1.1, o.shipVia <- 2))
    }

    static func q29Countries(_ db: Connection) throws -> [String] {
        let o = Order.columns
        let query = Order.table.select(distinct: o.shipCountry).filter(o.freight > 0 && o.shipRegion != nil && o.shipVia > 1)
            .order(o.shipCountry)
        return try db.prepare(query).map { try $0.get(o.shipCountry) }
    }

    static func q30CustomerTotals(_ db: Connection) throws -> [(String, Int, Double)] {
        let o = Order.columns, c = Customer.columns
        let total = Order.table[o.freight].total
        let orders = Order.table[o.id].count
        let query = Customer.table
            .join(Order.table, on: Order.table[o.customerID] == Customer.table[c.id])
            .select(Customer.table[c.companyName], orders, total)
            .filter(Customer.table[c.country] != nil && Order.table[o.shippedDate] != nil && Order.table[o.freight] > 5)
            .group([Customer.table[c.id], Customer.table[c.companyName]], having: total > 1_000)
            .order(total.desc)
        return try db.prepare(query).map { (try $0.get(Customer.table[c.companyName]), try $0.get(orders), try $0.get(total)) }
    }
}

/// The same kind of queries in SQLite.swift's own style: the table and columns declared by hand.
enum HandDeclaredQueries {
    static let orders = Table("orders")
    static let customers = Table("customers")
    static let id = SQLExpression<Int64>("OrderID")
    static let customerID = SQLExpression<String>("CustomerID")
    static let freight = SQLExpression<Double>("Freight")
    static let shipVia = SQLExpression<Int64>("ShipVia")
    static let shipCountry = SQLExpression<String>("ShipCountry")
    static let shippedDate = SQLExpression<Date?>("ShippedDate")
    static let companyName = SQLExpression<String>("CompanyName")
    static let country = SQLExpression<String?>("Country")

    static func h01FrenchFreight(_ db: Connection) throws -> [(Int64, Double)] {
        let query = orders.filter(freight > 10 && shipCountry == "France" && shipVia == 2).order(freight.desc).limit(20)
        return try db.prepare(query).map { (try $0.get(id), try $0.get(freight)) }
    }

    static func h02OrdersWithCustomer(_ db: Connection) throws -> [(Int64, String, Double)] {
        let query = orders
            .join(customers, on: orders[customerID] == customers[customerID])
            .select(orders[id], customers[companyName], orders[freight])
            .filter(customers[country] == "France" && orders[freight] > 50 && orders[shipVia] != 3)
            .order(orders[freight].desc)
        return try db.prepare(query).map {
            (try $0.get(orders[id]), try $0.get(customers[companyName]), try $0.get(orders[freight]))
        }
    }

    static func h03FreightByCountry(_ db: Connection) throws -> [(String, Int, Double?)] {
        let orderCount = count(*)
        let total = freight.sum
        let query = orders.select(shipCountry, orderCount, total).filter(shippedDate != nil)
            .group(shipCountry, having: orderCount > 5).order(total.desc)
        return try db.prepare(query).map { (try $0.get(shipCountry), try $0.get(orderCount), try $0.get(total)) }
    }
}
