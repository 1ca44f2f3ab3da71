/// The default table name of a record type, as sqlite-data derives it: the type's name in
/// lowerCamelCase, pluralised (`Player` → `players`, `AuditEntry` → `auditEntries`,
/// `URLRecord` → `urlRecords`, `Box` → `boxes`).
enum TableName {
    static func derived(from typeName: String) -> String {
        pluralised(lowerCamelCased(typeName))
    }

    /// The name with its leading capitals lowercased: the first one alone (`Player`), or a whole
    /// leading acronym but its last letter when a lowercase letter follows (`URLRecord` → `urlRecord`).
    static func lowerCamelCased(_ name: String) -> String {
        let characters = Array(name)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        guard upperRun > 0 else { return name }
        // In `URLRecord` the run is `URLR`; its last capital starts the next word.
        let lowered = upperRun == 1 || upperRun == characters.count ? upperRun : upperRun - 1
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }

    /// English plurals of the regular kinds.
    static func pluralised(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("y"), let beforeLast = lower.dropLast().last, !"aeiou".contains(beforeLast) {
            return word.dropLast() + "ies"
        }
        for ending in ["s", "x", "z", "ch", "sh"] where lower.hasSuffix(ending) {
            return word + "es"
        }
        return word + "s"
    }
}
