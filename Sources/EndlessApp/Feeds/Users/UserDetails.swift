import EndlessFeedModel
import ReqresAPI

/// Everything the details panel shows about one reqres user: every field the API sends, the
/// avatar, and the service's support note when the single-user answer has one.
enum UserDetails {
    /// The details of `user`.
    /// - Parameters:
    ///   - user: the user, from the list or from `GET users/{id}`.
    ///   - support: the single-user answer's support note.
    static func of(_ user: ReqresUser, support: ReqresSupport?) -> ItemDetails {
        var fields = ItemDetails.Builder()
        fields.add("id", String(user.id))
        fields.add("email", user.email)
        fields.add("first name", user.firstName)
        fields.add("last name", user.lastName)
        fields.add("avatar", user.avatar)
        fields.add("support", support?.url)
        let note = support?.text.map { ItemDetails.Note.remark(UntrustedText($0)) }
        return ItemDetails(
            id: String(user.id), title: UntrustedText(user.fullName), imageURL: user.avatarURL, fields: fields.fields,
            note: note)
    }
}
