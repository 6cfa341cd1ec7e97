extension NationalityInject {
    /// BR: phone, cell and an unchecked CPF.
    static func brazil(_ user: inout GeneratedUser, _ stream: inout MainStream) {
        user.phone = stream.fill("(##) ####-####")
        user.cell = stream.fill("(##) ####-####")
        user.identity = Identity(name: "CPF", value: stream.fill("###.###.###-##"))
    }

    /// CA: phones with letters, the SIN (C, redrawn until Luhn-valid), then the postcode (C).
    static func canada(_ user: inout GeneratedUser, _ stream: inout MainStream, _ context: Context) {
        user.phone = stream.fill("@## @##-####")
        user.cell = stream.fill("@## @##-####")
        if context.fields.contains(.id) {
            var sin = stream.digits(9)
            while !isLuhnValid(sin) {
                sin = stream.digits(9)
            }
            user.identity = Identity(name: "SIN", value: sin)
        }
        if context.fields.contains(.location) {
            user.postcode = .text(stream.fill("@#@ #@#"))
        }
    }

    /// MX: phone, cell and NSS.
    static func mexico(_ user: inout GeneratedUser, _ stream: inout MainStream) {
        user.phone = stream.fill("(6##) ### ####")
        user.cell = stream.fill("(6##) ### ####")
        user.identity = Identity(name: "NSS", value: stream.fill("## ## ## #### #"))
    }

    /// US: NXX phones and the SSN (C, redrawn until it is a valid number).
    static func unitedStates(_ user: inout GeneratedUser, _ stream: inout MainStream, _ context: Context) {
        user.phone = stream.fill("(%##) %##-####")
        user.cell = stream.fill("(%##) %##-####")
        if context.fields.contains(.id) {
            var ssn = stream.fill("###-##-####")
            while !isValidSSN(ssn) {
                ssn = stream.fill("###-##-####")
            }
            user.identity = Identity(name: "SSN", value: ssn)
        }
    }

    /// Weights 1,2,1,2,…; a product of 10 or more counts as its digit sum; the total ≡ 0 mod 10.
    static func isLuhnValid(_ digits: String) -> Bool {
        var sum = 0
        for (position, byte) in digits.utf8.enumerated() {
            var product = Int(byte - UInt8(ascii: "0")) * (position % 2 == 0 ? 1 : 2)
            if product >= 10 {
                product = product / 10 + product % 10
            }
            sum += product
        }
        return sum % 10 == 0
    }

    /// Area not 000, 666 or 900–999; group not 00; serial not 0000; not 219-09-9999 or 078-05-1120.
    static func isValidSSN(_ ssn: String) -> Bool {
        let parts = ssn.split(separator: "-")
        guard parts.count == 3, let area = Int(parts[0]) else { return false }
        return area != 0 && area != 666 && area < 900 && parts[1] != "00" && parts[2] != "0000"
            && ssn != "219-09-9999" && ssn != "078-05-1120"
    }
}
