import Foundation
import RandomUserAPI

/// The people `table` format: name, gender, nat, email, phone, city, age.
struct PeopleTableFormatter {
    /// The total width to fit, in columns.
    let width: Int
    /// The instant ages are computed at when the body has none.
    let now: Date

    var columns: [FetchTable<RandomUser>.Column] {
        [
            .init("NAME", minimumWidth: 8) { $0.name?.full },
            .init("GENDER", minimumWidth: 1) { $0.gender },
            .init("NAT", minimumWidth: 3) { $0.nat },
            .init("EMAIL", minimumWidth: 8) { $0.email },
            .init("PHONE", minimumWidth: 6) { $0.phone },
            .init("CITY", minimumWidth: 4) { $0.location?.city },
            .init("AGE", minimumWidth: 3, alignRight: true) { [now] in PersonFields.age(of: $0, now: now).map(String.init) },
        ]
    }

    /// The table, fitted to ``width``.
    func format(_ people: [RandomUser]) -> String {
        FetchTable(columns: columns, width: width).format(people)
    }
}
