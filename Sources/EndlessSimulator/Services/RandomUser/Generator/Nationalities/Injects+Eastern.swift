extension NationalityInject {
    /// IN: mobile numbers starting 7, 8 or 9, and a 12-digit UIDAI.
    static func india(_ user: inout GeneratedUser, _ stream: inout MainStream) {
        user.phone = mobile(&stream)
        user.cell = mobile(&stream)
        user.identity = Identity(name: "UIDAI", value: stream.digits(12))
    }

    private static func mobile(_ stream: inout MainStream) -> String {
        var text = TextBuffer()
        appendPick(["7", "8", "9"], &stream, to: &text)
        stream.append(9, of: .digits, to: &text)
        return text.makeString()
    }

    /// IR: phone, cell and a null id.
    static func iran(_ user: inout GeneratedUser, _ stream: inout MainStream) {
        user.phone = stream.fill("0##-########")
        user.cell = stream.fill("09##-###-####")
        user.identity = nullIdentity
    }

    /// RS: phone, cell and a 9-digit SID.
    static func serbia(_ user: inout GeneratedUser, _ stream: inout MainStream) {
        var phone = TextBuffer()
        phone.append("0")
        appendPick(["1", "2", "3"], &stream, to: &phone)
        stream.fill("#-####-###", into: &phone)
        user.phone = phone.makeString()
        user.cell = stream.fill("06#-####-###")
        user.identity = Identity(name: "SID", value: stream.digits(9))
    }

    /// UA: phones with a letter after the operator code, and a null id.
    static func ukraine(_ user: inout GeneratedUser, _ stream: inout MainStream) {
        user.phone = ukrainianNumber(&stream)
        user.cell = ukrainianNumber(&stream)
        user.identity = nullIdentity
    }

    private static func ukrainianNumber(_ stream: inout MainStream) -> String {
        var text = TextBuffer()
        text.append("(0")
        appendPick(["66", "67", "68", "96", "97", "98", "99"], &stream, to: &text)
        stream.fill(") @##-####", into: &text)
        return text.makeString()
    }
}
