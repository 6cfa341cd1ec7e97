import EndlessSimulator
import EndlessTerminal
import Foundation
import RandomUserAPI

/// The people `endless --seed bench` shows, in order, generated here the way its embedded
/// simulator generates them, so the bench can tell which person a frame has selected.
struct SeededPeople {
    let names: [String]
    let cities: [String]

    var count: Int { names.count }

    init(count: Int, seed: String = AppBenchmark.seed, pageSize: Int = 20) throws {
        let generator = RandomUserGenerator(data: try GeneratorData.builtIn(), bodyCache: nil)
        var names: [String] = []
        var cities: [String] = []
        var page = 1
        while names.count < count {
            let body = try generator.respond(
                toQuery: "results=\(pageSize)&seed=\(seed)&page=\(page)", now: Date(),
                portraitBaseURL: RandomUserGenerator.livePortraitBaseURL
            ).body
            let response = try RandomUserResponseReader.read(statusCode: 200, contentType: "application/json", body: Data(body))
            for person in response.results {
                names.append([person.name?.title, person.name?.first, person.name?.last].compactMap { $0 }.joined(separator: " "))
                cities.append(person.location?.city ?? "")
            }
            page += 1
        }
        self.names = names
        self.cities = cities
    }

    /// The index of the selected person on screen, searching from `start` on (the selection
    /// only moves down here); nil while no person is selected (a row still loading).
    func selectedIndex(on app: PseudoTerminalApp, from start: Int) -> Int? {
        let screen = app.terminal.screen
        let lines = screen.lines
        // The selection bar sits in the first column of both lines of the selected row: the
        // first line it is on holds the name, the next the place.
        guard let marker = (0..<(screen.size.height - 1)).first(where: { screen[0, $0].grapheme == "▌" }) else { return nil }
        let nameLine = lines[marker]
        let placeLine = lines[marker + 1]
        for index in max(0, start)..<min(count, max(0, start) + 400)
        where nameLine.contains(names[index]) && (cities[index].isEmpty || placeLine.contains(cities[index])) {
            return index
        }
        return nil
    }

    /// What `endless --help` says the default of `--max-loaded` is.
    static func maxLoadedDefault(_ binary: String) -> String {
        guard let output = try? ExternalTool(path: binary).run(["browse", "--help"]) else { return "unknown" }
        let text = String(decoding: output, as: UTF8.self)
        // The last mention is the option's description (the first is the usage line).
        guard let option = text.range(of: "--max-loaded", options: .backwards),
            let label = text.range(of: "(default: ", range: option.upperBound..<text.endIndex),
            let close = text.range(of: ")", range: label.upperBound..<text.endIndex)
        else { return "unknown" }
        return String(text[label.upperBound..<close.lowerBound])
    }
}

/// `less` over the same people as lines of text (`index name · city`): the pager a person
/// would scroll such a list with in a terminal.
struct LessBaseline {
    let file: URL
    let binary: String

    init(people: SeededPeople) throws {
        guard let less = ExternalTool.find("less", installedBy: "less", area: "app") else {
            throw BenchFailure("less is missing: the app's held-key baseline cannot run")
        }
        binary = less.path
        file = FileManager.default.temporaryDirectory.appendingPathComponent("endless-bench-people-\(getpid()).txt")
        var text = ""
        for index in 0..<people.count {
            text += "\(index) \(people.names[index]) · \(people.cities[index])\n"
        }
        try Data(text.utf8).write(to: file)
    }

    func remove() {
        try? FileManager.default.removeItem(at: file)
    }

    /// `less` on the list, its first line on screen.
    func open(size: Size = AppBenchmark.size) throws -> PseudoTerminalApp {
        let app = try PseudoTerminalApp(
            binary: binary, arguments: ["-S", file.path], size: size, environment: ["LESS": "", "LESSHISTFILE": "-"])
        guard app.pump(until: { topIndex(on: $0, from: 0) == 0 }, timeout: .seconds(10)) else {
            throw PseudoTerminalApp.Failure(description: "less did not show the list:\n\(app.text)")
        }
        return app
    }

    /// The index on the first line of the screen.
    func topIndex(on app: PseudoTerminalApp, from _: Int) -> Int? {
        guard let first = app.terminal.screen.lines.first else { return nil }
        return Int(first.prefix { $0.isNumber })
    }
}
