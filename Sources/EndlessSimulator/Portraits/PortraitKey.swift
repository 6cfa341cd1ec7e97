/// Which portrait a URL asks for: `men/12.jpg`, `med/women/3.jpg`, `thumb/men/99.jpg`.
package struct PortraitKey: Hashable, Sendable {
    /// The two folders of the live service.
    package enum Gender: String, Sendable, CaseIterable {
        case men
        case women

        /// The highest portrait number the live service has (women stop at 96).
        package var maxIndex: Int { self == .men ? 99 : 96 }
    }

    enum Size: Sendable, CaseIterable {
        case large
        case medium
        case thumbnail

        var pixels: Int {
            switch self {
            case .large: 128
            case .medium: 72
            case .thumbnail: 48
            }
        }

        /// The URL folder before the gender.
        var folder: String {
            switch self {
            case .large: ""
            case .medium: "med/"
            case .thumbnail: "thumb/"
            }
        }
    }

    var gender: Gender
    var index: Int
    var size: Size

    init(gender: Gender, index: Int, size: Size) {
        self.gender = gender
        self.index = index
        self.size = size
    }

    /// Parses the part of the path after `/api/portraits/`; nil for anything the live service
    /// would not have (unknown folder, number out of range, leading zeros, other extensions).
    init?(path: Substring) {
        var parts = path.split(separator: "/", omittingEmptySubsequences: false)
        var size = Size.large
        if parts.count == 3 {
            switch parts.removeFirst() {
            case "med": size = .medium
            case "thumb": size = .thumbnail
            default: return nil
            }
        }
        guard parts.count == 2, let gender = Gender(rawValue: String(parts[0])), parts[1].hasSuffix(".jpg")
        else { return nil }
        let number = parts[1].dropLast(4)
        guard !number.isEmpty, number.count <= 3, number.allSatisfy({ $0.isASCII && $0.isNumber }),
            number == "0" || !number.hasPrefix("0"), let index = Int(number), index <= gender.maxIndex
        else { return nil }
        self.init(gender: gender, index: index, size: size)
    }

    /// The path after `/api/portraits/`.
    var path: String { "\(size.folder)\(gender.rawValue)/\(index).jpg" }
}
