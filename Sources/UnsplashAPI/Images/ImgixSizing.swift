import Foundation

/// Asks imgix (which serves every Unsplash image) for exactly the pixels a view draws: `w`,
/// `h`, `fit`, `dpr`, `q` and `fm` added to a photo's `raw` URL, which keeps its `ixid` and
/// `ixlib`. A 40-cell thumbnail then costs a few kilobytes, not the 1080 px `regular`.
public struct ImgixSizing: Hashable, Sendable {
    /// How the picture meets the box.
    public enum Fit: String, Sendable, CaseIterable, Hashable {
        /// Fills `w`×`h` exactly, cropping the overflow around the centre.
        case crop
        /// Fits inside `w`×`h`, keeping the aspect ratio; never larger than the original.
        case max
        /// Fits inside `w`×`h`, keeping the aspect ratio (imgix's default).
        case clip
    }

    /// The file format.
    public enum Format: String, Sendable, CaseIterable, Hashable {
        /// JPEG (`fm=jpg`).
        case jpg
        /// PNG (`fm=png`).
        case png
    }

    /// The width to produce, in pixels (`w`); nil to follow the height.
    public var width: Int?
    /// The height to produce, in pixels (`h`); nil to follow the width.
    public var height: Int?
    /// How the picture meets the box (`fit`).
    public var fit: Fit
    /// Device pixel ratio, 0-8 (imgix multiplies `w` and `h` by it); nil for 1.
    public var dpr: Double?
    /// JPEG quality, 0-100; nil for imgix's 75.
    public var quality: Int?
    /// The file format (`fm`).
    public var format: Format

    /// The parameters imgix reads, which this sizing replaces when a URL already has them.
    static let names: Set<String> = ["w", "h", "fit", "dpr", "q", "fm", "crop", "auto", "cs"]

    /// Creates a sizing.
    /// - Parameters:
    ///   - width: pixels across, or nil.
    ///   - height: pixels down, or nil.
    ///   - fit: crop (the default here: a row's box is exact), max or clip.
    ///   - dpr: the device pixel ratio.
    ///   - quality: JPEG quality.
    ///   - format: jpg or png.
    public init(width: Int?, height: Int?, fit: Fit = .crop, dpr: Double? = nil, quality: Int? = nil, format: Format = .jpg) {
        self.width = width.map { max(1, $0) }
        self.height = height.map { max(1, $0) }
        self.fit = fit
        self.dpr = dpr
        self.quality = quality.map { min(100, max(0, $0)) }
        self.format = format
    }

    /// `raw` asking for this size: its other query items (`ixid`, `ixlib`…) kept in order,
    /// imgix's sizing items replaced.
    /// - Parameter raw: a photo's `urls.raw`.
    /// - Returns: the URL, or nil when `raw` cannot carry a query.
    public func url(from raw: URL) -> URL? {
        guard var components = URLComponents(url: raw, resolvingAgainstBaseURL: true) else { return nil }
        var items = (components.queryItems ?? []).filter { !Self.names.contains($0.name) }
        if let width { items.append(URLQueryItem(name: "w", value: String(width))) }
        if let height { items.append(URLQueryItem(name: "h", value: String(height))) }
        items.append(URLQueryItem(name: "fit", value: fit.rawValue))
        if let dpr { items.append(URLQueryItem(name: "dpr", value: Self.decimal(dpr))) }
        if let quality { items.append(URLQueryItem(name: "q", value: String(quality))) }
        items.append(URLQueryItem(name: "fm", value: format.rawValue))
        components.queryItems = items
        return components.url
    }

    /// `2`, `1.5`: a ratio as imgix reads it.
    static func decimal(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%g", value)
    }
}

extension UnsplashPhoto {
    /// The photo at exactly `sizing`'s pixels, from its `raw` URL; nil without one.
    /// - Parameter sizing: the box and format.
    /// - Returns: the imgix URL.
    public func imageURL(_ sizing: ImgixSizing) -> URL? {
        urls?.rawURL.flatMap(sizing.url(from:))
    }
}
