import EndlessHTTP
import EndlessTerminal
import EndlessTesting
import Foundation
import Testing

@testable import EndlessApp

/// The coins board and details at the sizes terminals come in: the least telling column goes
/// first, the chart stays, dates whole, and a number too wide is rounded, never cut.
@Suite("Coins at small sizes", .serialized, .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct CoinsFitTests {
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("a number that does not fit is rounded to fewer significant digits, or …, never cut into another number")
    func fittedNumbers() throws {
        let small = try #require(DecimalNumber("0.06705"))
        #expect(MoneyFormat.price(small, fitting: 7) == "0.06705")
        #expect(MoneyFormat.price(small, fitting: 6) == "0.0671")
        #expect(MoneyFormat.price(small, fitting: 5) == "0.067")
        #expect(MoneyFormat.price(small, fitting: 4) == "0.07", "not 0.06, which a cut would show")
        #expect(MoneyFormat.price(small, fitting: 3) == "…")
        let large = try #require(DecimalNumber("86722"))
        #expect(MoneyFormat.price(large, fitting: 9) == "86,722.00")
        #expect(MoneyFormat.price(large, fitting: 8) == "86,722.0")
        #expect(MoneyFormat.price(large, fitting: 6) == "86,722")
        #expect(MoneyFormat.price(large, fitting: 5) == "86722")
        #expect(MoneyFormat.price(large, fitting: 4) == "87K")
        let nearMillion = try #require(DecimalNumber("999999"))
        #expect(MoneyFormat.price(nearMillion, fitting: 5) == "1.00M")
        let nearOne = try #require(DecimalNumber("0.9996"))
        #expect(MoneyFormat.price(nearOne, fitting: 4) == "1.00")
        #expect(MoneyFormat.price(DecimalNumber?.none, fitting: 4) == "—")
        #expect(MoneyFormat.price(small, fitting: 0) == "")
    }

    @Test("80×24: the sparkline goes first; market cap stays")
    func boardAt80() async throws {
        let board = try await CoinsBoardTests.board()
        defer { board.server.stop() }
        let titles = Self.lines(CoinsBoardTests.render(board.browser, Size(width: 80, height: 24)).text)[2]
        #expect(titles.contains("mkt cap") && titles.contains("24h") && titles.contains("price (usd)"), "\(titles)")
        #expect(!titles.contains("7 days"), "\(titles)")
    }

    @Test("80×24 details keep the week's chart, below fields that scroll; 120 columns show the all-time dates whole")
    func details() async throws {
        let board = try await CoinsBoardTests.board()
        defer { board.server.stop() }
        board.model.openDetails()
        let small = CoinsBoardTests.render(board.browser, Size(width: 80, height: 24)).text
        #expect(small.contains("7 d · usd"), "\(small)")
        #expect(board.model.canScrollDetails)

        let wide = Self.lines(CoinsBoardTests.render(board.browser, Size(width: 120, height: 30)).text)
        #expect(wide.contains { $0.contains("7 d · usd") })
        for label in ["all-time high", "all-time low"] {
            let line = try #require(wide.first { $0.contains(label) }, "\(wide.joined(separator: "\n"))")
            let field = String(line.split(separator: "│", omittingEmptySubsequences: false).dropFirst().first ?? "")
            #expect(field.contains(/\d{4}-\d{2}-\d{2}/) && !field.contains("…"), "\(line)")
        }
    }
}
