import EndlessCommandLine
import EndlessTerminal

/// The browser's colours as the config file sets them: `color.selection = red` colours the
/// selection bar red. Declared as config settings, one per ``Theme/Role``, so `endless config`
/// lists each colour and where it came from, and a misspelt role or colour is an error naming
/// the file's line (exit status 2).
///
/// A colour is one of the 16 ANSI names (`red`, `bright-red`…), `default` (the terminal's
/// own), a 256-colour palette index `0`…`255`, or `#rrggbb`. The renderer fits it to the
/// terminal's colour depth as it does every colour, and `NO_COLOR` still draws none.
enum ColorSettings {
    /// The 16 ANSI colours by name, in palette order.
    static let ansiNames = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
    ]

    /// What a colour may be, as messages say it.
    static let allowed = "a colour name (" + ansiNames.joined(separator: ", ") + "), default, 0 to 255, or #rrggbb"

    /// The setting's key for `role`: `color.selection`.
    static func key(_ role: Theme.Role) -> String { "color.\(role.rawValue)" }

    /// `color.<role>` for every role, its default the colour it has now.
    static var settings: [SettingDeclaration] {
        Theme.Role.allCases.map { role in
            SettingDeclaration(key(role), help: "The colour of \(role.help).", default: text(of: role.defaultColor), parser: colorParser)
        }
    }

    /// Reads a colour as the file writes it (case does not matter).
    static let colorParser = ValueParser<Color>(accepts: .text) { text throws(ValueError) in
        let lowered = text.lowercased()
        if lowered == "default" { return .default }
        if let index = ansiNames.firstIndex(of: lowered) { return .ansi(UInt8(index)) }
        // At most 3 digits, so no text of any length reaches the integer conversion.
        if (1...3).contains(lowered.count), lowered.allSatisfy({ $0.isASCII && $0.isNumber }), let index = UInt8(lowered) {
            return .indexed(index)
        }
        if lowered.hasPrefix("#"), lowered.count == 7, lowered.dropFirst().allSatisfy({ $0.isASCII && $0.isHexDigit }),
            let packed = UInt32(lowered.dropFirst(), radix: 16)
        {
            return .hex(packed)
        }
        throw ValueError("'\(text)' is not a colour", allowed: allowed)
    }

    /// How the file writes `color`: a name, `default`, an index or `#rrggbb`.
    static func text(of color: Color) -> String {
        switch color {
        case .default: "default"
        case .ansi(let index): index < ansiNames.count ? ansiNames[Int(index)] : "\(index)"
        case .indexed(let index): "\(index)"
        case .rgb(let red, let green, let blue):
            "#" + [red, green, blue].map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
        }
    }

    /// The theme the config file gives: the defaults with its `color.<role>` lines over them.
    /// - Throws: ``UsageError`` naming the file's line when a colour is wrong (the file's
    ///   settings are checked as it is read, so only a caller that skipped that sees one).
    static func theme(from parsed: ParsedArguments) throws(UsageError) -> Theme {
        var colors: [Theme.Role: Color] = [:]
        for role in Theme.Role.allCases {
            let setting = key(role)
            guard let text = parsed.setting(setting) else { continue }
            do throws(ValueError) {
                colors[role] = try colorParser(text)
            } catch {
                throw UsageError(
                    command: parsed.command, message: "config \(parsed.origin(ofSetting: setting)): \(setting): \(error.problem)",
                    hint: "\(setting) takes \(allowed)")
            }
        }
        return Theme(colors: colors)
    }
}
