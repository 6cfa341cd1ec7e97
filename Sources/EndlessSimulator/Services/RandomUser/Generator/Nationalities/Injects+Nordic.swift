extension NationalityInject {
    /// DK: two 8-digit numbers and the CPR, `DDMMY-dddd` in Chicago local time.
    static func denmark(_ user: inout GeneratedUser, _ stream: inout MainStream, _ context: Context) {
        user.phone = stream.digits(8)
        user.cell = stream.digits(8)
        var value = TextBuffer()
        appendLocalDate(of: user.dob, calendar: context.calendar, to: &value)
        value.append(UInt8(ascii: "-"))
        stream.append(4, of: .digits, to: &value)
        user.identity = Identity(name: "CPR", value: value.makeString())
    }

    /// FI: phone, cell, then the HETU (C), which the official code always garbles into
    /// `NaNNA` + d2 + a gendered digit + `undefined`.
    static func finland(_ user: inout GeneratedUser, _ stream: inout MainStream, _ context: Context) {
        var phone = TextBuffer()
        phone.append("0")
        stream.appendNumber(2, 9, to: &phone)
        stream.fill("-###-###", into: &phone)
        user.phone = phone.makeString()
        var cell = TextBuffer()
        cell.append("04")
        stream.appendNumber(0, 9, to: &cell)
        stream.fill("-###-##-##", into: &cell)
        user.cell = cell.makeString()
        guard context.fields.contains(.id) else { return }
        var value = TextBuffer()
        value.append("NaNNA")
        stream.append(2, of: .digits, to: &value)
        let digits = user.gender == .female ? [0, 2, 4, 6, 8] : [1, 3, 5, 7, 9]
        value.append(number: stream.pick(digits))
        value.append("undefined")
        user.identity = Identity(name: "HETU", value: value.makeString())
    }

    /// NO: phone, cell, the fødselsnummer (C), then a postcode from `post_codes.txt` (C).
    static func norway(_ user: inout GeneratedUser, _ stream: inout MainStream, _ context: Context) {
        var phone = TextBuffer()
        appendPick(["2", "3", "5", "6", "7", "8"], &stream, to: &phone)
        stream.append(7, of: .digits, to: &phone)
        user.phone = phone.makeString()
        var cell = TextBuffer()
        appendPick(["4", "9"], &stream, to: &cell)
        stream.append(7, of: .digits, to: &cell)
        user.cell = cell.makeString()
        if context.fields.contains(.id) {
            let number = fodselsnummer(user, &stream, context.calendar)
            user.identity = Identity(name: "FN", value: number)
        }
        if context.fields.contains(.location), let postCodes = context.lists.postCodes {
            user.postcode = .text(postCodes.string(stream.index(count: postCodes.count)))
        }
    }

    /// The fødselsnummer loop of §5.8: `DDMMYY` from the UTC dob, the individual number's
    /// range from the Chicago-local year, redrawn until both check digits are single digits and
    /// the last is not 0.
    static func fodselsnummer(_ user: GeneratedUser, _ stream: inout MainStream, _ calendar: ChicagoCalendar) -> String {
        let utc = LocalDateTime(wallClock: user.dob)
        var birth = TextBuffer()
        birth.append(number: utc.day, paddedTo: 2)
        birth.append(number: utc.month, paddedTo: 2)
        birth.append(number: utc.year % 100, paddedTo: 2)
        let localYear = calendar.local(user.dob).year
        let isFemale = user.gender == .female
        while true {
            var individual: Int
            if localYear >= 2000 {
                individual = 999 - stream.range(0, 499)
            } else if localYear <= 1899 {
                individual = 749 - stream.range(0, 249)
            } else {
                individual = 499 - stream.range(0, 499)
            }
            if (individual % 2 != 0) == isFemale {
                individual -= 1
            }
            // -1 pads to "0-1"; its check digits are NaN in JS, so the loop always redraws.
            guard individual >= 0 else { continue }
            var digits = birth
            digits.append(number: individual, paddedTo: 3)
            let first = checkDigit([3, 7, 6, 1, 8, 9, 4, 5, 2], digits.bytes)
            guard first < 10 else { continue }
            digits.append(number: first)
            let second = checkDigit([5, 4, 3, 2, 7, 6, 5, 4, 3, 2], digits.bytes)
            guard second != 0 && second < 10 else { continue }
            digits.append(number: second)
            return digits.makeString()
        }
    }

    /// `S = Σ wᵢ·digitᵢ`; 0 when `S mod 11` is 0, else `11 − S mod 11` (1…10).
    private static func checkDigit(_ weights: [Int], _ digits: [UInt8]) -> Int {
        var sum = 0
        for (weight, digit) in zip(weights, digits) {
            sum += weight * Int(digit - UInt8(ascii: "0"))
        }
        let remainder = sum % 11
        return remainder == 0 ? 0 : 11 - remainder
    }
}
