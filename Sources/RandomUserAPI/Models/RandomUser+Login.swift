import EndlessHTTP

extension RandomUser {
    /// Account details. The hashes are of `password + salt`; v1.0 bodies have no `uuid`.
    public struct Login: Codable, Sendable, Equatable {
        /// A random version 4 UUID: the only field that identifies a person across pages.
        public let uuid: String?
        /// A two-word name with three digits, e.g. `"bigmouse581"`.
        public let username: String?
        /// The password, from a list or generated per the `password` query parameter.
        public let password: String?
        /// Eight random letters and digits.
        public let salt: String?
        /// Lowercase hex MD5 of `password + salt`.
        public let md5: String?
        /// Lowercase hex SHA-1 of `password + salt`.
        public let sha1: String?
        /// Lowercase hex SHA-256 of `password + salt`.
        public let sha256: String?

        /// Creates account details.
        /// - Parameters:
        ///   - uuid: the unique key.
        ///   - username: the user name.
        ///   - password: the password.
        ///   - salt: the salt.
        ///   - md5: MD5 of password and salt.
        ///   - sha1: SHA-1 of password and salt.
        ///   - sha256: SHA-256 of password and salt.
        public init(
            uuid: String? = nil, username: String? = nil, password: String? = nil, salt: String? = nil,
            md5: String? = nil, sha1: String? = nil, sha256: String? = nil
        ) {
            self.uuid = uuid
            self.username = username
            self.password = password
            self.salt = salt
            self.md5 = md5
            self.sha1 = sha1
            self.sha256 = sha256
        }

        enum CodingKeys: String, CodingKey { case uuid, username, password, salt, md5, sha1, sha256 }

        /// Decodes a login object; missing parts read as nil.
        /// - Parameter decoder: the decoder positioned at the `login` object.
        /// - Throws: `DecodingError` when `login` is not an object.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                uuid: container.lenientString(.uuid), username: container.lenientString(.username),
                password: container.lenientString(.password), salt: container.lenientString(.salt),
                md5: container.lenientString(.md5), sha1: container.lenientString(.sha1),
                sha256: container.lenientString(.sha256))
        }

        /// Encodes the v1.4 shape.
        /// - Parameter encoder: the encoder to write to.
        /// - Throws: what the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(uuid, forKey: .uuid)
            try container.encodeIfPresent(username, forKey: .username)
            try container.encodeIfPresent(password, forKey: .password)
            try container.encodeIfPresent(salt, forKey: .salt)
            try container.encodeIfPresent(md5, forKey: .md5)
            try container.encodeIfPresent(sha1, forKey: .sha1)
            try container.encodeIfPresent(sha256, forKey: .sha256)
        }
    }
}
