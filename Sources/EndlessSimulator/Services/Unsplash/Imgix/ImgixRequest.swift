/// The imgix parameters an Unsplash image URL carries, read as imgix reads them, and the plan
/// they make for one original: which part of it, at what size, in which format.
///
/// - `w`, `h`: the box in pixels (a value between 0 and 1 is a fraction of the original); with
///   only one, the other follows the aspect ratio. At most ``maximumOutputSide`` (imgix's
///   largest output side): a larger one is refused, as is anything that is not a positive number.
/// - `fit`: `clip` (the default: fit inside the box, keeping the aspect ratio), `max` (the
///   same, never larger than the original) or `crop` (fill the box exactly, cutting the
///   overflow; `crop=top|bottom|left|right` picks the side kept, anything else the centre).
///   Other fits are treated as `clip`.
/// - `dpr`: multiplies the box (0-8].
/// - `q`: JPEG quality 0-100 (75 by default, as imgix); `fm`: `jpg` (the default) or `png`.
///
/// Every number is read through ``NumericParameter``, so `w=1e308`, `w=NaN` or `dpr=1e309` is
/// a 400, never a trap; what is drawn is within ``Limits`` (by default at most 4096 pixels on
/// a side and 4 megapixels in all), whatever was asked, so no request costs more than one such
/// picture.
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

    /// imgix's largest output side, in pixels (its SDKs' `srcset` widths stop there too): a
    /// `w` or `h` past it is refused.
    static let maximumOutputSide = 8192.0
    /// imgix's largest `dpr`.
    static let maximumDPR = 8.0
    /// The most the simulator draws for one request: a larger output is scaled down to fit,
    /// keeping its aspect ratio. What bounds the cost of one image request.
    struct Limits: Hashable, Sendable {
        /// The longest side drawn (a 6000-pixel procedural drawing would take seconds).
        var maximumSide: Int
        /// The most pixels drawn.
        var maximumPixels: Int

        /// 4096 on a side and 4 megapixels (2048 × 2048) in all: more than a 2560 × 1600 screen
        /// shows, and what one request may cost. Drawing and encoding cost about the same per
        /// pixel: 4096 × 2731 as a PNG took 63 s in a debug build on a loaded machine, and two
        /// 2048 × 1365 PNGs held a release server's workers for 8.7 s.
        static let `default` = Limits(maximumSide: 4096, maximumPixels: 2048 * 2048)
    }

    /// The longest side drawn by default.
    static var maximumSide: Int { Limits.default.maximumSide }

    /// A parameter whose value is wrong, named.
    struct Invalid: Error, Equatable {
        let parameter: String
        let value: String
    }

    /// Reads the parameters.
    /// - Throws: ``Invalid`` for a `w`, `h`, `dpr`, `q` or `fm` that cannot be used.
    init(_ parameters: QueryParameters) throws(Invalid) {
        func number(_ name: String, upTo maximum: Double) throws(Invalid) -> Double? {
            switch parameters.decimal(name, in: Double.leastNonzeroMagnitude...maximum) {
            case .absent: return nil
            case .valid(let value): return value
            case .tooSmall, .tooLarge, .malformed: throw Invalid(parameter: name, value: parameters.last(name) ?? "")
            }
        }
        width = try number("w", upTo: Self.maximumOutputSide)
        height = try number("h", upTo: Self.maximumOutputSide)
        fit = parameters.last("fit").flatMap(Fit.init(rawValue:)) ?? .clip
        crop = parameters.last("crop")
        dpr = try number("dpr", upTo: Self.maximumDPR) ?? 1
        switch parameters.integer("q", in: 0...100) {
        case .absent: break
        case .valid(let quality): self.quality = quality
        case .tooSmall, .tooLarge, .malformed: throw Invalid(parameter: "q", value: parameters.last("q") ?? "")
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

    /// The plan for an original of `originalWidth`×`originalHeight` pixels, drawn within `limits`.
    func plan(originalWidth: Int, originalHeight: Int, limits: Limits = .default) -> Plan {
        let ow = Double(max(1, originalWidth)), oh = Double(max(1, originalHeight))
        // A fraction of the original, or pixels; either way a box of 1 to 8192 pixels, so that
        // every ratio below is finite and positive (`w=1e-300&h=8192&fit=crop` included).
        func resolve(_ value: Double?, of side: Double) -> Double? {
            value.map { min(Self.maximumOutputSide, max(1, $0 < 1 ? $0 * side : $0)) }
        }
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
        // What is drawn: within the limits, the shape kept.
        let scale = min(
            1, Double(max(1, limits.maximumSide)) / max(outWidth, outHeight),
            (Double(max(1, limits.maximumPixels)) / (outWidth * outHeight)).squareRoot())
        outWidth *= scale
        outHeight *= scale
        var width = max(1, Int(outWidth.rounded())), height = max(1, Int(outHeight.rounded()))
        if width * height > limits.maximumPixels {
            // Rounding to nearest took it past the limit: round down instead.
            (width, height) = (max(1, Int(outWidth)), max(1, Int(outHeight)))
        }
        return Plan(source: source, width: width, height: height, format: format, quality: quality)
    }
}
