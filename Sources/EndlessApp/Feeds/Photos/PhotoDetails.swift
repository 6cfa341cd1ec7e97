import EndlessFeedModel
import Foundation
import UnsplashAPI

/// Everything the details panel shows about one photo: the photo as large as the terminal
/// allows (its aspect ratio is known before it loads), every field the API sends, and the
/// photographer.
enum PhotoDetails {
    /// The details of `photo`: from the list, or from `GET /photos/{id}` (which adds the
    /// camera, the place, views and downloads).
    static func of(_ photo: UnsplashPhoto) -> ItemDetails {
        var fields = ItemDetails.Builder()
        fields.add("credit", credit(photo))
        fields.add("photographer", PhotosFeed.photographerURL(photo)?.absoluteString)
        fields.add("description", photo.description)
        fields.add("alt text", photo.altDescription)
        fields.add("by", photo.user.map { user in [user.displayName, user.username.map { "@\($0)" }].compactMap { $0 }.joined(separator: " ") })
        fields.add("bio", photo.user?.bio)
        fields.add("based in", photo.user?.location)
        fields.add("portfolio", photo.user?.portfolioURL)
        fields.add("likes", photo.likes.map(Self.grouped))
        fields.add("views", photo.views.map(Self.grouped))
        fields.add("downloads", photo.downloads.map(Self.grouped))
        if let width = photo.width, let height = photo.height { fields.add("size", "\(width) × \(height) px") }
        fields.add("colour", photo.color)
        fields.add("blur hash", photo.blurHash)
        fields.add("camera", photo.exif?.summary)
        fields.add("place", photo.location?.summary)
        fields.add("created", photo.createdAt)
        fields.add("updated", photo.updatedAt)
        fields.add("promoted", photo.promotedAt)
        fields.add("page", PhotosFeed.pageURL(photo)?.absoluteString ?? photo.links?.html)
        fields.add("id", photo.id)
        let title = photo.caption ?? photo.slug ?? photo.id
        return ItemDetails(
            id: photo.id, title: UntrustedText(title), imageURL: photo.urls?.rawURL, fields: fields.fields,
            imageAspectRatio: photo.aspectRatio)
    }

    /// What comes before the photographer's name in a credit.
    static let creditLead = "Photo by "
    /// What comes after it.
    static let creditTail = " on Unsplash"

    /// `Photo by Maria Eduarda on Unsplash`: the attribution Unsplash's guidelines ask for
    /// wherever a photo is shown (sanitized where it is drawn, as every field is).
    static func credit(_ photo: UnsplashPhoto) -> String {
        creditLead + (photo.user?.displayName ?? "unknown photographer") + creditTail
    }

    /// `12,345`.
    static func grouped(_ number: Int) -> String {
        number.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    }
}
