/// The lists every nationality shares (`common/lists/*.txt`); a class for the same reason as
/// `NationalityLists`.
final class CommonLists: Sendable {
    let passwords: StringTable
    let timezoneOffsets: StringTable
    let timezoneDescriptions: StringTable
    /// The female titles (`Miss`, `Mrs`, `Ms`); men are always `Mr`.
    let titles: StringTable
    let user1: StringTable
    let user2: StringTable

    init(
        passwords: StringTable, timezoneOffsets: StringTable, timezoneDescriptions: StringTable, titles: StringTable,
        user1: StringTable, user2: StringTable
    ) {
        self.passwords = passwords
        self.timezoneOffsets = timezoneOffsets
        self.timezoneDescriptions = timezoneDescriptions
        self.titles = titles
        self.user1 = user1
        self.user2 = user2
    }

    var timezoneCount: Int { timezoneOffsets.count }
}
