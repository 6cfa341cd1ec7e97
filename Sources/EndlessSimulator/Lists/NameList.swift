/// A list of first or last names, with each name's transliterated email part (§5.4).
struct NameList: Sendable {
    var names: StringTable
    var emailParts: StringTable

    init(_ entries: [String]) {
        names = StringTable(entries)
        emailParts = StringTable(entries.map(Transliteration.emailPart(of:)))
    }

    var count: Int { names.count }
}
