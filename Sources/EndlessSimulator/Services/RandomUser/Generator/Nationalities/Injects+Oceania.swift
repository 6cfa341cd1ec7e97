extension NationalityInject {
    /// AU: phone, cell, TFN, then the postcode (C, an int that may have 3 digits).
    static func australia(_ user: inout GeneratedUser, _ stream: inout MainStream, _ context: Context) {
        user.phone = stream.fill("0#-####-####")
        user.cell = stream.fill("04##-###-###")
        user.identity = Identity(name: "TFN", value: stream.digits(9))
        if context.fields.contains(.location) {
            user.postcode = .number(stream.range(200, 9999))
        }
    }

    /// NZ and TR share the inject: two `(ddd)-ddd-dddd` numbers and a null id.
    static func newZealandOrTurkey(_ user: inout GeneratedUser, _ stream: inout MainStream) {
        user.phone = stream.fill("(###)-###-####")
        user.cell = stream.fill("(###)-###-####")
        user.identity = nullIdentity
    }

    /// LEGO: NZ's phone shape and a 12-digit `SN`.
    static func lego(_ user: inout GeneratedUser, _ stream: inout MainStream) {
        user.phone = stream.fill("(###)-###-####")
        user.cell = stream.fill("(###)-###-####")
        user.identity = Identity(name: "SN", value: stream.digits(12))
    }
}
