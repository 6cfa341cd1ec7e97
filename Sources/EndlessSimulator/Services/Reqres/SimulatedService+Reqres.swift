import EndlessCommandLine

/// The offline reqres.in's settings: how many users it lists.
public struct ReqresServiceSettings: SimulatedServiceSettings {
    /// The users it lists: the real 12, or more, generated with faces.
    public var userCount = Self.defaultUserCount

    /// The real reqres.in's 12 users.
    public static let defaultUserCount = 12
    /// The most users it can list.
    public static let maxUserCount = 100_000

    /// The real service's 12 users.
    public init() {}

    /// - Parameter userCount: the users it lists, 1 to ``maxUserCount``.
    public init(userCount: Int) {
        self.userCount = userCount
    }

    /// `--reqres-users N`.
    public static let userCountOption = Option(
        "reqres-users", placeholder: "N",
        help: "How many users the simulated reqres.in lists: its real 12, or more (up to 100000), the rest "
            + "generated with faces.",
        default: defaultUserCount, parser: ValueParsers.integer(in: 1...maxUserCount))
}

extension SimulatedService {
    /// reqres.in at `/reqres/`: its API at `/reqres/api/`, its avatars at `/reqres/img/faces/`.
    public static let reqres = SimulatedService(
        id: "reqres", name: "reqres.in", mountPath: "/reqres/", apiPath: "api/",
        summary: "its 12 users, or more with \(ReqresServiceSettings.userCountOption.declaration.flagText); one user by id; "
            + "the x-api-key it wants; delay=N",
        options: [ReqresServiceSettings.userCountOption.declaration],
        examples: { apiRoot in
            [
                .init(
                    command: "curl -H '\(ReqresService.apiKeyHeader): \(ReqresService.freeAPIKey)' '\(apiRoot)users?page=2'",
                    explanation: "Or for reqres.in's second page of users.")
            ]
        },
        settings: { parsed, _ throws(UsageError) in
            ReqresServiceSettings(userCount: try parsed[ReqresServiceSettings.userCountOption])
        },
        router: { settings, environment in
            ReqresService(
                directory: ReqresDirectory(count: settings.userCount, data: environment.data), portraits: environment.portraits)
        })
}
