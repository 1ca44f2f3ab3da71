// Northwind's tables as `@Table` records, for Queries.swift (see Benchmarks/typecheck.sh). Only
// Queries.swift is timed; this file is the schema it is written against.
import Foundation
import SlateMacros

/// Northwind's `Orders`, as W10 reads it.
@Table("orders")
struct Order {
    @Column("OrderID", primaryKey: true) var id: Int64
    @Column("CustomerID") var customerID: String
    @Column("EmployeeID") var employeeID: Int64
    @Column("OrderDate") var orderDate: Date
    @Column("RequiredDate") var requiredDate: Date
    @Column("ShippedDate") var shippedDate: Date?
    @Column("ShipVia") var shipVia: Int64
    @Column("Freight") var freight: Double
    @Column("ShipName") var shipName: String
    @Column("ShipAddress") var shipAddress: String
    @Column("ShipCity") var shipCity: String
    @Column("ShipRegion") var shipRegion: String?
    @Column("ShipPostalCode") var shipPostalCode: String?
    @Column("ShipCountry") var shipCountry: String
}

/// Northwind's `Customers`.
@Table("customers")
struct Customer {
    @Column("CustomerID", primaryKey: true) var id: String
    @Column("CompanyName") var companyName: String
    @Column("ContactName") var contactName: String?
    @Column("City") var city: String?
    @Column("Region") var region: String?
    @Column("Country") var country: String?
}

/// Northwind's `Employees`.
@Table("employees")
struct Employee {
    @Column("EmployeeID", primaryKey: true) var id: Int64
    @Column("LastName") var lastName: String
    @Column("FirstName") var firstName: String
    @Column("Title") var title: String?
    @Column("HireDate") var hireDate: Date?
    @Column("ReportsTo") var reportsTo: Int64?
}

/// Northwind's `Products`.
@Table("products")
struct Product {
    @Column("ProductID", primaryKey: true) var id: Int64
    @Column("ProductName") var name: String
    @Column("SupplierID") var supplierID: Int64?
    @Column("CategoryID") var categoryID: Int64?
    @Column("UnitPrice") var unitPrice: Double?
    @Column("UnitsInStock") var unitsInStock: Int64?
    @Column("Discontinued") var discontinued: Bool
}

/// Northwind's `Order Details`.
@Table("order_details")
struct OrderDetail {
    @Column("OrderID") var orderID: Int64
    @Column("ProductID") var productID: Int64
    @Column("UnitPrice") var unitPrice: Double
    @Column("Quantity") var quantity: Int64
    @Column("Discount") var discount: Double
}

/// Northwind's `Shippers`.
@Table("shippers")
struct Shipper {
    @Column("ShipperID", primaryKey: true) var id: Int64
    @Column("CompanyName") var companyName: String
    @Column("Phone") var phone: String?
}
