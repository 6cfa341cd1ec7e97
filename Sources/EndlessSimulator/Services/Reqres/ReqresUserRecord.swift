/// One user of the offline reqres.in: the fields the real service sends, and which face the
/// simulator draws for its avatar.
struct ReqresUserRecord: Sendable, Equatable {
    let id: Int
    let email: String
    let firstName: String
    let lastName: String
    /// The gender of the face drawn for the avatar.
    let face: PortraitKey.Gender

    /// The path of its avatar below the service's mount, as reqres.in names them.
    var avatarPath: String { "img/faces/\(id)-image.jpg" }

    /// `{"id":7,"email":"…","first_name":"…","last_name":"…","avatar":"…"}`, in the real key order.
    func appendJSON(to buffer: inout TextBuffer, avatarBase: String) {
        buffer.append("{\"id\":")
        buffer.append(number: id)
        buffer.append(",\"email\":")
        buffer.appendJSONString(email.utf8)
        buffer.append(",\"first_name\":")
        buffer.appendJSONString(firstName.utf8)
        buffer.append(",\"last_name\":")
        buffer.appendJSONString(lastName.utf8)
        buffer.append(",\"avatar\":")
        buffer.appendJSONString((avatarBase + avatarPath).utf8)
        buffer.append(UInt8(ascii: "}"))
    }
}
