import Endless
import EndlessCommandLine
import EndlessFeedModel
import EndlessImages
import EndlessSimulator
import Foundation
import RandomUserAPI

/// The people feed: an endless, reproducible list of people from randomuser.me, with faces.
enum PeopleFeed {
    /// The people feed, as the browser and `endless fetch` know it.
    static let definition = FeedDefinition(
        id: .people, abstract: "Browse an endless list of people, with their faces (randomuser.me).", service: service,
        liveAPI: "https://randomuser.me/api/",
        flags: [
            FetchPeopleCommand.Options.seed.declaration, FetchPeopleCommand.Options.nat.declaration,
            FetchPeopleCommand.Options.gender.declaration, Options.pageSize.declaration,
        ],
        fetch: FetchPeopleCommand.subcommand(),
        examples: [
            .init(command: "endless people --nat nl,de --gender female", explanation: "Dutch and German women, with their faces."),
            .init(command: "endless people --seed endless --people-per-page 50", explanation: "The same people every time, 50 a page."),
            .init(
                command: "endless people --api https://randomuser.me/api/",
                explanation: "People from the live randomuser.me instead of the embedded simulator."),
        ],
        settings: { parsed, api, environment throws(UsageError) in try settings(from: parsed, api: api, environment: environment) },
        tab: { settings, context in
            let seed = settings.seed
            let people = try RandomUserPageSource(
                client: RandomUserClient(http: context.endpoint.http), query: settings.query,
                makeSeed: { seed ?? RandomUserPageSource.randomSeed() })
            // A seeded page never changes; the filters and the seed name the list.
            return FeedTabParts(
                source: people, descriptor: descriptor(sourceLabel: context.endpoint.label), rowStyle: rowStyle,
                paging: .adaptive(pageSize: settings.pageSize),
                cacheVariant: [settings.query.url.query ?? "", seed.map { "seed=\($0)" } ?? ""].joined(separator: " "))
        },
        // randomuser.me cannot search: a filter of the people loaded and the pages after them.
        search: .filter { person, words in
            let text = [
                person.name?.first, person.name?.last, person.email, person.location?.city, person.location?.country,
                person.login?.username,
            ].compactMap { $0 }.joined(separator: " ").lowercased()
            return words.allSatisfy(text.contains)
        },
        // randomuser.me's people have no page: y copies the email, else the id.
        links: FeedLinks(copies: "email") { person in person.email.map { ("email", $0) } ?? ("id", person.id) },
        printFirstPage: { settings, endpoint, output in
            var query = settings.query
            if let seed = settings.seed, query.gender == nil { query = (try? query.withSeed(seed)) ?? query }
            query = (try? query.withResults(settings.pageSize)) ?? query
            return await FetchPeopleCommand.run(
                options: FetchPeopleOptions(query: query), output: output,
                fetchPage: { query in try await RandomUserClient(http: endpoint.http).page(query) })
        })

    /// The simulator's randomuser.me.
    static let service = SimulatedService.randomUser

    /// The people tab's settings, from `endless`'s flags: which people, and how many a page.
    struct Settings: Sendable {
        /// Filters and fields of every page (its seed is set only without a gender: see ``seed``).
        var query: RandomUserQuery
        /// A fixed seed, with or without a gender filter.
        var seed: String?
        var pageSize = PeopleFeed.Options.pageSize.defaultValue
    }

    static let pageSizeRange = 5...500

    enum Options {
        /// Named as every tab's page size is (`--<feed>-per-page`); `--page-size` was its first name.
        static let pageSize = Option(
            "people-per-page", placeholder: "N", help: "People per page on the people tab, 5-500.", default: 20,
            parser: ValueParsers.integer(in: PeopleFeed.pageSizeRange), aliases: ["page-size"])
    }

    /// Reads the people tab's flags.
    /// - Throws: ``UsageError`` naming the flag whose value is wrong.
    static func settings(from parsed: ParsedArguments, api: URL?, environment: [String: String]) throws(UsageError) -> Settings {
        let seed = try parsed[FetchPeopleCommand.Options.seed]
        let gender = try parsed[FetchPeopleCommand.Options.gender]
        let query: RandomUserQuery
        do {
            // The same rules as `endless fetch`, in the same words: --gender with --seed is
            // refused (the service ignores the gender of seeded requests).
            query = try RandomUserQuery(
                baseURL: api ?? RandomUserQuery.defaultBaseURL, seed: seed, gender: gender,
                nationalities: try parsed[FetchPeopleCommand.Options.nat])
        } catch let error as UsageError {
            throw error
        } catch let error as RandomUserQueryError {
            throw FetchPeopleCommand.usageError(error, parsed: parsed)
        } catch {
            throw UsageError(command: parsed.command, message: "\(error)")
        }
        return Settings(query: query, seed: seed, pageSize: try parsed[Options.pageSize])
    }

    /// What the browser needs to know about people.
    static func descriptor(sourceLabel: String) -> FeedDescriptor<RandomUser, RandomUserPageSource.Key> {
        FeedDescriptor(
            nouns: Nouns("person", "people"), sourceLabel: sourceLabel,
            describeKey: { PageLabel(seed: UntrustedText($0.seed), page: $0.page) },
            details: { PersonDetails.of($0, now: $1) },
            rowImage: { person, sizing in
                // Pixel graphics are worth the 72 px portrait; symbols resolve no more than 48.
                // Parsed through the memo: the same portraits come back person after person.
                guard let text = sizing.showsPixels ? person.picture?.medium : person.picture?.thumbnail,
                    let url = RecentURLs.shared.url(text)
                else { return nil }
                return FeedImage(url: url, size: sizing.row, contentMode: .fill)
            })
    }

    /// How a person's row looks: the face, the name in bold, the place and age dim. Each call
    /// makes a style with a memo of its own (one per tab).
    @MainActor
    static var rowStyle: FeedRowStyle<RandomUser> { rowStyle(memo: RowMemo()) }

    /// The row style, laying out each person's text once per width in `memo` (see ``RowMemo``).
    @MainActor
    static func rowStyle(memo: RowMemo<PersonRowKey, PersonRowInputs, AvatarRow.Text>) -> FeedRowStyle<RandomUser> {
        var style = FeedRowStyle<RandomUser>(height: AvatarRow.height) {
            person, context, frame in
            let width = AvatarRow.textWidth(in: context.rect)
            @MainActor func layOut(now: Date) -> AvatarRow.Text {
                let text = PersonSummary.text(of: person, now: now)
                return AvatarRow.Text(title: text.name, subtitle: text.subtitle, initials: text.initials, width: width)
            }
            // An age computed from a date changes with the clock: such a row is laid out afresh.
            guard let inputs = PersonRowInputs(person) else {
                return AvatarRow.draw(layOut(now: context.now), context: context, into: &frame)
            }
            // Any other age is the server's, and the clock is not read (reading it would tell
            // the browser the row changes with it, and it would not keep the row's cells).
            let text = memo.value(for: PersonRowKey(id: person.id, width: width), inputs: inputs) { layOut(now: .distantPast) }
            AvatarRow.draw(text, context: context, into: &frame)
        }
        style.marksSelection = false  // the browser's bar is the mark
        return style
    }
}

extension FeedID {
    /// randomuser.me: an endless list of people.
    static let people = FeedID(name: "people", number: 1)
}
