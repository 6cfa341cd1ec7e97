import EndlessTerminal
import UnsplashAPI

/// The four formats of `endless fetch photos`: `json` is the API's own answer (the bare array,
/// or the photo), `ndjson` one photo a line with the API's field names, `csv` the fields that
/// fit a spreadsheet, `table` for people.
enum PhotosFormatter {
    /// A page of photos.
    static func format(_ photos: [UnsplashPhoto], as format: OutputFormat, width: Int) throws -> String {
        switch format {
        case .table: FetchTable(columns: columns, width: width).format(photos)
        case .json: try FetchJSON.json(photos)
        case .ndjson: try FetchJSON.ndjson(photos) { $0.sanitized() }
        case .csv: csv(photos)
        }
    }

    /// One photo: `json` is the API's photo object.
    static func format(single photo: UnsplashPhoto, as format: OutputFormat, width: Int) throws -> String {
        format == .json ? try FetchJSON.json(photo) : try self.format([photo], as: format, width: width)
    }

    static var columns: [FetchTable<UnsplashPhoto>.Column] {
        [
            .init("ID", minimumWidth: 11) { $0.id },
            .init("PHOTOGRAPHER", minimumWidth: 8) { $0.user?.displayName },
            .init("LIKES", minimumWidth: 5, alignRight: true) { $0.likes.map(String.init) },
            .init("SIZE", minimumWidth: 9) { photo in photo.width.flatMap { w in photo.height.map { "\(w)x\($0)" } } },
            .init("COLOR", minimumWidth: 7) { $0.color },
            .init("DESCRIPTION", minimumWidth: 8) { $0.caption },
        ]
    }

    /// The API's field names (dotted for nested ones) as the header.
    static let csvColumns: [(header: String, value: @Sendable (UnsplashPhoto) -> String?)] = [
        ("id", { $0.id }), ("created_at", { $0.createdAt }), ("width", { $0.width.map(String.init) }),
        ("height", { $0.height.map(String.init) }), ("color", { $0.color }), ("blur_hash", { $0.blurHash }),
        ("likes", { $0.likes.map(String.init) }), ("description", { $0.description }), ("alt_description", { $0.altDescription }),
        ("user.username", { $0.user?.username }), ("user.name", { $0.user?.name }), ("urls.raw", { $0.urls?.raw }),
        ("urls.regular", { $0.urls?.regular }),
    ]

    static func csv(_ photos: [UnsplashPhoto]) -> String {
        var output = CSVText.record(csvColumns.map(\.header), sanitizing: false)
        for photo in photos { output += CSVText.record(csvColumns.map { $0.value(photo) }) }
        return output
    }
}
