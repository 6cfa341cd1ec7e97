import Foundation

/// The seam between the service and the generator: the service needs only "answer this
/// query", so its tests can stand in canned bodies and run without generated users.
protocol UserGenerating: Sendable {
    func respond(
        toQuery query: String, now: Date, portraitBaseURL: String, version: RandomUserVersion
    ) throws(GeneratorError) -> GeneratedResponse

    /// The answer when it is already cached (a seeded page asked for before), else nil;
    /// never generates.
    func cachedResponse(toQuery query: String, now: Date, portraitBaseURL: String) -> GeneratedResponse?
}

extension UserGenerating {
    func cachedResponse(toQuery query: String, now: Date, portraitBaseURL: String) -> GeneratedResponse? { nil }
}

extension RandomUserGenerator: UserGenerating {}
