/// The set of included fields, after `inc` and `exc` (§1).
struct FieldSet: Sendable, Hashable {
    private var bits: UInt16

    static let all = FieldSet(UserField.allCases)

    init(_ fields: some Sequence<UserField>) {
        bits = 0
        for field in fields {
            bits |= 1 << field.rawValue
        }
    }

    func contains(_ field: UserField) -> Bool {
        bits & (1 << field.rawValue) != 0
    }

    /// `inc` and `exc` as the generator reads them: split on `,`, drop empty items, trim,
    /// lowercase; unknown names ignored; `exc` removed from `inc` (or from all fields).
    init(include: String?, exclude: String?) {
        var included = FieldSet.all
        if let include, !include.isEmpty {
            included = FieldSet(Self.parse(include))
        }
        if let exclude, !exclude.isEmpty {
            included.bits &= ~FieldSet(Self.parse(exclude)).bits
        }
        self = included
    }

    private static func parse(_ list: String) -> [UserField] {
        JSString.split(list, on: ",")
            .filter { !$0.isEmpty }
            .map { JSNumber.trim($0).lowercased() }
            .compactMap { name in UserField.allCases.first { $0.key == name } }
    }
}
