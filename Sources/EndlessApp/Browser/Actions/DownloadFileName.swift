/// A downloaded file's name, made safe from what a feed's JSON says: only letters, digits,
/// `.`, `_` and `-` (anything else becomes `-`), no leading dot or dash, at most
/// ``maximumStemLength`` characters, and an extension read from the response's
/// `Content-Type`: a picture the app knows, or nothing is saved.
enum DownloadFileName {
    /// The longest name before the extension and any `-2`.
    static let maximumStemLength = 100
    /// The name when nothing of the feed's is left.
    static let fallbackStem = "download"

    /// `name` made safe: `../a b` is `a-b`, `é` is `-`, an empty or all-dots name is `download`.
    static func stem(_ name: String) -> String {
        var out = ""
        for scalar in name.unicodeScalars {
            let kept =
                scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "." || scalar == "_" || scalar == "-")
            let next: Character = kept ? Character(scalar) : "-"
            if next == "-", out.last == "-" { continue }
            out.append(next)
            if out.count >= maximumStemLength { break }
        }
        let trimmed = out.drop { $0 == "." || $0 == "-" }
        var stem = String(trimmed)
        while stem.hasSuffix("-") || stem.hasSuffix(".") { stem.removeLast() }
        return stem.isEmpty ? fallbackStem : stem
    }

    /// The extension for a `Content-Type`: `jpg`, `png` or `webp`; nil for anything else.
    static func fileExtension(contentType: String?) -> String? {
        guard let contentType else { return nil }
        let media = contentType.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        switch media {
        case "image/jpeg", "image/jpg", "image/pjpeg": return "jpg"
        case "image/png": return "png"
        case "image/webp": return "webp"
        default: return nil
        }
    }

    /// The `attempt`th name to try: `stem.ext`, then `stem-2.ext`, `stem-3.ext`…
    static func candidate(stem: String, fileExtension: String, attempt: Int) -> String {
        attempt <= 1 ? "\(stem).\(fileExtension)" : "\(stem)-\(attempt).\(fileExtension)"
    }
}
