import Foundation

/// What every service's router is made with besides its own settings: the generator's lists,
/// the clock its rate limits run on, the instant it answers at, and the portraits it shares.
struct ServiceEnvironment: Sendable {
    /// The lists people, places and photos are drawn from.
    let data: GeneratorData
    /// The clock the rate-limit windows run on.
    let clock: any Clock<Duration>
    /// The instant ages and prices are computed at, read per request.
    let now: @Sendable () -> Date
    /// Drawn portraits, shared by the services that show faces.
    let portraits: PortraitStore
}
