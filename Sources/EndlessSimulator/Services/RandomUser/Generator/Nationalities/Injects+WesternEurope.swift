extension NationalityInject {
    /// CH: the French title (C), the postcode (C), phone, cell and AVS.
    static func switzerland(_ user: inout GeneratedUser, _ stream: inout MainStream, _ context: Context) {
        if context.fields.contains(.name) {
            user.title = user.gender == .male ? "Monsieur" : stream.pick(["Mademoiselle", "Madame"])
        }
        if context.fields.contains(.location) {
            user.postcode = .number(stream.range(1000, 9999))
        }
        let prefixes: [StaticString] = ["075", "076", "077", "078", "079"]
        var phone = TextBuffer()
        appendPick(prefixes, &stream, to: &phone)
        stream.fill(" ### ## ##", into: &phone)
        user.phone = phone.makeString()
        var cell = TextBuffer()
        appendPick(prefixes, &stream, to: &cell)
        stream.fill(" ### ## ##", into: &cell)
        user.cell = cell.makeString()
        user.identity = Identity(name: "AVS", value: stream.fill("756.####.####.##"))
    }

    /// DE pension-insurance area codes, in the official order.
    static let germanAreaCodes: [StaticString] = [
        "02", "03", "04", "08", "09", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21",
        "23", "24", "25", "26", "28", "29", "38", "39", "40", "42", "43", "44", "45", "46", "47", "48", "49",
        "50", "51", "52", "53", "54", "55", "56", "57", "58", "59", "60", "61", "62", "63", "64", "65", "66",
        "67", "68", "69", "70", "71", "72", "73", "74", "75", "76", "77", "78", "79", "80", "81", "82", "89",
    ]

    /// DE: phone, cell, then the SVNR (C): area, Chicago-local `DDMMY`, the last name's first
    /// UTF-16 unit, a gendered serial and a digit.
    /// - Throws: when `id` is included but `name` is not (the official inject reads the deleted name).
    static func germany(
        _ user: inout GeneratedUser, _ stream: inout MainStream, _ context: Context
    ) throws(GeneratorError) {
        user.phone = stream.fill("0###-#######")
        user.cell = stream.fill("017#-#######")
        guard context.fields.contains(.id) else { return }
        guard context.fields.contains(.name) else {
            throw .unsupportedRequest("DE ids read name.last, so inc/exc cannot include id without name")
        }
        var value = TextBuffer()
        appendPick(germanAreaCodes, &stream, to: &value)
        value.append(UInt8(ascii: " "))
        appendLocalDate(of: user.dob, calendar: context.calendar, to: &value)
        value.append(UInt8(ascii: " "))
        value.append(utf8: firstUTF16Unit(of: context.lists.last.names.string(user.last)))
        value.append(UInt8(ascii: " "))
        let serial = user.gender == .male ? stream.range(0, 49) : stream.range(50, 99)
        value.append(number: serial, paddedTo: 2)
        value.append(number: stream.range(0, 9))
        user.identity = Identity(name: "SVNR", value: value.makeString())
    }

    /// `name.last[0]`: the first UTF-16 unit. Half a surrogate pair cannot be held in a Swift
    /// string, so a name starting outside the BMP gives U+FFFD; an empty name gives "".
    static func firstUTF16Unit(of name: String) -> String {
        guard let unit = name.utf16.first else { return "" }
        return String(decoding: [unit], as: UTF16.self)
    }

    /// ES: phone, cell and a DNI whose letter is random (no checksum).
    static func spain(_ user: inout GeneratedUser, _ stream: inout MainStream) {
        user.phone = stream.fill("9##-###-###")
        user.cell = stream.fill("6##-###-###")
        user.identity = Identity(name: "DNI", value: stream.fill("########-@"))
    }

    /// FR: phone, cell, then the INSEE (C) with its 0-based month and mod-97 key.
    static func france(_ user: inout GeneratedUser, _ stream: inout MainStream, _ context: Context) {
        var phone = TextBuffer()
        phone.append("0")
        stream.appendNumber(1, 5, to: &phone)
        stream.fill("-##-##-##-##", into: &phone)
        user.phone = phone.makeString()
        user.cell = stream.fill("06-##-##-##-##")
        guard context.fields.contains(.id) else { return }
        let local = context.calendar.local(user.dob)
        var digits = TextBuffer()
        digits.append(number: user.gender == .male ? 1 : 2)
        digits.append(number: local.year - 1900)
        digits.append(number: local.month - 1, paddedTo: 2)
        stream.append(8, of: .digits, to: &digits)
        let number = digits.makeString()
        // 13 or 14 digits: exact in Int64 (the official double is exact there too).
        let key = 97 - (Int64(number) ?? 0) % 97
        var value = TextBuffer()
        value.append(utf8: number)
        value.append(UInt8(ascii: " "))
        value.append(number: Int(key), paddedTo: 2)
        user.identity = Identity(name: "INSEE", value: value.makeString())
    }

    /// NL as production runs it (the 1.3 inject, §5.8): phone (C, two candidates), cell, BSN,
    /// then the `dddd LL` postcode (C).
    static func netherlands(_ user: inout GeneratedUser, _ stream: inout MainStream, _ context: Context) {
        if context.fields.contains(.phone) {
            let candidates = [stream.fill("(0##) #######"), stream.fill("(0###) ######")]
            user.phone = stream.pick(candidates)
        }
        user.cell = stream.fill("(06) ########")
        user.identity = Identity(name: "BSN", value: stream.digits(8))
        if context.fields.contains(.location) {
            user.postcode = .text(stream.fill("#### @@"))
        }
    }
}
