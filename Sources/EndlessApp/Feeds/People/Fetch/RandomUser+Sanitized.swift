import EndlessTerminal
import RandomUserAPI

extension RandomUser {
    /// A copy with every string passed through the terminal sanitizer; dates and numbers are
    /// unchanged. The `id` is derived again from the sanitized fields; it is not part of any
    /// output.
    func sanitized() -> RandomUser {
        func clean(_ text: String?) -> String? { text.map { TextSanitizer.sanitize($0) } }
        let postcode: Postcode? =
            switch location?.postcode {
            case .text(let text): .text(TextSanitizer.sanitize(text))
            case let other: other
            }
        return RandomUser(
            gender: clean(gender),
            name: name.map { Name(title: clean($0.title), first: clean($0.first), last: clean($0.last)) },
            location: location.map {
                Location(
                    street: $0.street.map { Street(number: $0.number, name: clean($0.name)) },
                    city: clean($0.city), state: clean($0.state), country: clean($0.country), postcode: postcode,
                    coordinates: $0.coordinates.map {
                        Coordinates(latitude: clean($0.latitude), longitude: clean($0.longitude))
                    },
                    timezone: $0.timezone.map { TimeZoneInfo(offset: clean($0.offset), description: clean($0.description)) })
            },
            email: clean(email),
            login: login.map {
                Login(
                    uuid: clean($0.uuid), username: clean($0.username), password: clean($0.password),
                    salt: clean($0.salt), md5: clean($0.md5), sha1: clean($0.sha1), sha256: clean($0.sha256))
            },
            dob: dob, registered: registered, phone: clean(phone), cell: clean(cell),
            nationalID: nationalID.map { NationalID(name: clean($0.name), value: clean($0.value)) },
            picture: picture.map { Picture(large: clean($0.large), medium: clean($0.medium), thumbnail: clean($0.thumbnail)) },
            nat: clean(nat))
    }
}
