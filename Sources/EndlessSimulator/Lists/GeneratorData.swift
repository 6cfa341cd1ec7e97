import Foundation

/// The lists the generator draws from, read from a directory in the official layout
/// (`common/lists/*.txt`, `<NAT>/lists/*.txt`; GENERATOR.md §4.1). Every simulated service
/// names its people from them: randomuser.me's users, reqres's directory, Unsplash's
/// photographers.
public struct GeneratorData: Sendable {
    /// Indexed by `Nationality.rawValue`; LEGO is nil when its lists are absent.
    let nationalities: [NationalityLists?]
    let common: CommonLists

    /// Loads the lists from `directory`, a folder in the official `data/1.4` layout.
    ///
    /// Every file is read with the official rule: split on `"\n"`, the last element dropped,
    /// nothing trimmed. LEGO is loaded when `LEGO/lists` is present.
    /// - Parameter directory: the folder holding `common/` and one folder per nationality.
    /// - Returns: the loaded lists, with email parts precomputed.
    /// - Throws: `GeneratorDataError` naming the first file that is missing, unreadable or empty.
    public static func load(from directory: URL) throws -> GeneratorData {
        try loadLists(from: directory)
    }

    /// The simulator's own lists, shipped as the package resource `BuiltInData/1.4`.
    /// - Returns: the built-in lists.
    /// - Throws: `GeneratorDataError` when the resource is incomplete.
    public static func builtIn() throws -> GeneratorData {
        try loadLists(from: builtInDirectory)
    }

    /// Where `builtIn()` reads from: `BuiltInData/1.4` inside the module's resource bundle.
    static var builtInDirectory: URL {
        let root =
            Bundle.module.url(forResource: "BuiltInData", withExtension: nil)
            ?? Bundle.module.bundleURL.appendingPathComponent("BuiltInData")
        return root.appendingPathComponent("1.4")
    }

    /// The typed-throwing loader behind `load(from:)` and `builtIn()`.
    static func loadLists(from directory: URL) throws(GeneratorDataError) -> GeneratorData {
        func file(_ path: String) -> URL {
            directory.appendingPathComponent(path)
        }
        func list(_ path: String) throws(GeneratorDataError) -> [String] {
            try ListFile.entries(at: file(path), path: path)
        }

        let timezonesPath = "common/lists/timezones.txt"
        let timezones = try ListFile.timezones(at: file(timezonesPath), path: timezonesPath)
        let common = CommonLists(
            passwords: StringTable(try list("common/lists/passwords.txt")),
            timezoneOffsets: StringTable(timezones.map(\.offset)),
            timezoneDescriptions: StringTable(timezones.map(\.description)),
            titles: StringTable(try list("common/lists/title.txt")),
            user1: StringTable(try list("common/lists/user1.txt")),
            user2: StringTable(try list("common/lists/user2.txt")))

        var nationalities: [NationalityLists?] = []
        for nationality in Nationality.allCases {
            let folder = "\(nationality.code)/lists/"
            if nationality == .lego,
                !FileManager.default.fileExists(atPath: file(folder).path)
            {
                nationalities.append(nil)
                continue
            }
            let postCodes = nationality == .no ? StringTable(try list(folder + "post_codes.txt")) : nil
            nationalities.append(
                NationalityLists(
                    maleFirst: NameList(try list(folder + "male_first.txt")),
                    femaleFirst: NameList(try list(folder + "female_first.txt")),
                    last: NameList(try list(folder + "last.txt")),
                    street: StringTable(try list(folder + "street.txt")),
                    cities: StringTable(try list(folder + "cities.txt")),
                    states: StringTable(try list(folder + "states.txt")),
                    postCodes: postCodes))
        }
        return GeneratorData(nationalities: nationalities, common: common)
    }

    /// The lists of `nationality`; nil only for LEGO when its lists were absent.
    func lists(for nationality: Nationality) -> NationalityLists? {
        nationalities[nationality.rawValue]
    }
}
