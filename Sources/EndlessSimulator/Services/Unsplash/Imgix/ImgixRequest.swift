/// The imgix parameters an Unsplash image URL carries, read as imgix reads them, and the plan
/// they make for one original: which part of it, at what size, in which format.
///
/// - `w`, `h`: the box in pixels (a value between 0 and 1 is a fraction of the original); with
///   only one, the other follows the aspect ratio.
/// - `fit`: `clip` (the default: fit inside the box, keeping the aspect ratio), `max` (the
///   same, never larger than the original) or `crop` (fill the box exactly, cutting the
///   overflow; `crop=top|bottom|left|right` picks the side kept, anything else the centre).
///   Other fits are treated as `clip`.
/// - `dpr`: multiplies the box (0-8].
/// - `q`: JPEG quality 0-100 (75 by default, as imgix); `fm`: `jpg` (the default) or `png`.
struct ImgixRequest: Hashable, Sendable {
    enum Fit: String, Sendable { case clip, max, crop }
    enum Format: String, Sendable { case jpg, png }

    var width: Double?
    var height: Double?
    var fit: Fit = .clip
    var crop: String?
    var dpr: Double = 1
    var quality = 75
    var format: Format = .jpg

    /// The longest side the simulator draws: larger originals are scaled down to it (imgix's
    /// own limit is 8192; a 6000-pixel procedural drawing would take seconds).
    static let maximumSide = 4096

    /// A parameter whose value is wrong, named.
    struct Invalid: Error, Equatable {
        let parameter: String
        let value: String
    }

    /// Reads the parameters.
    /// - Throws: ``Invalid`` for a `w`, `h`, `dpr`, `q` or `fm` that cannot be used.
    init(_ parameters: QueryParameters) throws(Invalid) {
        func number(_ name: String) throws(Invalid) -> Double? {
            guard let text = parameters.last(name) else { return nil }
            guard let value = Double(text), value.isFinite, value > 0 else { throw Invalid(parameter: name, value: text) }
            return value
        }
        width = try number("w")
        height = try number("h")
        fit = parameters.last("fit").flatMap(Fit.init(rawValue:)) ?? .clip
        crop = parameters.last("crop")
        if let dpr = try number("dpr") {
            guard dpr <= 8 else { throw Invalid(parameter: "dpr", value: parameters.last("dpr") ?? "") }
            self.dpr = dpr
        }
        if let text = parameters.last("q") {
            guard let quality = Int(text), (0...100).contains(quality) else { throw Invalid(parameter: "q", value: text) }
            self.quality = quality
        }
        if let text = parameters.last("fm") {
            switch text.lowercased() {
            case "jpg", "jpeg", "pjpg": format = .jpg
            case "png": format = .png
            default: throw Invalid(parameter: "fm", value: text)
            }
        }
    }

    /// What to draw for an original of `original` pixels.
    struct Plan: Hashable, Sendable {
        /// The part of the original, in unit coordinates.
        var source: SceneRenderer.Source
        var width: Int
        var height: Int
        var format: Format
        var quality: Int
    }

    /// The plan for an original of `originalWidth`×`originalHeight` pixels.
    func plan(originalWidth: Int, originalHeight: Int) -> Plan {
        let ow = Double(max(1, originalWidth)), oh = Double(max(1, originalHeight))
        func resolve(_ value: Double?, of side: Double) -> Double? { value.map { $0 < 1 ? $0 * side : $0 } }
        let boxWidth = resolve(width, of: ow), boxHeight = resolve(height, of: oh)
        var source = SceneRenderer.Source.whole
        var outWidth: Double, outHeight: Double
        switch (boxWidth, boxHeight) {
        case (nil, nil):
            (outWidth, outHeight) = (ow, oh)
        case (let w?, nil):
            (outWidth, outHeight) = (w, w * oh / ow)
        case (nil, let h?):
            (outWidth, outHeight) = (h * ow / oh, h)
        case (let w?, let h?):
            if fit == .crop {
                (outWidth, outHeight) = (w, h)
                let wanted = w / h, original = ow / oh
                if wanted > original {
                    // Wider than the original: keep the whole width, cut top and bottom.
                    let part = original / wanted
                    let y = crop?.contains("top") == true ? 0 : (crop?.contains("bottom") == true ? 1 - part : (1 - part) / 2)
                    source = .init(x: 0, y: y, width: 1, height: part)
                } else {
                    let part = wanted / original
                    let x = crop?.contains("left") == true ? 0 : (crop?.contains("right") == true ? 1 - part : (1 - part) / 2)
                    source = .init(x: x, y: 0, width: part, height: 1)
                }
            } else {
                let scale = min(w / ow, h / oh)
                (outWidth, outHeight) = (ow * scale, oh * scale)
            }
        }
        if fit == .max, outWidth > ow || outHeight > oh {
            let scale = min(ow / outWidth, oh / outHeight)
            outWidth *= scale
            outHeight *= scale
        }
        outWidth *= dpr
        outHeight *= dpr
        let longest = max(outWidth, outHeight)
        if longest > Double(Self.maximumSide) {
            outWidth *= Double(Self.maximumSide) / longest
            outHeight *= Double(Self.maximumSide) / longest
        }
        return Plan(
            source: source, width: max(1, Int(outWidth.rounded())), height: max(1, Int(outHeight.rounded())), format: format,
            quality: quality)
    }
}
