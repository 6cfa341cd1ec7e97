import EndlessDigest

extension RandomUser {
    /// The version tag that starts every canonical encoding. Changing what goes into the
    /// hash must change this tag, so old and new identities can never be confused.
    static let contentHashScheme = "randomuser-content-v1"

    /// The identity of a person without a `login.uuid` (an `inc` without `login`, or a v1.0
    /// body): `"sha256:"` followed by 64 lowercase hex digits.
    ///
    /// **What goes in.** The SHA-256 of a canonical encoding: the line
    /// `randomuser-content-v1`, then one record per field that is present, in this fixed
    /// order: `gender`, `name.title`, `name.first`, `name.last`, `location.street.number`,
    /// `location.street.name`, `location.city`, `location.state`, `location.country`,
    /// `location.postcode`, `location.coordinates.latitude`, `location.coordinates.longitude`,
    /// `location.timezone.offset`, `location.timezone.description`, `email`,
    /// `login.username`, `login.password`, `login.salt`, `login.md5`, `login.sha1`,
    /// `login.sha256`, `dob.date`, `registered.date`, `phone`, `cell`, `id.name`, `id.value`,
    /// `picture.large`, `picture.medium`, `picture.thumbnail`, `nat`. Each record is
    /// `path=<UTF-8 byte count>:<value>\n`.
    ///
    /// **Why it is stable.**
    /// - The order is fixed in code, not taken from a dictionary or from the body, so key
    ///   order, whitespace and unknown keys in the JSON change nothing.
    /// - Values are length-prefixed, so no value can forge a record boundary, and an empty
    ///   string differs from an absent field (absent fields write no record; a null
    ///   `id.value` counts as absent).
    /// - Dates are written as whole milliseconds since 1970, so the same instant hashes the
    ///   same whether it came as v1.0 unix seconds or a v1.4 ISO string; a postcode is
    ///   written as its text, so `1234` and `"1234"` agree.
    /// - `dob.age` and `registered.age` are left out: the server computes them at request
    ///   time, so they change on birthdays while the person stays the same.
    /// - No process-seeded `Hasher` is involved: the same person gets the same id in every
    ///   run and on every machine, which disk caches and dropped-and-reloaded pages rely on.
    public var contentHash: String {
        Self.contentHash(
            gender: gender, name: name, location: location, email: email, login: login, dob: dob,
            registered: registered, phone: phone, cell: cell, nationalID: nationalID,
            picture: picture, nat: nat)
    }

    static func contentHash(
        gender: String?, name: Name?, location: Location?, email: String?, login: Login?,
        dob: DatedAge?, registered: DatedAge?, phone: String?, cell: String?,
        nationalID: NationalID?, picture: Picture?, nat: String?
    ) -> String {
        "sha256:"
            + Digest.sha256.hex(
                canonicalEncoding(
                    gender: gender, name: name, location: location, email: email, login: login, dob: dob,
                    registered: registered, phone: phone, cell: cell, nationalID: nationalID,
                    picture: picture, nat: nat))
    }

    /// The bytes ``contentHash`` digests; see there for the format.
    static func canonicalEncoding(
        gender: String?, name: Name?, location: Location?, email: String?, login: Login?,
        dob: DatedAge?, registered: DatedAge?, phone: String?, cell: String?,
        nationalID: NationalID?, picture: Picture?, nat: String?
    ) -> [UInt8] {
        var bytes = Array((contentHashScheme + "\n").utf8)
        func record(_ path: String, _ value: String?) {
            guard let value else { return }
            bytes.append(contentsOf: "\(path)=\(value.utf8.count):".utf8)
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }
        record("gender", gender)
        record("name.title", name?.title)
        record("name.first", name?.first)
        record("name.last", name?.last)
        record("location.street.number", location?.street?.number.map(String.init))
        record("location.street.name", location?.street?.name)
        record("location.city", location?.city)
        record("location.state", location?.state)
        record("location.country", location?.country)
        record("location.postcode", location?.postcode?.description)
        record("location.coordinates.latitude", location?.coordinates?.latitude)
        record("location.coordinates.longitude", location?.coordinates?.longitude)
        record("location.timezone.offset", location?.timezone?.offset)
        record("location.timezone.description", location?.timezone?.description)
        record("email", email)
        record("login.username", login?.username)
        record("login.password", login?.password)
        record("login.salt", login?.salt)
        record("login.md5", login?.md5)
        record("login.sha1", login?.sha1)
        record("login.sha256", login?.sha256)
        record("dob.date", dob?.date.map { String(WireDate.epochMilliseconds($0)) })
        record("registered.date", registered?.date.map { String(WireDate.epochMilliseconds($0)) })
        record("phone", phone)
        record("cell", cell)
        record("id.name", nationalID?.name)
        record("id.value", nationalID?.value)
        record("picture.large", picture?.large)
        record("picture.medium", picture?.medium)
        record("picture.thumbnail", picture?.thumbnail)
        record("nat", nat)
        return bytes
    }
}
