import EndlessHTTP
import EndlessTerminal
import UnsplashAPI

/// The four formats of `endless fetch photos`: `json` is the API's own answer as sent (the
/// bare array, or the photo), `ndjson` one photo object a line as sent, `csv` the fields that
/// fit a spreadsheet, `table` for people.
enum PhotosFormatter {
    /// A page of photos.
    static func format(_ page: UnsplashPhotoPage, as format: OutputFormat, width: Int) -> String {
        switch format {
        case .json: FetchJSON.json(page.rawJSON)
        default: self.format(page.photos, as: format, width: width)
        }
    }

    /// One photo: `json` is the API's photo object.
    static func format(single photo: UnsplashPhoto, as format: OutputFormat, width: Int) -> String {
        format == .json ? FetchJSON.json(photo.rawJSON) : self.format([photo], as: format, width: width)
    }

    private static func format(_ photos: [UnsplashPhoto], as format: OutputFormat, width: Int) -> String {
        switch format {
        case .table: FetchTable(columns: columns, width: width).format(photos)
        case .json: FetchJSON.json(RawJSON(array: photos.map(\.rawJSON)))
        case .ndjson: FetchJSON.ndjson(photos)
        case .csv: csv(photos)
        }
    }

    static var columns: [FetchTable<UnsplashPhoto>.Column] {
        [
            // Narrow, the colour goes first, then the size, the likes, the description.
            .init("ID", minimumWidth: 11, priority: 10) { $0.id },
            .init("PHOTOGRAPHER", minimumWidth: 8, priority: 9) { $0.user?.displayName },
            .init("LIKES", minimumWidth: 5, alignRight: true, priority: 5) { $0.likes.map(String.init) },
            .init("SIZE", minimumWidth: 9, alignRight: true, priority: 4) { photo in photo.width.flatMap { w in photo.height.map { "\(w)x\($0)" } } },
            .init("COLOR", minimumWidth: 7, priority: 3) { $0.color },
            .init("DESCRIPTION", minimumWidth: 8, priority: 6) { $0.caption },
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
