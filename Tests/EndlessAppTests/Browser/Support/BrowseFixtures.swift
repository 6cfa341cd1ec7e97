import Endless
import EndlessTesting
import Foundation
import RandomUserAPI

@testable import EndlessApp
@testable import EndlessFeedModel

/// People, sources and view models for the browser's tests.
enum BrowseFixtures {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "the test server said no" }
    }

    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    /// A person whose fields all carry their number: `Mr First7 Last7`, `City7, Country · 37`.
    static func person(_ number: Int) -> RandomUser {
        RandomUser(
            gender: number.isMultiple(of: 2) ? "male" : "female",
            name: .init(title: number.isMultiple(of: 2) ? "Mr" : "Ms", first: "First\(number)", last: "Last\(number)"),
            location: .init(
                street: .init(number: number, name: "Main Street"), city: "City\(number)", state: "State",
                country: "Country", postcode: .number(10000 + number), coordinates: .init(latitude: "1.0", longitude: "2.0"),
                timezone: .init(offset: "+1:00", description: "Paris")),
            email: "first\(number).last\(number)@example.com",
            login: .init(uuid: "uuid-\(number)", username: "user\(number)"),
            dob: .init(date: Date(timeIntervalSince1970: 500_000_000), age: 30 + number % 40),
            phone: "555-\(number)", cell: "556-\(number)", nat: "FR")
    }

    /// A source of numbered people, 20 a page, on `clock`.
    static func source(
        clock: ManualClock, pageCount: Int? = nil, latency: Duration = .zero, gated: Bool = false
    ) -> ScriptedPageSource<RandomUser> {
        ScriptedPageSource(
            pageSize: 20, pageCount: pageCount, latency: latency, clock: clock, gated: gated, makeItem: person)
    }

    typealias Model = FeedViewModel<ScriptedPageSource<RandomUser>>

    /// What the people feed tells the browser, with scripted page keys: key 0 is page 1 of
    /// seed `seed-0`.
    static func descriptor() -> FeedDescriptor<RandomUser, Int> {
        var descriptor = FeedDescriptor<RandomUser, Int>(
            nouns: Nouns("person", "people"), sourceLabel: "test source",
            details: { PersonDetails.of($0, now: $1) })
        let people = PeopleFeed.descriptor(sourceLabel: "test source")
        descriptor.rowImage = people.rowImage
        descriptor.describeKey = { PageLabel(seed: UntrustedText("seed-\($0 / 100)"), page: $0 + 1) }
        return descriptor
    }

    /// A view model over `source`, without images, with `clock` for the feed and the model.
    @MainActor
    static func model(
        _ source: ScriptedPageSource<RandomUser>, clock: ManualClock,
        configuration: FeedConfiguration = FeedConfiguration(pageSize: 20, minimumIndicatorDuration: .zero)
    ) -> Model {
        let model = FeedViewModel(
            feed: Feed(source: source, configuration: configuration, clock: clock), descriptor: descriptor(),
            images: nil, clock: clock, now: { now })
        model.feedRowGroup = 1  // the tests count the pages the rows on screen load
        return model
    }

    /// The browser around `model`: one people tab, drawn without pictures.
    @MainActor
    static func browser(_ model: Model) -> BrowserModel {
        let cells = ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil)
        return BrowserModel(tabs: [FeedTab(kind: .people, model: model, style: PeopleFeed.rowStyle, cells: cells, images: nil)], opening: .people)
    }
}

extension FeedViewModel {
    /// Waits until `condition` holds, re-checking whenever anything it reads changes.
    @discardableResult
    func wait(
        fileID: String = #fileID, filePath: String = #filePath, line: Int = #line, column: Int = #column,
        until condition: @escaping (FeedViewModel) -> Bool
    ) async -> Bool {
        await feed.wait(fileID: fileID, filePath: filePath, line: line, column: column) { _ in condition(self) }
    }
}

extension FeedViewModel where Source.Item == RandomUser {
    /// The people loaded in `range`, as their rows show them.
    func people(in range: Range<Int>) -> [PersonSummary] {
        rows(in: range).map { PersonSummary($0.item, now: BrowseFixtures.now) }
    }
}
