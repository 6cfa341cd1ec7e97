/// The lists of one nationality (`<NAT>/lists/*.txt`), ready to pick from.
///
/// A class with constant lists: every user looks its lists up twice, and passing one reference
/// costs one retain where the struct's nine arrays cost nine.
final class NationalityLists: Sendable {
    let maleFirst: NameList
    let femaleFirst: NameList
    let last: NameList
    let street: StringTable
    let cities: StringTable
    let states: StringTable
    /// Only NO has (and needs) `post_codes.txt` (GENERATOR.md §5.8).
    let postCodes: StringTable?

    init(
        maleFirst: NameList, femaleFirst: NameList, last: NameList, street: StringTable, cities: StringTable,
        states: StringTable, postCodes: StringTable?
    ) {
        self.maleFirst = maleFirst
        self.femaleFirst = femaleFirst
        self.last = last
        self.street = street
        self.cities = cities
        self.states = states
        self.postCodes = postCodes
    }

    /// The first-name list for a gender.
    func first(_ gender: Gender) -> NameList {
        gender == .female ? femaleFirst : maleFirst
    }
}
