extension NationalityInject {
    /// GB landline templates ①–⑱ of §5.8, all drawn before one is picked.
    static let britishPhoneTemplates: [StaticString] = [
        "01### #####", "01### ######", "011#### ### ####", "01#1 ### ####",
        "013873 #####", "015242 #####", "015394 #####", "015395 #####", "015396 #####", "016973 #####",
        "016974 #####", "016977 ####", "016977 #####", "017683 #####", "017684 #####", "017687 #####",
        "019467 #####", "02# #### ####",
    ]

    /// GB: phone (C: 18 candidates, then a pick), cell, postcode (C: 6 candidates, then a
    /// pick), NINO (C).
    static func unitedKingdom(_ user: inout GeneratedUser, _ stream: inout MainStream, _ context: Context) {
        if context.fields.contains(.phone) {
            var candidates: [String] = []
            candidates.reserveCapacity(britishPhoneTemplates.count)
            for template in britishPhoneTemplates {
                candidates.append(stream.fill(template))
            }
            user.phone = stream.pick(candidates)
        }
        user.cell = stream.fill("07### ######")
        if context.fields.contains(.location) {
            user.postcode = .text(britishPostcode(&stream))
        }
        if context.fields.contains(.id) {
            var value = TextBuffer()
            value.append(Self.ninoFirstLetters[stream.index(count: Self.ninoFirstLetters.count)])
            value.append(Self.ninoSecondLetters[stream.index(count: Self.ninoSecondLetters.count)])
            stream.fill(" ## ## ## @", into: &value)
            user.identity = Identity(name: "NINO", value: value.makeString())
        }
    }

    private static let postcodeLetters = Array("ABDEFGHJLNPQRSTUWXYZ".utf8)
    private static let ninoFirstLetters = Array("ABCEGHJKLMNOPRSTWXYZ".utf8)
    private static let ninoSecondLetters = Array("ABCEGHJKLMNPRSTWXYZ".utf8)

    /// The six outward shapes, each followed by ` d1 c c` (c from the 20 inward letters).
    private static func britishPostcode(_ stream: inout MainStream) -> String {
        let outward: [StaticString] = ["@#", "@@#", "@##", "@@##", "@@#@", "@#@"]
        var candidates: [String] = []
        for shape in outward {
            var text = TextBuffer()
            stream.fill(shape, into: &text)
            stream.fill(" #", into: &text)
            for _ in 0..<2 {
                text.append(postcodeLetters[stream.index(count: postcodeLetters.count)])
            }
            candidates.append(text.makeString())
        }
        return stream.pick(candidates)
    }

    /// IE: phone, cell and a PPS that always ends in `T`.
    static func ireland(_ user: inout GeneratedUser, _ stream: inout MainStream) {
        var phone = TextBuffer()
        phone.append("0")
        stream.appendNumber(1, 7, to: &phone)
        stream.fill("1-###-####", into: &phone)
        user.phone = phone.makeString()
        user.cell = stream.fill("081-###-####")
        user.identity = Identity(name: "PPS", value: stream.fill("#######T"))
    }
}
