/// The lists every nationality shares (`common/lists/*.txt`).
struct CommonLists: Sendable {
    var passwords: StringTable
    var timezoneOffsets: StringTable
    var timezoneDescriptions: StringTable
    /// The female titles (`Miss`, `Mrs`, `Ms`); men are always `Mr`.
    var titles: StringTable
    var user1: StringTable
    var user2: StringTable

    var timezoneCount: Int { timezoneOffsets.count }
}
