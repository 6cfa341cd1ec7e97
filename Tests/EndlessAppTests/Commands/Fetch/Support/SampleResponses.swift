import Foundation
import RandomUserAPI

/// Small, fixed responses whose exact output the format tests spell out.
enum SampleResponses {
    static func date(_ text: String) -> Date {
        // Tests only: the literals below are valid ISO 8601.
        (try? Date(text, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }

    static let atilla = RandomUser(
        gender: "male", name: .init(title: "Mr", first: "Atilla", last: "Bennink"),
        location: .init(
            street: .init(number: 7541, name: "Hoveniersdreef"), city: "Aalsmeerderbrug", state: "Flevoland",
            country: "Netherlands", postcode: .text("3436 TI"),
            coordinates: .init(latitude: "36.7507", longitude: "-169.1103"),
            timezone: .init(offset: "+3:30", description: "Tehran")),
        email: "atilla.bennink@example.com",
        login: .init(uuid: "109cc029-1c67-46d9-981a-8ac3dfeac5cd", username: "bigmouse581"),
        dob: .init(date: date("1981-10-20T18:46:45Z"), age: 43),
        registered: .init(date: date("2018-07-22T19:29:37Z"), age: 6),
        phone: "(089) 8673781", cell: "(06) 07494249", nationalID: .init(name: "BSN", value: "15051860"),
        picture: .init(large: "https://randomuser.me/api/portraits/men/20.jpg"), nat: "NL")

    /// A Persian-script name and city, as IR people come from the service.
    static let arman = RandomUser(
        gender: "male", name: .init(title: "Mr", first: "آرمان", last: "رضایی"),
        location: .init(city: "تهران", postcode: .number(12345)),
        email: "arman.rdyy@example.com",
        login: .init(uuid: "6f1c9e2a-0000-4000-8000-000000000001"),
        dob: .init(date: date("1990-01-02T03:04:05Z"), age: 35),
        phone: "021-12345678", nationalID: .init(name: "", value: nil), nat: "IR")

    /// Wide characters: each CJK ideograph takes two columns.
    static let hanako = RandomUser(
        gender: "female", name: .init(title: "Ms", first: "花子", last: "山田"),
        location: .init(city: "東京"), email: "hanako, \"yamada\"@example.com",
        login: .init(uuid: "6f1c9e2a-0000-4000-8000-000000000002"),
        dob: .init(date: date("2000-02-29T00:00:00Z"), age: 25), phone: "03-1234-5678", nat: "JP")

    static let small = RandomUserResponse(
        results: [atilla, arman, hanako], info: .init(seed: "endless", results: 3, page: 1, version: "1.4"))

    /// ESC[2J (clear screen) and OSC 52 (write the clipboard), plus the 8-bit CSI and a bidi
    /// override, in places a table, CSV and JSON all print.
    static let hostileName = "Eve\u{1B}[2J\u{1B}]52;c;cm0gLXJmIH4=\u{07}Mallory\u{9B}31m\u{202E}"
    static let hostile = RandomUserResponse(
        results: [
            RandomUser(
                gender: "female", name: .init(title: "Ms", first: hostileName, last: "Smith\u{1B}]0;pwned\u{1B}\\"),
                location: .init(city: "Oslo\u{1B}[31m"), email: "eve@example.com",
                login: .init(uuid: "6f1c9e2a-0000-4000-8000-00000000000e"),
                dob: .init(date: date("1990-01-01T00:00:00Z"), age: 36), phone: "1\u{7}2", nat: "NO")
        ],
        info: .init(seed: "x", results: 1, page: 1, version: "1.4"))
}
