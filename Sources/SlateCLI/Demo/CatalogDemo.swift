import SlateCore
import SlateSchema

/// The demo's work: a LEGO-style collection catalog (themes, sets, parts and each set's
/// inventory), bulk-loaded through prepared statements in one transaction, then read back.
struct CatalogDemo {
    /// What the demo did, for printing and for tests.
    struct Report: Equatable {
        var themes = 0
        var sets = 0
        var parts = 0
        var inventoryRows = 0
        var piecesInInventory: Int64 = 0
        var largestSet = ""
        var busiestTheme = ""
        var insertSeconds = 0.0
        var readSeconds = 0.0
    }

    let setCount: Int
    let partCount: Int
    let partsPerSet: Int

    init(setCount: Int = 5_000, partCount: Int = 2_000, partsPerSet: Int = 8) {
        self.setCount = setCount
        self.partCount = partCount
        self.partsPerSet = partsPerSet
    }

    static let themeNames = [
        "City", "Technic", "Star Wars", "Creator", "Ninjago", "Friends", "Castle", "Space", "Pirates", "Ideas",
        "Architecture", "Harry Potter", "Speed Champions", "Duplo", "Marvel", "Botanicals"
    ]
    static let shapes = ["Brick", "Plate", "Tile", "Slope", "Technic Beam", "Axle", "Minifig Torso", "Wheel"]
    static let sizes = ["1 x 1", "1 x 2", "1 x 4", "2 x 2", "2 x 4", "2 x 6", "4 x 4", "6 x 8"]
    static let colors = ["Red", "Blue", "Yellow", "Black", "White", "Light Bluish Gray", "Dark Green", "Tan"]

    static let schema = """
        CREATE TABLE themes (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE
        );
        CREATE TABLE sets (
            id INTEGER PRIMARY KEY,
            number TEXT NOT NULL UNIQUE,
            name TEXT NOT NULL,
            year INTEGER NOT NULL CHECK (year BETWEEN 1949 AND 2100),
            theme_id INTEGER NOT NULL REFERENCES themes(id),
            released_at TEXT
        );
        CREATE TABLE parts (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            color TEXT NOT NULL,
            weight_grams REAL
        );
        CREATE TABLE inventory (
            set_id INTEGER NOT NULL REFERENCES sets(id),
            part_id INTEGER NOT NULL REFERENCES parts(id),
            quantity INTEGER NOT NULL CHECK (quantity > 0),
            PRIMARY KEY (set_id, part_id)
        ) WITHOUT ROWID;
        CREATE INDEX sets_by_theme ON sets(theme_id);
        """

    /// Creates the catalog on `db` (a new, empty database: the tables must not exist), loads it and reads it back.
    func run(on db: Connection) throws -> Report {
        var report = Report()
        var random = SeededGenerator(seed: 0x534C_4154_4531)
        let clock = ContinuousClock()

        try db.execute(sql: Self.schema)
        let insertStart = clock.now
        try db.transaction(.immediate) {
            let insertTheme = try db.prepare(sql: "INSERT INTO themes (id, name) VALUES (?, ?)")
            for (index, name) in Self.themeNames.enumerated() {
                try insertTheme.bind(index + 1, at: 1)
                try insertTheme.bind(name, at: 2)
                try insertTheme.step()
                try insertTheme.reset()
            }

            let insertPart = try db.prepare(sql: "INSERT INTO parts (id, name, color, weight_grams) VALUES (?, ?, ?, ?)")
            for id in 1...partCount {
                let shape = Self.shapes[Int(random.next() % UInt64(Self.shapes.count))]
                let size = Self.sizes[Int(random.next() % UInt64(Self.sizes.count))]
                try insertPart.bind(id, at: 1)
                try insertPart.bind("\(shape) \(size)", at: 2)
                try insertPart.bind(Self.colors[id % Self.colors.count], at: 3)
                try insertPart.bind(id % 10 == 0 ? nil : Double(random.next() % 1000) / 100 + 0.1, at: 4)
                try insertPart.step()
                try insertPart.reset()
            }

            let insertSet = try db.prepare(
                sql: """
                    INSERT INTO sets (id, number, name, year, theme_id, released_at) VALUES (?, ?, ?, ?, ?, ?)
                    """)
            let insertInventory = try db.prepare(sql: "INSERT INTO inventory (set_id, part_id, quantity) VALUES (?, ?, ?)")
            for id in 1...setCount {
                let theme = Int(random.next() % UInt64(Self.themeNames.count)) + 1
                let year = 1970 + Int(random.next() % 55)
                try insertSet.bind(id, at: 1)
                try insertSet.bind("\(10_000 + id)-1", at: 2)
                try insertSet.bind("\(Self.themeNames[theme - 1]) Set #\(id)", at: 3)
                try insertSet.bind(year, at: 4)
                try insertSet.bind(theme, at: 5)
                try insertSet.bind("\(year)-0\(1 + id % 9)-15", at: 6)
                try insertSet.step()
                try insertSet.reset()

                var used = Set<Int>()
                for _ in 0..<partsPerSet {
                    let part = Int(random.next() % UInt64(partCount)) + 1
                    guard used.insert(part).inserted else { continue }
                    try insertInventory.bind(id, at: 1)
                    try insertInventory.bind(part, at: 2)
                    try insertInventory.bind(Int(random.next() % 40) + 1, at: 3)
                    try insertInventory.step()
                    try insertInventory.reset()
                }
            }
        }
        report.insertSeconds = seconds(clock.now - insertStart)

        let readStart = clock.now
        report.themes = try count(db, "themes")
        report.sets = try count(db, "sets")
        report.parts = try count(db, "parts")
        report.inventoryRows = try count(db, "inventory")
        // Stream every inventory row through a cursor, reading columns in place.
        let cursor = try db.cursor("SELECT set_id, part_id, quantity FROM inventory")
        while let row = try cursor.next() {
            report.piecesInInventory += try row.get(2, as: Int64.self)
        }
        let largest = try db.cursor(
            """
            SELECT s.name, sum(i.quantity) AS pieces FROM sets s JOIN inventory i ON i.set_id = s.id
            GROUP BY s.id ORDER BY pieces DESC, s.id LIMIT 1
            """)
        if let row = try largest.next() {
            report.largestSet = "\(try row.get(0, as: String.self)) (\(try row.get(1, as: Int.self)) pieces)"
        }
        let busiest = try db.cursor(
            """
            SELECT t.name, count(*) AS n FROM sets s JOIN themes t ON t.id = s.theme_id
            GROUP BY t.id ORDER BY n DESC, t.id LIMIT 1
            """)
        if let row = try busiest.next() {
            report.busiestTheme = "\(try row.get("name", as: String.self)) (\(try row.get("n", as: Int.self)) sets)"
        }
        report.readSeconds = seconds(clock.now - readStart)
        return report
    }

    private func count(_ db: Connection, _ table: String) throws -> Int {
        try db.scalar(Int.self, "SELECT count(*) FROM \(SQLiteValue.quoteIdentifier(table))") ?? 0
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
