import RandomUserAPI

/// The people `csv` format: a header of dotted v1.4 field paths, one record per person.
///
/// The columns are those of the fields the query asked for (`--inc`, `--exc`), whether or
/// not a value happens to be missing, so the same query always gives the same header.
enum PeopleCSVFormatter {
    /// The header and one record per person.
    /// - Parameters:
    ///   - people: the people, in order.
    ///   - query: the query they answer; its field selection picks the columns.
    static func format(_ people: [RandomUser], for query: RandomUserQuery? = nil) -> String {
        let columns = PersonFields.csvColumns.filter { column in
            guard let query else { return true }
            let top = String(column.header.prefix { $0 != "." })
            return RandomUserQuery.Field(rawValue: top).map(query.includes) ?? true
        }
        var output = CSVText.record(columns.map(\.header), sanitizing: false)
        for person in people {
            output += CSVText.record(columns.map { $0.value(person) })
        }
        return output
    }
}
