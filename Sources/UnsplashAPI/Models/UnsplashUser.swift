import EndlessHTTP
import Foundation

/// A photographer, as a photo's `user`: names, where they are, their avatar and counts.
/// Every field but the username is often null (`last_name`, `bio`, `location`,
/// `portfolio_url`), and all are read tolerantly.
public struct UnsplashUser: Hashable, Sendable, Codable {
    /// The user's id.
    public let id: String?
    /// The handle, without the `@`.
    public let username: String?
    /// The full name, as the user wrote it.
    public let name: String?
    /// The first name (`first_name`).
    public let firstName: String?
    /// The last name (`last_name`).
    public let lastName: String?
    /// The user's own description.
    public let bio: String?
    /// Where the user says they are, as free text.
    public let location: String?
    /// The user's own site (`portfolio_url`), as sent.
    public let portfolioURL: String?
    /// The avatar's addresses (`profile_image`).
    public let profileImage: ProfileImage?
    /// Photos published.
    public let totalPhotos: Int?
    /// Photos liked.
    public let totalLikes: Int?
    /// Collections made.
    public let totalCollections: Int?

    /// The avatar in three sizes: 32, 64 and 128 px.
    public struct ProfileImage: Hashable, Sendable, Codable {
        /// 32 × 32 pixels.
        public let small: String?
        /// 64 × 64 pixels.
        public let medium: String?
        /// 128 × 128 pixels.
        public let large: String?

        /// Creates the avatar's addresses.
        /// - Parameters:
        ///   - small: 32 px.
        ///   - medium: 64 px.
        ///   - large: 128 px.
        public init(small: String?, medium: String?, large: String?) {
            self.small = small
            self.medium = medium
            self.large = large
        }

        /// Reads them tolerantly.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            small = container.lenientString(.small)
            medium = container.lenientString(.medium)
            large = container.lenientString(.large)
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, username, name, bio, location
        case firstName = "first_name"
        case lastName = "last_name"
        case portfolioURL = "portfolio_url"
        case profileImage = "profile_image"
        case totalPhotos = "total_photos"
        case totalLikes = "total_likes"
        case totalCollections = "total_collections"
    }

    /// Creates a user.
    /// - Parameters:
    ///   - id: the user's id.
    ///   - username: the handle, e.g. `jdoe`.
    ///   - name: the display name.
    ///   - firstName: the first name.
    ///   - lastName: the last name.
    ///   - bio: their bio.
    ///   - location: where they are.
    ///   - portfolioURL: their site.
    ///   - profileImage: their avatar.
    ///   - totalPhotos: photos published.
    ///   - totalLikes: photos liked.
    ///   - totalCollections: collections made.
    public init(
        id: String?, username: String?, name: String?, firstName: String? = nil, lastName: String? = nil,
        bio: String? = nil, location: String? = nil, portfolioURL: String? = nil, profileImage: ProfileImage? = nil,
        totalPhotos: Int? = nil, totalLikes: Int? = nil, totalCollections: Int? = nil
    ) {
        self.id = id
        self.username = username
        self.name = name
        self.firstName = firstName
        self.lastName = lastName
        self.bio = bio
        self.location = location
        self.portfolioURL = portfolioURL
        self.profileImage = profileImage
        self.totalPhotos = totalPhotos
        self.totalLikes = totalLikes
        self.totalCollections = totalCollections
    }

    /// Reads a user tolerantly: every field may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: container.lenientString(.id), username: container.lenientString(.username), name: container.lenientString(.name),
            firstName: container.lenientString(.firstName), lastName: container.lenientString(.lastName),
            bio: container.lenientString(.bio), location: container.lenientString(.location),
            portfolioURL: container.lenientString(.portfolioURL),
            profileImage: try? container.decodeIfPresent(ProfileImage.self, forKey: .profileImage),
            totalPhotos: container.lenientInt(.totalPhotos), totalLikes: container.lenientInt(.totalLikes),
            totalCollections: container.lenientInt(.totalCollections))
    }

    /// Writes the user with the API's names, nulls included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(username, forKey: .username)
        try container.encode(name, forKey: .name)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encode(bio, forKey: .bio)
        try container.encode(location, forKey: .location)
        try container.encode(portfolioURL, forKey: .portfolioURL)
        try container.encode(profileImage, forKey: .profileImage)
        try container.encode(totalPhotos, forKey: .totalPhotos)
        try container.encode(totalLikes, forKey: .totalLikes)
        try container.encode(totalCollections, forKey: .totalCollections)
    }

    /// The name to show: `name`, else first and last, else `@username`, else `unknown`.
    public var displayName: String {
        if let name = name?.trimmingCharacters(in: .whitespaces), !name.isEmpty { return name }
        let parts = [firstName, lastName].compactMap { $0 }.filter { !$0.isEmpty }
        if !parts.isEmpty { return parts.joined(separator: " ") }
        if let username, !username.isEmpty { return "@" + username }
        return "unknown"
    }
}
