/// The 21 v1.4 nationalities in the official `NATS` index order (byte-sorted directory names,
/// GENERATOR.md §4.1), plus LEGO, which only `lego` selects.
enum Nationality: Int, CaseIterable, Sendable {
    case au, br, ca, ch, de, dk, es, fi, fr, gb, ie, `in`, ir, mx, nl, no, nz, rs, tr, ua, us
    case lego

    /// The 21 codes `nat`, random picks and 18-character seeds choose from, by index.
    static let selectable: [Nationality] = allCases.filter { $0 != .lego }

    /// The code as it appears in `nat` and in the data directory (`"DE"`, `"LEGO"`).
    var code: String {
        Self.codes[rawValue]
    }

    /// The `location.country` value; LEGO has none, so the key is absent (§4.1).
    var country: String? {
        self == .lego ? nil : Self.countries[rawValue]
    }

    /// The nationality whose code is exactly `code` (case-sensitive); LEGO is not selectable.
    init?(selectableCode code: String) {
        guard let index = Self.codes.firstIndex(of: code), index < Self.selectable.count else { return nil }
        self = Self.selectable[index]
    }

    private static let codes = [
        "AU", "BR", "CA", "CH", "DE", "DK", "ES", "FI", "FR", "GB", "IE", "IN", "IR", "MX", "NL", "NO", "NZ",
        "RS", "TR", "UA", "US", "LEGO",
    ]

    private static let countries = [
        "Australia", "Brazil", "Canada", "Switzerland", "Germany", "Denmark", "Spain", "Finland", "France",
        "United Kingdom", "Ireland", "India", "Iran", "Mexico", "Netherlands", "Norway", "New Zealand", "Serbia",
        "Turkey", "Ukraine", "United States",
    ]
}
