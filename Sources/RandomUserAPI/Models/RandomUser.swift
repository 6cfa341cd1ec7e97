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
    @inlinable public var gender: String? { fields.gender }
    /// Title, first and last name.
    @inlinable public var name: Name? { fields.name }
    /// Street, city, state, country, postcode, coordinates and time zone.
    @inlinable public var location: Location? { fields.location }
    /// An `@example.com` address.
    @inlinable public var email: String? { fields.email }
    /// Account details, including the only practical unique key, `login.uuid`.
    @inlinable public var login: Login? { fields.login }
    /// Date of birth and the age the server computed when it answered.
    @inlinable public var dob: DatedAge? { fields.dob }
    /// Registration date and its age in years.
    @inlinable public var registered: DatedAge? { fields.registered }
    /// Landline number, formatted for the nationality.
    @inlinable public var phone: String? { fields.phone }
    /// Mobile number, formatted for the nationality.
    @inlinable public var cell: String? { fields.cell }
    /// The national identity document: the JSON key `id`. Its value is null for some
    /// nationalities (IR, NZ, TR, UA).
    @inlinable public var nationalID: NationalID? { fields.nationalID }
    /// Portrait URLs in three sizes.
    @inlinable public var picture: Picture? { fields.picture }
    /// The nationality code, e.g. `"NL"`.
    @inlinable public var nat: String? { fields.nat }

    /// The key a list uses to tell people apart: `login.uuid` when the body has one,
    /// otherwise a content hash of the person's fields (see ``contentHash``).
    ///
    /// randomuser.me draws with replacement, so names, emails, usernames and pictures repeat
    /// across pages; the uuid is the only field that does not.
    @inlinable public var id: String { fields.id }

    /// The person's object as the service sent it (see ``rawJSON``); nil for a person made in code.
    var sentJSON: RawJSON?

    /// The fields, held in one box: a person is some thirty strings, and a list passes people
    /// through generic code (pages, the store, rows, the cache) that copies them several times
    /// each. A copy is then two references retained (the box, the object's bytes), not thirty
    /// strings (issue 29). Read through inlinable accessors, so that a reader of one part of a
    /// field (a location's city) borrows it from the box rather than copying the whole field out.
    @usableFromInline let fields: Fields

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
        // Computed once here, not on every access: a list compares ids far more often than
        // it builds people, and the values never change afterwards.
        let id =
            if let uuid = login?.uuid, !uuid.isEmpty {
                uuid
            } else {
                Self.contentHash(
                    gender: gender, name: name, location: location, email: email, login: login,
                    dob: dob, registered: registered, phone: phone, cell: cell,
                    nationalID: nationalID, picture: picture, nat: nat)
            }
        fields = Fields(
            gender: gender, name: name, location: location, email: email, login: login, dob: dob, registered: registered,
            phone: phone, cell: cell, nationalID: nationalID, picture: picture, nat: nat, id: id)
    }

    /// Two people are equal when every field is, the object they were read from included.
    public static func == (lhs: RandomUser, rhs: RandomUser) -> Bool {
        (lhs.fields === rhs.fields || lhs.fields.equals(rhs.fields)) && lhs.sentJSON == rhs.sentJSON
    }

    /// A person's fields, immutable, so shared by every copy and every thread.
    @usableFromInline final class Fields: Sendable {
        @usableFromInline let gender: String?
        @usableFromInline let name: Name?
        @usableFromInline let location: Location?
        @usableFromInline let email: String?
        @usableFromInline let login: Login?
        @usableFromInline let dob: DatedAge?
        @usableFromInline let registered: DatedAge?
        @usableFromInline let phone: String?
        @usableFromInline let cell: String?
        @usableFromInline let nationalID: NationalID?
        @usableFromInline let picture: Picture?
        @usableFromInline let nat: String?
        @usableFromInline let id: String

        init(
            gender: String?, name: Name?, location: Location?, email: String?, login: Login?, dob: DatedAge?, registered: DatedAge?,
            phone: String?, cell: String?, nationalID: NationalID?, picture: Picture?, nat: String?, id: String
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
            self.id = id
        }

        func equals(_ other: Fields) -> Bool {
            gender == other.gender && name == other.name && location == other.location && email == other.email
                && login == other.login && dob == other.dob && registered == other.registered && phone == other.phone
                && cell == other.cell && nationalID == other.nationalID && picture == other.picture && nat == other.nat
                && id == other.id
        }
    }
}
