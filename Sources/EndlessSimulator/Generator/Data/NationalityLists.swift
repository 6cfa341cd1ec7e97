/// The lists of one nationality (`<NAT>/lists/*.txt`), ready to pick from.
struct NationalityLists: Sendable {
    var maleFirst: NameList
    var femaleFirst: NameList
    var last: NameList
    var street: StringTable
    var cities: StringTable
    var states: StringTable
    /// Only NO has (and needs) `post_codes.txt` (GENERATOR.md §5.8).
    var postCodes: StringTable?

    /// The first-name list for a gender.
    func first(_ gender: Gender) -> NameList {
        gender == .female ? femaleFirst : maleFirst
    }
}
