/// The body formats of GENERATOR.md §7, chosen by `format`/`fmt`.
enum ResponseFormat: Sendable, Hashable {
    case json
    case pretty
    case yaml
    case xml
    case csv

    /// `yaml`, `xml`, `csv`, `pretty`/`prettyjson`; anything else is JSON.
    init(name: String) {
        switch name {
        case "yaml": self = .yaml
        case "xml": self = .xml
        case "csv": self = .csv
        case "pretty", "prettyjson": self = .pretty
        default: self = .json
        }
    }

    /// The `Content-Type` the live service sends.
    var contentType: String {
        switch self {
        case .json, .pretty: "application/json; charset=utf-8"
        case .yaml: "text/x-yaml; charset=utf-8"
        case .xml: "text/xml; charset=utf-8"
        case .csv: "text/csv; charset=utf-8"
        }
    }

    /// The extension of the `dl` attachment (`download.json`).
    var fileExtension: String {
        switch self {
        case .json, .pretty: "json"
        case .yaml: "yaml"
        case .xml: "xml"
        case .csv: "csv"
        }
    }

    /// `callback` wraps only JSON bodies (JSONP).
    var supportsCallback: Bool {
        self == .json || self == .pretty
    }

    /// What a `dl` attachment is sent as (§7).
    static let downloadContentType = "application/octet-stream"
}
