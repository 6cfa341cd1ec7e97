// endless-bench: measures speed and memory as ratios against a baseline measured in the same
// run, one line per figure: `area name key=value key=value` (the rules are in BenchReport.swift:
// every line names its baseline and prints the ratio, above 1 better; values are the median of
// at least five runs with min and max). The last line says how loaded the machine was.
// `endless-bench paging images` runs only those areas; no argument runs them all.
import Foundation

let areas: [(name: String, run: () async throws -> Void)] = [
    ("decode", DecodeBenchmark.run),
    ("coins", CoinsBenchmark.run),
    ("simulator", SimulatorBenchmark.run),
    ("portraits", PortraitBenchmark.run),
    ("server", ServerBenchmark.run),
    ("paging", PagingBenchmark.run),
    ("images", ImagesBenchmark.run),
    ("terminal", TerminalBenchmark.run),
    ("cache", CacheBenchmark.run),
    ("app", AppBenchmark.run),
    ("perkey", PerKeyBenchmark.run),
    ("photos", PhotosBenchmark.run),
]

let requested = Set(CommandLine.arguments.dropFirst())
let unknown = requested.subtracting(areas.map(\.name))
if !unknown.isEmpty {
    let known = areas.map(\.name).joined(separator: " ")
    FileHandle.standardError.write(
        Data("endless-bench: unknown area \(unknown.sorted().joined(separator: ", ")); known: \(known)\n".utf8))
    exit(2)
}
Load.sample()
for area in areas where requested.isEmpty || requested.contains(area.name) {
    do {
        try await area.run()
    } catch {
        FileHandle.standardError.write(Data("endless-bench: \(area.name) failed: \(error)\n".utf8))
        FileHandle.standardOutput.write(Data((Load.summary() + "\n").utf8))
        exit(1)
    }
}
FileHandle.standardOutput.write(Data((Load.summary() + "\n").utf8))
