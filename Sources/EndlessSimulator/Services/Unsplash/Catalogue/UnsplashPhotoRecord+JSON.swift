import Foundation

extension UnsplashPhotoRecord {
    /// Writes the photo as the live service does, in its key order: the list fields, the
    /// fields clients must ignore (`breadcrumbs`, `sponsorship`…), the photographer, and with
    /// `full` the single-photo extras (exif, location, views, downloads, tags).
    /// - Parameters:
    ///   - buffer: where the JSON goes.
    ///   - base: the service's root as clients reach it, `http://127.0.0.1:41235/unsplash/`.
    ///   - traits: the dominant colour and BlurHash; nil writes them as null (as for some old photos).
    ///   - photographer: the photo's `user`.
    ///   - full: whether it is the `GET /photos/{id}` answer.
    ///   - downloaded: the downloads counted by this simulator, added to `downloads`.
    func appendJSON(
        to buffer: inout TextBuffer, base: String, traits: UnsplashPhotoTraits?, photographer: UnsplashPhotographer, full: Bool,
        downloaded: Int = 0
    ) {
        let raw = "\(base)images/\(imageName)?ixid=\(ixid)&ixlib=rb-4.0.3"
        let sized = { (query: String) in "\(base)images/\(imageName)?\(query.replacingOccurrences(of: "IXID", with: self.ixid))" }
        buffer.append("{\"id\":")
        buffer.appendJSONString(id.utf8)
        buffer.append(",\"slug\":")
        buffer.appendJSONString(slug.utf8)
        buffer.append(",\"alternative_slugs\":{\"en\":")
        buffer.appendJSONString(slug.utf8)
        buffer.append("},\"created_at\":")
        buffer.appendJSONString(Self.timestamp(created, offset: zoneOffset).utf8)
        buffer.append(",\"updated_at\":")
        buffer.appendJSONString(Self.timestamp(updated, offset: 0).utf8)
        buffer.append(",\"promoted_at\":")
        appendOptional(promoted.map { Self.timestamp($0, offset: 0) }, to: &buffer)
        buffer.append(",\"width\":")
        buffer.append(number: width)
        buffer.append(",\"height\":")
        buffer.append(number: height)
        buffer.append(",\"color\":")
        appendOptional(traits?.color, to: &buffer)
        buffer.append(",\"blur_hash\":")
        appendOptional(traits?.blurHash, to: &buffer)
        buffer.append(",\"description\":")
        appendOptional(description, to: &buffer)
        buffer.append(",\"alt_description\":")
        buffer.appendJSONString(altDescription.utf8)
        buffer.append(",\"breadcrumbs\":[],\"urls\":{\"raw\":")
        buffer.appendJSONString(raw.utf8)
        buffer.append(",\"full\":")
        buffer.appendJSONString(fullImageURL(base: base).utf8)
        for (name, width) in [("regular", 1080), ("small", 400), ("thumb", 200)] {
            buffer.append(utf8: ",\"\(name)\":")
            buffer.appendJSONString(sized("crop=entropy&cs=tinysrgb&fit=max&fm=jpg&ixid=IXID&ixlib=rb-4.0.3&q=80&w=\(width)").utf8)
        }
        buffer.append(",\"small_s3\":")
        buffer.appendJSONString("\(base)images/small/\(imageName)".utf8)
        buffer.append("},\"links\":{\"self\":")
        buffer.appendJSONString("\(base)photos/\(id)".utf8)
        buffer.append(",\"html\":")
        buffer.appendJSONString("https://unsplash.com/photos/\(slug)".utf8)
        buffer.append(",\"download\":")
        buffer.appendJSONString("https://unsplash.com/photos/\(id)/download?ixid=\(ixid)".utf8)
        buffer.append(",\"download_location\":")
        buffer.appendJSONString("\(base)photos/\(id)/download?ixid=\(ixid)".utf8)
        buffer.append("},\"likes\":")
        buffer.append(number: likes)
        buffer.append(",\"liked_by_user\":false,\"current_user_collections\":[],\"sponsorship\":null,\"topic_submissions\":{},")
        buffer.append("\"asset_type\":\"photo\",\"user\":")
        Self.appendUser(photographer, to: &buffer, base: base)
        if full {
            buffer.append(",\"exif\":{\"make\":")
            buffer.appendJSONString(camera.make.utf8)
            buffer.append(",\"model\":")
            buffer.appendJSONString(camera.model.utf8)
            buffer.append(",\"name\":")
            buffer.appendJSONString(camera.name.utf8)
            buffer.append(",\"exposure_time\":")
            buffer.appendJSONString(camera.exposure.utf8)
            buffer.append(",\"aperture\":")
            buffer.appendJSONString(camera.aperture.utf8)
            buffer.append(",\"focal_length\":")
            buffer.appendJSONString(camera.focal.utf8)
            buffer.append(",\"iso\":")
            buffer.append(number: camera.iso)
            buffer.append("},\"location\":")
            if let place {
                buffer.append("{\"name\":")
                buffer.appendJSONString("\(place.name), \(place.country)".utf8)
                buffer.append(",\"city\":")
                buffer.appendJSONString(place.city.utf8)
                buffer.append(",\"country\":")
                buffer.appendJSONString(place.country.utf8)
                buffer.append(",\"position\":{\"latitude\":0,\"longitude\":0}}")
            } else {
                buffer.append("{\"name\":null,\"city\":null,\"country\":null,\"position\":{\"latitude\":null,\"longitude\":null}}")
            }
            buffer.append(",\"views\":")
            buffer.append(number: likes * 173 + 1000)
            buffer.append(",\"downloads\":")
            buffer.append(number: min(UnsplashDownloadCounts.maximum, likes * 11 + 40 + downloaded))
            buffer.append(",\"tags\":[{\"type\":\"search\",\"title\":")
            buffer.appendJSONString(scene.kind.rawValue.utf8)
            buffer.append("}]")
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// `urls.full`: the original's size as a JPEG, also what `photos/{id}/download` answers.
    func fullImageURL(base: String) -> String {
        "\(base)images/\(imageName)?crop=entropy&cs=srgb&fm=jpg&ixid=\(ixid)&ixlib=rb-4.0.3&q=85"
    }

    /// A photo's `user`, in the live key order.
    static func appendUser(_ user: UnsplashPhotographer, to buffer: inout TextBuffer, base: String) {
        buffer.append("{\"id\":")
        buffer.appendJSONString(user.id.utf8)
        buffer.append(",\"username\":")
        buffer.appendJSONString(user.username.utf8)
        buffer.append(",\"name\":")
        buffer.appendJSONString(user.name.utf8)
        buffer.append(",\"first_name\":")
        buffer.appendJSONString(user.firstName.utf8)
        buffer.append(",\"last_name\":")
        appendOptional(user.lastName, to: &buffer)
        buffer.append(",\"twitter_username\":null,\"portfolio_url\":")
        appendOptional(user.portfolioURL, to: &buffer)
        buffer.append(",\"bio\":")
        appendOptional(user.bio, to: &buffer)
        buffer.append(",\"location\":")
        appendOptional(user.location, to: &buffer)
        buffer.append(",\"links\":{\"self\":")
        buffer.appendJSONString("\(base)users/\(user.username)".utf8)
        buffer.append(",\"html\":")
        buffer.appendJSONString("https://unsplash.com/@\(user.username)".utf8)
        buffer.append("},\"profile_image\":{")
        for (index, (name, side)) in [("small", 32), ("medium", 64), ("large", 128)].enumerated() {
            if index > 0 { buffer.append(UInt8(ascii: ",")) }
            buffer.append(utf8: "\"\(name)\":")
            buffer.appendJSONString("\(base)images/profile-\(user.id)?ixlib=rb-4.0.3&crop=faces&fit=crop&w=\(side)&h=\(side)".utf8)
        }
        buffer.append("},\"instagram_username\":null,\"total_collections\":")
        buffer.append(number: user.totalCollections)
        buffer.append(",\"total_likes\":")
        buffer.append(number: user.totalLikes)
        buffer.append(",\"total_photos\":")
        buffer.append(number: user.totalPhotos)
        buffer.append(",\"accepted_tos\":true,\"for_hire\":false}")
    }

    private static func appendOptional(_ value: String?, to buffer: inout TextBuffer) {
        if let value { buffer.appendJSONString(value.utf8) } else { buffer.append("null") }
    }

    private func appendOptional(_ value: String?, to buffer: inout TextBuffer) {
        Self.appendOptional(value, to: &buffer)
    }

    /// `2024-05-03T11:00:28Z`, or with a zone offset `2016-05-03T07:00:28-04:00`.
    static func timestamp(_ date: Date, offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { String(value ?? 0).leftPadded(2) }
        let clock =
            "\(String(parts.year ?? 1970).leftPadded(4))-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
        guard offset != 0 else { return clock + "Z" }
        let hours = abs(offset) / 3600, minutes = abs(offset) % 3600 / 60
        return clock + (offset < 0 ? "-" : "+") + two(hours) + ":" + two(minutes)
    }
}
