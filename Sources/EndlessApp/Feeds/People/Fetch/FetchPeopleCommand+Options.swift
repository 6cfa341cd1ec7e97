import EndlessCommandLine
import Foundation
import RandomUserAPI

extension FetchPeopleCommand {
    /// The declared options. `--help` and the parser both read these.
    enum Options {
        static let api = Option(
            "api", placeholder: "URL",
            help: "The randomuser.me-compatible API to ask: an API root (https://randomuser.me/api/), "
                + "a versioned root (…/api/1.4/) or a server root (http://127.0.0.1:8080/).",
            defaultDescription: "the embedded simulator", parser: ValueParsers.httpURL)
        /// More people than the service's own default of 1, which makes a poor first impression of a list.
        static let results = Option(
            "results", short: "n", placeholder: "N", help: "How many people, 1-5000 (randomuser.me's own name for it).",
            default: 10, parser: ValueParsers.integer(in: RandomUserQuery.resultsRange), misnomers: ["per-page"])
        /// Left out, the query names no page: the service's first.
        static let page = Option(
            "page", placeholder: "N", help: "Which page of a seeded list, 1-10000.",
            defaultDescription: String(RandomUserQuery.pageRange.lowerBound), parser: ValueParsers.integer(in: RandomUserQuery.pageRange))
        static let seed = Option(
            "seed", placeholder: "TEXT",
            help: "Makes the people reproducible: the same seed and page give the same people.",
            parser: ValueParsers.nonEmpty)
        static let nat = Option(
            "nat", placeholder: "LIST",
            help: "Only these nationalities, comma-separated, any case: "
                + nationalityNames.joined(separator: " ") + ".",
            default: [],
            parser: queryValue(accepts: .list(nationalityNames)) { text throws(RandomUserQueryError) in
                try RandomUserQuery.Nationality.parseList(text)
            })
        static let gender = Option(
            "gender", placeholder: "male|female", help: "Only people of this gender. Not with --seed.",
            parser: queryValue(accepts: .choices(["male", "female"])) { text throws(RandomUserQueryError) in
                try RandomUserQuery.Gender(parsing: text)
            })
        static let inc = Option(
            "inc", placeholder: "FIELDS",
            help: "Only these fields, comma-separated: " + fieldNames.joined(separator: " ") + ". Without login, people are "
                + "keyed by a content hash.",
            default: [],
            parser: queryValue(accepts: .list(fieldNames)) { text throws(RandomUserQueryError) in
                try RandomUserQuery.Field.parseList(text, for: .inc)
            })
        static let exc = Option(
            "exc", placeholder: "FIELDS", help: "Leave out these fields, comma-separated (same names as --inc).",
            default: [],
            parser: queryValue(accepts: .list(fieldNames)) { text throws(RandomUserQueryError) in
                try RandomUserQuery.Field.parseList(text, for: .exc)
            })
        static let password = Option(
            "password", placeholder: "SPEC",
            help: "Generate passwords: character sets (special, upper, lower, number) in order, then "
                + "optionally a length N or MIN-MAX within 1-64, e.g. upper,lower,8-16.",
            parser: queryValue { text throws(RandomUserQueryError) in try RandomUserQuery.PasswordSpec(parsing: text) })
        static let apiVersion = Option(
            "api-version", placeholder: "V",
            help: "A fixed API version, " + versionNames.joined(separator: ", ") + ".", defaultDescription: "latest",
            parser: queryValue(accepts: .choices(versionNames)) { text throws(RandomUserQueryError) in
                try RandomUserQuery.APIVersion(parsing: text)
            })
        static let valueOptions: [OptionDeclaration] = [
            api.declaration, results.declaration, page.declaration, seed.declaration, nat.declaration,
            gender.declaration, inc.declaration, exc.declaration, password.declaration, apiVersion.declaration,
        ]

        private static var fieldNames: [String] { RandomUserQuery.Field.allCases.map(\.rawValue) }
        private static var nationalityNames: [String] { RandomUserQuery.Nationality.allCases.map { $0.rawValue.lowercased() } }
        private static var versionNames: [String] { RandomUserQuery.APIVersion.allCases.map(\.rawValue) }

        /// Wraps a RandomUserAPI parser so its error reads like every other bad value.
        private static func queryValue<Value: Sendable>(
            accepts: AcceptedValues = .text, _ parse: @escaping @Sendable (String) throws(RandomUserQueryError) -> Value
        ) -> ValueParser<Value> {
            ValueParser(accepts: accepts) { text throws(ValueError) in
                do throws(RandomUserQueryError) {
                    return try parse(text)
                } catch {
                    throw ValueError(error.problem, allowed: error.allowed)
                }
            }
        }
    }

    /// Reads `--api`, `--results`, … into ``FetchPeopleOptions``.
    /// - Parameter parsed: the parsed `endless fetch` command line.
    /// - Returns: the options, with a validated query.
    /// - Throws: ``UsageError`` naming the flag whose value is wrong, or both flags of a
    ///   conflicting pair (`--gender` with `--seed`).
    static func options(from parsed: ParsedArguments) throws(UsageError) -> FetchPeopleOptions {
        let api = try parsed[Options.api]
        if let api { try SimulatorOptions.requireNone(in: parsed, because: api.absoluteString) }
        let query: RandomUserQuery
        do {
            query = try RandomUserQuery(
                baseURL: api ?? RandomUserQuery.defaultBaseURL, results: try parsed[Options.results], page: try parsed[Options.page],
                seed: try parsed[Options.seed], gender: try parsed[Options.gender], nationalities: try parsed[Options.nat],
                included: try parsed[Options.inc], excluded: try parsed[Options.exc], password: try parsed[Options.password],
                version: try parsed[Options.apiVersion])
        } catch let error as UsageError {
            throw error
        } catch let error as RandomUserQueryError {
            throw usageError(error, parsed: parsed)
        } catch {
            throw UsageError(command: parsed.command, message: "\(error)")
        }
        let common = try FetchSettings.read(from: parsed)
        var options = FetchPeopleOptions(
            query: query, format: common.format, timeout: common.timeout, retries: common.retries, verbose: common.verbose)
        options.api = api
        options.simulator = try SimulatorOptions.settings(from: parsed)
        return options
    }

    /// A query rule that spans flags, reported against the flag to change: the one wording
    /// `endless fetch` and the browser's people tab share.
    static func usageError(_ error: RandomUserQueryError, parsed: ParsedArguments) -> UsageError {
        let option: OptionDeclaration =
            switch error.parameter {
            case .baseURL: Options.api.declaration
            case .results: Options.results.declaration
            case .page: Options.page.declaration
            case .seed: Options.seed.declaration
            case .gender: Options.gender.declaration
            case .nat: Options.nat.declaration
            case .inc: Options.inc.declaration
            case .exc: Options.exc.declaration
            case .password: Options.password.declaration
            case .version: Options.apiVersion.declaration
            }
        switch error {
        case .genderWithSeed:
            return UsageError(
                command: parsed.command, message: "--gender has no effect with --seed: the service ignores the gender of seeded requests",
                hint: "drop --gender, or drop --seed to filter random people by gender")
        case .noFieldsLeft:
            return UsageError(
                command: parsed.command, message: "--exc leaves no field (every person would be empty)",
                hint: "keep at least one of: " + included(parsed))
        default:
            return parsed.usageError(option, ValueError(error.problem, allowed: error.allowed))
        }
    }

    /// The fields `--inc` kept, as the service names them; every field when it was not given.
    private static func included(_ parsed: ParsedArguments) -> String {
        let fields = (try? parsed[Options.inc]) ?? []
        return fields.isEmpty ? "the 12 fields" : fields.map(\.rawValue).joined(separator: ",")
    }
}
