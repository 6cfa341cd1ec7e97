import EndlessCommandLine

/// The services the simulator runs, one line each: a service is its folder under `Services/`
/// (its router and its ``SimulatedService`` value) and its line here. `endless serve` prints
/// them, describes them and lists their flags in this order.
extension SimulatedService {
    /// Every service, in the order `serve` lists them.
    public static let all: [SimulatedService] = [
        .randomUser,
        .reqres,
        .unsplash,
        .coinGecko,
    ]

    /// Every service's flags, in help order.
    public static var allOptions: [OptionDeclaration] { all.flatMap(\.options) }
}
