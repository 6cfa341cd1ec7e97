import EndlessTerminal
import UnsplashAPI

extension UnsplashPhoto {
    /// A copy with every string passed through the terminal sanitizer; numbers are unchanged.
    func sanitized() -> UnsplashPhoto {
        func clean(_ text: String?) -> String? { text.map { TextSanitizer.sanitize($0) } }
        return UnsplashPhoto(
            id: TextSanitizer.sanitize(id), slug: clean(slug), createdAt: clean(createdAt), updatedAt: clean(updatedAt),
            promotedAt: clean(promotedAt), width: width, height: height, color: clean(color), blurHash: clean(blurHash),
            description: clean(description), altDescription: clean(altDescription),
            urls: urls.map {
                UnsplashPhotoURLs(
                    raw: clean($0.raw), full: clean($0.full), regular: clean($0.regular), small: clean($0.small),
                    thumb: clean($0.thumb), smallS3: clean($0.smallS3))
            },
            links: links.map {
                UnsplashPhotoLinks(api: clean($0.api), html: clean($0.html), download: clean($0.download), downloadLocation: clean($0.downloadLocation))
            },
            likes: likes, likedByUser: likedByUser, assetType: clean(assetType),
            user: user.map {
                UnsplashUser(
                    id: clean($0.id), username: clean($0.username), name: clean($0.name), firstName: clean($0.firstName),
                    lastName: clean($0.lastName), bio: clean($0.bio), location: clean($0.location),
                    portfolioURL: clean($0.portfolioURL),
                    profileImage: $0.profileImage.map {
                        UnsplashUser.ProfileImage(small: clean($0.small), medium: clean($0.medium), large: clean($0.large))
                    },
                    totalPhotos: $0.totalPhotos, totalLikes: $0.totalLikes, totalCollections: $0.totalCollections)
            },
            exif: exif.map {
                UnsplashExif(
                    make: clean($0.make), model: clean($0.model), name: clean($0.name), exposureTime: clean($0.exposureTime),
                    aperture: clean($0.aperture), focalLength: clean($0.focalLength), iso: $0.iso)
            },
            location: location.map { UnsplashLocation(name: clean($0.name), city: clean($0.city), country: clean($0.country)) },
            views: views, downloads: downloads)
    }
}
