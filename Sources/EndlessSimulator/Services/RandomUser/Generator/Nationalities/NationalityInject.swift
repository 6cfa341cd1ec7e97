/// Step 18 of the draw order: the nationality's inject (GENERATOR.md §5.8).
///
/// "A" values are drawn whether or not their field is included; "C" values only when it is,
/// which is how `inc`/`exc` can change later users. Each inject runs its steps in the table's
/// order; the files beside this one hold them by region.
enum NationalityInject {
    /// What an inject reads besides the user and the stream.
    struct Context: Sendable {
        var fields: FieldSet
        var lists: NationalityLists
        var calendar: ChicagoCalendar
    }

    static func apply(
        to user: inout GeneratedUser, stream: inout MainStream, context: Context
    ) throws(GeneratorError) {
        switch user.nationality {
        case .au: australia(&user, &stream, context)
        case .br: brazil(&user, &stream)
        case .ca: canada(&user, &stream, context)
        case .ch: switzerland(&user, &stream, context)
        case .de: try germany(&user, &stream, context)
        case .dk: denmark(&user, &stream, context)
        case .es: spain(&user, &stream)
        case .fi: finland(&user, &stream, context)
        case .fr: france(&user, &stream, context)
        case .gb: unitedKingdom(&user, &stream, context)
        case .ie: ireland(&user, &stream)
        case .in: india(&user, &stream)
        case .ir: iran(&user, &stream)
        case .mx: mexico(&user, &stream)
        case .nl: netherlands(&user, &stream, context)
        case .no: norway(&user, &stream, context)
        case .nz, .tr: newZealandOrTurkey(&user, &stream)
        case .rs: serbia(&user, &stream)
        case .ua: ukraine(&user, &stream)
        case .us: unitedStates(&user, &stream, context)
        case .lego: lego(&user, &stream)
        }
    }

    /// The null id of IR, NZ, TR and UA.
    static let nullIdentity = Identity(name: "", value: nil)

    /// Appends `pick(values)` as decimal text (the official lists are numbers or digit strings).
    static func appendPick(_ values: [StaticString], _ stream: inout MainStream, to text: inout TextBuffer) {
        text.append(values[stream.index(count: values.count)])
    }

    /// `DD MM Y` of the dob in Chicago local time, with `Y = year − 1900` (`44`…`99`, `100`,
    /// `101`), as the DE and DK ids write it.
    static func appendLocalDate(of dob: Int64, calendar: ChicagoCalendar, to text: inout TextBuffer) {
        let local = calendar.local(dob)
        text.append(number: local.day, paddedTo: 2)
        text.append(number: local.month, paddedTo: 2)
        text.append(number: local.year - 1900)
    }
}
