import EndlessCommandLine
import EndlessTerminal
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// `endless fetch` tables fitted to the terminal: whole columns left out by priority, numbers
/// never cut; no limit when piped; and picture addresses of the embedded simulator said to be
/// short-lived.
@Suite("fetch tables fit the terminal", .timeLimit(TimeBudget.minutes(1)))
struct FetchTableFitTests {
    static func run(_ arguments: [String], columns: Int? = nil) async -> (status: Int32, output: String, error: String) {
        let captured = CapturedOutput(terminalColumns: columns)
        let status = await EndlessCommand.tool.run(arguments, output: captured.output)
        return (status, captured.standardOutput, captured.standardError)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    @Test("coins at 50 columns: no line wider, the least important columns gone, every number whole")
    func coinsAt50() async throws {
        let run = await Self.run(["fetch", "coins", "--per-page", "5", "--sparkline"], columns: 50)
        #expect(run.status == 0, "\(run.error)")
        let lines = Self.lines(run.output)
        try #require(lines.count == 6)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 50 }, "\(run.output)")
        #expect(lines[0].contains("COIN") && lines[0].contains("PRICE (USD)") && lines[0].contains("24H"), "\(lines[0])")
        #expect(!lines[0].contains("7 DAYS") && !lines[0].contains("VOLUME"), "\(lines[0])")
        #expect(!run.output.contains(/\d…/), "no number cut: \(run.output)")
        #expect(!lines[0].contains("…"), "titles whole: \(lines[0])")
        #expect(lines[1].contains(/\d{2},\d{3}\.\d{2}/), "Bitcoin's price whole: \(lines[1])")
    }

    @Test("photos at 50 columns: no line wider, likes and sizes whole")
    func photosAt50() async throws {
        let run = await Self.run(["fetch", "photos", "--per-page", "5"], columns: 50)
        #expect(run.status == 0, "\(run.error)")
        let lines = Self.lines(run.output)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 50 }, "\(run.output)")
        #expect(lines[0].hasPrefix("ID") && lines[0].contains("PHOTOGRAPHER") && !lines[0].contains("…"), "\(lines[0])")
        for line in lines.dropFirst() {
            #expect(!line.contains(/\d…/), "a number cut: \(line)")
        }
    }

    @Test("piped, a table is not limited to any width: every column, nothing cut")
    func piped() async throws {
        let run = await Self.run(["fetch", "coins", "--per-page", "3", "--sparkline"])
        #expect(Self.lines(run.output).first?.contains("7 DAYS") == true)
        #expect(!run.output.contains("…"))
        #expect(TableWidth.of(CapturedOutput().output, environment: ["COLUMNS": "50"]) == 50)
        #expect(TableWidth.of(CapturedOutput(terminalColumns: 70).output, environment: ["COLUMNS": "50"]) == 70)
        #expect(TableWidth.of(CapturedOutput().output, environment: [:]) == TableWidth.whenPiped)
    }

    @Test("a table with the embedded simulator's picture addresses says under it that they stop with the command")
    func simulatorAddresses() async throws {
        let table = await Self.run(["fetch", "users", "--per-page", "2"], columns: 200)
        #expect(table.status == 0)
        #expect(table.output.contains("http://127.0.0.1:"))
        #expect(table.error.contains("embedded simulator") && table.error.contains("endless serve"), "\(table.error)")
        let json = await Self.run(["fetch", "users", "--per-page", "2", "--format", "json"])
        #expect(!json.error.contains("embedded simulator"), "json is the API's answer as sent: \(json.error)")
        let people = await Self.run(["fetch", "coins", "--per-page", "2"], columns: 200)
        #expect(!people.error.contains("embedded simulator"), "no address printed, nothing to say")
    }
}
