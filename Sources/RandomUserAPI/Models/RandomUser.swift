import EndlessHTTP
import Foundation

/// One person from randomuser.me, in any API version from 1.0 to 1.4.
///
/// Every field is optional because `inc` and `exc` can drop any of them, and older versions
/// never sent some (`nat`, `gender` and `login.uuid` are missing from many v1.0 bodies).
/// Decoding is tolerant of every shape the service has used (see `init(from:)`), and a person
/// keeps the object it was read from as ``rawJSON``, in the shape of the version that sent it;
/// `Codable` encoding writes the v1.4 shape of the typed fields.
///
/// The JSON key `id` holds the national identity document, so it is ``nationalID`` here;
/// ``id`` is the identity a list keys on (see ``id``).
public struct RandomUser: Sendable, Equatable, Identifiable {
    /// `"male"` or `"female"`; absent when the request excluded it.
    public let gender: String?
    /// Title, first and last name.
    public let name: Name?
    /// Street, city, state, country, postcode, coordinates and time zone.
    public let location: Location?
    /// An `@example.com` address.
    public let email: String?
    /// Account details, including the only practical unique key, `login.uuid`.
    public let login: Login?
    /// Date of birth and the age the server computed when it answered.
    public let dob: DatedAge?
    /// Registration date and its age in years.
    public let registered: DatedAge?
    /// Landline number, formatted for the nationality.
    public let phone: String?
    /// Mobile number, formatted for the nationality.
    public let cell: String?
    /// The national identity document: the JSON key `id`. Its value is null for some
    /// nationalities (IR, NZ, TR, UA).
    public let nationalID: NationalID?
    /// Portrait URLs in three sizes.
    public let picture: Picture?
    /// The nationality code, e.g. `"NL"`.
    public let nat: String?

    /// The key a list uses to tell people apart: `login.uuid` when the body has one,
    /// otherwise a content hash of the person's fields (see ``contentHash``).
    ///
    /// randomuser.me draws with replacement, so names, emails, usernames and pictures repeat
    /// across pages; the uuid is the only field that does not.
    public let id: String

    /// The person's object as the service sent it (see ``rawJSON``); nil for a person made in code.
    var sentJSON: RawJSON?

    /// Creates a person from its parts; ``id`` is derived from them.
    ///
    /// - Parameters:
    ///   - gender: `"male"` or `"female"`.
    ///   - name: title, first and last name.
    ///   - location: the address and its coordinates and time zone.
    ///   - email: the email address.
    ///   - login: account details; its `uuid` becomes ``id``.
    ///   - dob: date of birth.
    ///   - registered: registration date.
    ///   - phone: landline number.
    ///   - cell: mobile number.
    ///   - nationalID: the identity document (the JSON key `id`).
    ///   - picture: portrait URLs.
    ///   - nat: nationality code.
    public init(
        gender: String? = nil, name: Name? = nil, location: Location? = nil, email: String? = nil,
        login: Login? = nil, dob: DatedAge? = nil, registered: DatedAge? = nil, phone: String? = nil,
        cell: String? = nil, nationalID: NationalID? = nil, picture: Picture? = nil, nat: String? = nil
    ) {
        self.gender = gender
        self.name = name
        self.location = location
        self.email = email
        self.login = login
        self.dob = dob
        self.registered = registered
        self.phone = phone
        self.cell = cell
        self.nationalID = nationalID
        self.picture = picture
        self.nat = nat
        // Computed once here, not on every access: a list compares ids far more often than
        // it builds people, and the values never change afterwards.
        if let uuid = login?.uuid, !uuid.isEmpty {
            self.id = uuid
        } else {
            self.id = Self.contentHash(
                gender: gender, name: name, location: location, email: email, login: login,
                dob: dob, registered: registered, phone: phone, cell: cell,
                nationalID: nationalID, picture: picture, nat: nat)
        }
    }
}
