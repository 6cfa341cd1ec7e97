import EndlessHTTP
import Foundation

extension UnsplashClient {
    /// What `GET /photos/{id}/download` answers: the image to download.
    struct DownloadAnswer: Decodable, Sendable {
        let url: String?
    }

    /// Tells Unsplash that a person downloaded `photo`, as its API guidelines require for every
    /// download: `GET /photos/{id}/download`, the photo's `links.download_location`. This is
    /// how the photographer's download count grows; the image itself is fetched from
    /// `urls.full`, which needs no key.
    ///
    /// The request is built on this client's API root with the photo's id, keeping only the
    /// `ixid` of `links.download_location`: the key goes to the API and nowhere else, whatever
    /// host a photo's JSON names.
    /// - Parameter photo: the photo downloaded.
    /// - Returns: the image address the service answered with; nil when it sent none.
    /// - Throws: ``UnsplashError``: `invalidRequest` for a photo whose id is not one, else what
    ///   the service or the network said.
    @discardableResult
    public func trackDownload(of photo: UnsplashPhoto) async throws(UnsplashError) -> URL? {
        guard let id = Self.pathSegment(photo.id) else { throw .invalidRequest("'\(photo.id.prefix(40))' is not a photo id") }
        let ixid = photo.links?.downloadLocation.flatMap { URLComponents(string: $0) }?.queryItems?.first { $0.name == "ixid" }
        let endpoint = Endpoint<DownloadAnswer>(
            path: "photos/\(id)/download", query: ixid.map { [$0] } ?? [], headers: headers, accepting: .json)
        do {
            return try await http.send(endpoint).url.flatMap { URL(string: $0) }
        } catch {
            throw UnsplashError(error).redacted(by: http.redactor(adding: [accessKey]))
        }
    }

    /// `id` when it can stand in a path as it is (letters, digits, `-` and `_`, as Unsplash's
    /// ids are), else nil.
    static func pathSegment(_ id: String) -> String? {
        let allowed = id.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        return allowed && !id.isEmpty && id.utf8.count <= 64 ? id : nil
    }

}
