import Endless
import EndlessTerminal
import EndlessTesting
import Foundation
import RandomUserAPI
import Testing

@testable import EndlessApp
@testable import EndlessFeedModel

/// Issue 29: a frame lays out only the rows that changed; rows kept are drawn as laid out
/// afresh, and the memo stays bounded however long the session.
@Suite("Row memo", .timeLimit(TimeBudget.minutes(1)))
@MainActor
struct RowMemoTests {
    typealias F = BrowseFixtures
    typealias Memo = RowMemo<PersonRowKey, PersonRowInputs, AvatarRow.Text>
    static let cells = ImageCells(mode: .none, colorDepth: .trueColor, cellPixelSize: nil)

    /// The people row as it was drawn before the memo: summarized and measured every time.
    static let afresh = FeedRowStyle<RandomUser>(height: { _ in AvatarRow.height }, placeholderHeight: AvatarRow.height) {
        person, context, frame in
        let summary = PersonSummary(person, now: context.now)
        AvatarRow.draw(title: summary.name, subtitle: summary.subtitle, initials: summary.initials, context: context, into: &frame)
    }

    static func browser(_ model: F.Model, style: FeedRowStyle<RandomUser>) -> BrowserModel {
        BrowserModel(tabs: [FeedTab(kind: .people, model: model, style: style, cells: cells, images: nil)], opening: .people)
    }

    static func frame(_ browser: BrowserModel) -> (frame: ScreenBuffer, visible: Range<Int>) {
        var frame = ScreenBuffer(size: PeopleScreenTests.size)
        let layout = BrowserScreen.draw(browser, into: &frame, elapsed: .zero)
        return (frame, FeedScreen<ScriptedPageSource<RandomUser>>.visibleItems(layout.rows))
    }

    /// Person 1 (`uuid-1`) with other fields.
    static func person(first: String = "First1", last: String = "Last1", city: String = "City1", age: Int? = 31) -> RandomUser {
        RandomUser(
            gender: "female", name: .init(title: "Ms", first: first, last: last),
            location: .init(
                street: .init(number: 1, name: "Main Street"), city: city, state: "State", country: "Country",
                postcode: .number(10001), coordinates: .init(latitude: "1.0", longitude: "2.0"),
                timezone: .init(offset: "+1:00", description: "Paris")),
            email: "first1.last1@example.com", login: .init(uuid: "uuid-1", username: "user1"),
            dob: .init(date: Date(timeIntervalSince1970: 500_000_000), age: age), phone: "555-1", cell: "556-1", nat: "FR")
    }

    static func drawRow(_ person: RandomUser, style: FeedRowStyle<RandomUser>, width: Int, selected: Bool = false) -> ScreenBuffer {
        var frame = ScreenBuffer(size: Size(width: width, height: 2))
        let context = RowContext(
            rect: Rect(x: 0, y: 0, width: width, height: 2), isSelected: selected, image: nil, placeholder: nil, cells: cells,
            now: F.now)
        style.draw(person, context, &frame)
        return frame
    }

    @Test("a frame after j lays out only rows it had not drawn before (on screen, or a group below drawn ahead), and matches the frame drawn afresh")
    func heldJ() async throws {
        let model = await PeopleScreenTests.loaded(pages: 2)
        let reference = await PeopleScreenTests.loaded(pages: 2)
        let memo = Memo()
        let browser = Self.browser(model, style: PeopleFeed.rowStyle(memo: memo))
        let afresh = Self.browser(reference, style: Self.afresh)
        let group = FeedScreen<ScriptedPageSource<RandomUser>>.rowsDrawnAhead
        var drawn = Set<Int>()
        var nearby = Set<Int>()
        var layoutsWhileScrolling: [(made: Int, group: Int)] = []
        for key in 0...30 {
            if key > 0 {
                model.perform(.moveDown, visibleRows: 10)
                reference.perform(.moveDown, visibleRows: 10)
            }
            let made = memo.made
            let (frame, visible) = Self.frame(browser)
            drawn.formUnion(visible)
            nearby.formUnion(visible.lowerBound..<min(model.rowCount, visible.upperBound + group))
            // A group below the screen, fewer where the list ends.
            let groupHere = min(group, model.rowCount - visible.upperBound)
            if visible.lowerBound > 0 { layoutsWhileScrolling.append((memo.made - made, groupHere)) }
            // Each row laid out once: every row on screen was, and none but a group below it.
            #expect(
                memo.made >= drawn.count && memo.made <= nearby.count,
                "after \(key) j: \(memo.made) rows laid out, \(drawn.count) ever on screen")
            #expect(frame == Self.frame(afresh).frame, "after \(key) j")
        }
        #expect(drawn.count > 20)  // the list scrolled: new rows came in
        // Scrolling, a key lays out a group of rows below at once, or none (its new row was
        // drawn ahead): never one row a key.
        #expect(layoutsWhileScrolling.count > group)
        #expect(layoutsWhileScrolling.allSatisfy { $0.made == 0 || $0.made == $0.group }, "\(layoutsWhileScrolling)")
        #expect(layoutsWhileScrolling.count(where: { $0.made == 0 }) >= layoutsWhileScrolling.count / 2)
    }

    @Test("rows that read the clock (never kept) are not drawn ahead: once one is refused, a frame draws the rows on screen alone")
    func clockRowsNotDrawnAhead() async throws {
        @MainActor final class Draws { var count = 0 }
        let draws = Draws()
        let model = await PeopleScreenTests.loaded(pages: 2)
        var style = FeedRowStyle<RandomUser>(height: { _ in AvatarRow.height }, placeholderHeight: AvatarRow.height) {
            person, context, frame in
            draws.count += 1
            let summary = PersonSummary(person, now: context.now)
            AvatarRow.draw(title: summary.name, subtitle: summary.subtitle, initials: summary.initials, context: context, into: &frame)
        }
        style.uniformHeight = AvatarRow.height
        let browser = Self.browser(model, style: style)
        _ = Self.frame(browser)
        var scrolled = 0
        for _ in 0..<20 {
            model.perform(.moveDown, visibleRows: 10)
            let before = draws.count
            var frame = ScreenBuffer(size: PeopleScreenTests.size)
            let rows = BrowserScreen.draw(browser, into: &frame, elapsed: .zero).rows
            let visible = FeedScreen<ScriptedPageSource<RandomUser>>.visibleItems(rows)
            // The rows on screen, and the one cut by the bottom of the list under them.
            let cut = rows.count { if case .cutItem = $0.row { true } else { false } }
            #expect(cut == 1)
            if visible.lowerBound > 0 { scrolled += 1 }
            #expect(draws.count - before == visible.count + cut, "rows on screen \(visible)")
        }
        #expect(scrolled > 5)
    }

    @Test("a kept row is drawn as laid out afresh, at every width, selected or not, wide characters cut")
    func sameCells() {
        let wide = Self.person(first: "山田花子👩‍🚀", last: "Ørsted-Łukasiewicz", city: "東京都")
        let memo = Memo()
        let style = PeopleFeed.rowStyle(memo: memo)
        for person in [F.person(1), wide] {
            for width in 0...40 {
                for selected in [false, true] {
                    let first = Self.drawRow(person, style: style, width: width, selected: selected)
                    let again = Self.drawRow(person, style: style, width: width, selected: selected)
                    let reference = Self.drawRow(person, style: Self.afresh, width: width, selected: selected)
                    #expect(first == reference, "width \(width)")
                    #expect(again == reference, "width \(width), kept")
                }
            }
        }
        // Once a person and text width (rows 0 to 8 wide have no room for text: one width); the
        // selection is not laid out.
        #expect(memo.made == 2 * 33)
    }

    @Test("a person changed under the same id is laid out again, not drawn stale")
    func changedItem() {
        let memo = Memo()
        let style = PeopleFeed.rowStyle(memo: memo)
        _ = Self.drawRow(F.person(1), style: style, width: 40)
        let renamed = Self.person(first: "Renamed")
        let frame = Self.drawRow(renamed, style: style, width: 40)
        #expect(frame.lines[0].contains("Renamed"))
        #expect(memo.made == 2)
    }

    @Test("an age computed from the clock is never kept")
    func ageFromClock() {
        let person = Self.person(age: nil)
        let memo = Memo()
        let style = PeopleFeed.rowStyle(memo: memo)
        let frame = Self.drawRow(person, style: style, width: 40)
        #expect(frame == Self.drawRow(person, style: Self.afresh, width: 40))
        #expect(memo.count == 0)
    }

    @Test("over 10,000 keys the memo keeps at most its capacity, and lays out each person once")
    func bounded() {
        let memo = Memo(capacity: 64)
        let style = PeopleFeed.rowStyle(memo: memo)
        let people = (0..<10_014).map(F.person)
        var largest = 0
        for key in 0..<10_000 {
            // The 15 rows on screen after `key` presses of j.
            for row in key..<(key + 15) { _ = Self.drawRow(people[row], style: style, width: 60) }
            largest = max(largest, memo.count)
        }
        #expect(largest <= 64)
        #expect(memo.made == 10_014)  // the 15 first rows, then one new row a key
    }

    /// A key whose hash is its `bucket` alone: keys of one bucket collide.
    struct CollidingKey: Hashable {
        let name: String
        let bucket: Int

        func hash(into hasher: inout Hasher) {
            hasher.combine(bucket)
        }
    }

    @Test("rows are found by their key, and a key whose hash collides with a kept one's misses")
    func hashCollision() {
        let memo = RowMemo<CollidingKey, Int, String>(capacity: 8)
        let ada = CollidingKey(name: "ada", bucket: 1)
        let bob = CollidingKey(name: "bob", bucket: 1)
        let eve = CollidingKey(name: "eve", bucket: 2)
        #expect(ada.hashValue == bob.hashValue)
        #expect(memo.value(for: ada, inputs: 1) { "ada's row" } == "ada's row")
        #expect(memo.value(for: ada, inputs: 1) { "made again" } == "ada's row")  // a hit
        #expect(memo.kept(for: ada, inputs: 2) == nil)  // other inputs: a miss
        #expect(memo.kept(for: bob, inputs: 1) == nil)  // same hash, other key: a miss
        #expect(memo.entry(for: bob, slot: 5) == nil)
        #expect(memo.value(for: bob, inputs: 1) { "bob's row" } == "bob's row")
        #expect(memo.kept(for: bob, inputs: 1) == "bob's row")
        #expect(memo.kept(for: ada, inputs: 1) == nil)  // bob's row took the place: never ada's with it
        #expect(memo.entry(for: ada, slot: 6) == nil)
        memo.keep("eve's row", for: eve, inputs: 3, slot: 7)
        #expect(memo.entry(for: eve, slot: 7)?.value == "eve's row")
        #expect(memo.entry(for: eve, slot: 9)?.value == "eve's row")  // by hash, not by slot
        #expect(memo.entry(for: bob, slot: 7)?.value == "bob's row")  // slot 7 holds eve's row, not bob's
        #expect(memo.made == 3)
    }
}
