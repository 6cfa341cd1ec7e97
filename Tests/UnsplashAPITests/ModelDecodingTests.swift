import Foundation
import Testing
import UnsplashAPI

/// The Photo object as the service really sends it: every nullable null, unknown fields,
/// oddly typed values, both timestamp styles, and the API's names written back.
@Suite("Unsplash models")
struct ModelDecodingTests {
    /// A photo as `GET /photos` sent one in 2016, trimmed, with every nullable field null.
    static let allNulls = #"""
        {"id":"Dwu85P9SOIk","slug":null,"created_at":"2016-05-03T11:00:28-04:00","updated_at":"2024-06-30T07:18:06Z",
         "promoted_at":null,"width":2448,"height":3264,"color":null,"blur_hash":null,"description":null,
         "alt_description":null,"breadcrumbs":[],"urls":{"raw":null,"full":null,"regular":null,"small":null,"thumb":null,
         "small_s3":null},"links":{"self":null,"html":null,"download":null,"download_location":null},"likes":null,
         "liked_by_user":null,"current_user_collections":[],"sponsorship":null,"topic_submissions":{},"asset_type":null,
         "user":{"id":null,"updated_at":"2024-06-30T07:18:06Z","username":null,"name":null,"first_name":null,"last_name":null,
         "twitter_username":null,"portfolio_url":null,"bio":null,"location":null,"links":null,"profile_image":null,
         "instagram_username":null,"total_collections":null,"total_likes":null,"total_photos":null,"accepted_tos":true}}
        """#

    /// A current photo, with a field this client has never heard of.
    static let current = #"""
        {"id":"LBI7cgq3pbM","slug":"a-man-drinking-a-coffee-LBI7cgq3pbM","created_at":"2024-05-03T11:00:28Z",
         "updated_at":"2024-05-04T01:02:03.456Z","promoted_at":"2024-05-03T15:00:00Z","width":"5245","height":3497.0,
         "color":"#c0c0c0","blur_hash":"LEHV6nWB2yk8pyo0adR*.7kCMdnj","description":"A man drinking a coffee.",
         "alt_description":"man in black shirt","urls":{"raw":"https://images.unsplash.com/photo-1?ixid=abc&ixlib=rb-4.0.3",
         "regular":"https://images.unsplash.com/photo-1?ixid=abc&ixlib=rb-4.0.3&w=1080","brand_new":"x"},
         "links":{"self":"https://api.unsplash.com/photos/LBI7cgq3pbM","html":"https://unsplash.com/photos/LBI7cgq3pbM"},
         "likes":12,"liked_by_user":false,"asset_type":"photo","future_field":{"nested":[1,2,3]},
         "user":{"id":"QPxL2MGqfrw","username":"gilleslambert","name":"Gilles Lambert","first_name":"Gilles",
         "last_name":"Lambert","profile_image":{"small":"https://images.unsplash.com/profile-1?w=32"},"total_photos":"90"},
         "exif":{"make":"Canon","model":"EOS R5","name":"Canon, EOS R5","exposure_time":"1/250","aperture":2.8,
         "focal_length":"50.0","iso":100},"location":{"name":null,"city":"Lyon","country":"France"},"views":1000,"downloads":10}
        """#

    static func decode(_ text: String) throws -> UnsplashPhoto {
        try JSONDecoder().decode(UnsplashPhoto.self, from: Data(text.utf8))
    }

    @Test("every nullable null: the photo still reads, with nothing invented")
    func nullsEverywhere() throws {
        let photo = try Self.decode(Self.allNulls)
        #expect(photo.id == "Dwu85P9SOIk")
        #expect(photo.color == nil && photo.blurHash == nil && photo.description == nil && photo.altDescription == nil)
        #expect(photo.promotedAt == nil && photo.likes == nil && photo.caption == nil)
        #expect(photo.urls?.rawURL == nil && photo.links?.api == nil)
        #expect(photo.user?.displayName == "unknown" && photo.user?.profileImage == nil)
        #expect(photo.aspectRatio == 2448.0 / 3264.0)
        #expect(photo.createdDate == UnsplashTimestamp.date(from: "2016-05-03T15:00:28Z"))
    }

    @Test("unknown fields are ignored; numbers as text and as doubles read; the single-photo extras are kept")
    func tolerant() throws {
        let photo = try Self.decode(Self.current)
        #expect(photo.width == 5245 && photo.height == 3497)
        #expect(photo.user?.totalPhotos == 90 && photo.user?.displayName == "Gilles Lambert")
        #expect(photo.urls?.regular?.hasSuffix("w=1080") == true && photo.urls?.thumb == nil)
        #expect(photo.exif?.summary == "Canon, EOS R5 · 1/250 s · f/2.8 · 50.0 mm · ISO 100")
        #expect(photo.location?.summary == "Lyon, France" && photo.views == 1000)
        #expect(photo.caption == "A man drinking a coffee.")
    }

    @Test("a nested object of the wrong shape reads as nil; a photo without an id is an error")
    func shapes() throws {
        let odd = try Self.decode(#"{"id":"x1","user":"gilles","urls":[1,2],"likes":"many","width":-0.5}"#)
        #expect(odd.user == nil && odd.urls == nil && odd.likes == nil && odd.width == nil)
        #expect(throws: DecodingError.self) { try Self.decode(#"{"slug":"no-id"}"#) }
        #expect(throws: DecodingError.self) { try Self.decode(#"{"id":""}"#) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([UnsplashPhoto].self, from: Data(#"{"errors":["x"]}"#.utf8)) }
    }

    @Test("written back with the API's own names, nulls included, extras only when present")
    func encoding() throws {
        let nulls = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try Self.decode(Self.allNulls))) as? [String: Any]
        #expect(nulls?["blur_hash"] is NSNull && nulls?["alt_description"] is NSNull && nulls?["promoted_at"] is NSNull)
        #expect(nulls?["exif"] == nil && nulls?["views"] == nil)
        let current = try JSONSerialization.jsonObject(with: JSONEncoder().encode(try Self.decode(Self.current))) as? [String: Any]
        #expect(current?["blur_hash"] as? String == "LEHV6nWB2yk8pyo0adR*.7kCMdnj")
        #expect((current?["links"] as? [String: Any])?["self"] as? String == "https://api.unsplash.com/photos/LBI7cgq3pbM")
        #expect((current?["user"] as? [String: Any])?["first_name"] as? String == "Gilles")
        #expect((current?["exif"] as? [String: Any])?["exposure_time"] as? String == "1/250")
        #expect(current?["future_field"] == nil)
    }

    @Test(
        "timestamps: Z, fractions, offsets with and without a colon; anything else is nil",
        arguments: [
            ("2024-05-03T11:00:28Z", 1_714_734_028.0), ("2024-05-03T11:00:28.5Z", 1_714_734_028.5),
            ("2016-05-03T11:00:28-04:00", 1_462_287_628.0), ("2016-05-03T11:00:28+0530", 1_462_253_428.0),
            ("2016-02-29T00:00:00Z", 1_456_704_000.0),
        ])
    func timestamps(_ text: String, seconds: Double) {
        #expect(UnsplashTimestamp.date(from: text)?.timeIntervalSince1970 == seconds)
    }

    @Test(
        "malformed timestamps",
        arguments: [
            "", "2024-05-03", "2024-05-03 11:00:28Z", "2024-05-03T11:00:28", "2024-13-03T11:00:28Z", "2023-02-29T11:00:28Z",
            "2024-05-03T25:00:28Z", "2024-05-03T11:00:28+5", "2024-05-03T11:00:28.Z", "2024-05-03T11:00:28Zjunk",
        ])
    func malformedTimestamps(_ text: String) {
        #expect(UnsplashTimestamp.date(from: text) == nil)
    }
}
