import EndlessCommandLine

/// `endless fetch <feed>`: one request to a feed's API, printed for a person or a tool.
enum FetchCommand {
    /// The `fetch` group: one subcommand per feed; `people` when none is named.
    static var group: Subcommand {
        Subcommand(
            group: "fetch", abstract: "Fetch one page of a feed and print it: people (the default), photos, coins, users.",
            discussion: "Prints as a table, JSON, NDJSON or CSV. Without --api, the data comes from the embedded "
                + "simulator. Exit status: 0 on success, 1 when the request or the API failed, 2 when the "
                + "command line is wrong.",
            children: FeedCatalog.all.compactMap { $0.fetchCommand }, defaultSubcommand: FeedID.people.name,
            examples: [
                .init(command: "endless fetch -n 5", explanation: "Five people from the embedded simulator, as a table."),
                .init(command: "endless fetch photos --format ndjson", explanation: "A page of photos, one JSON object a line."),
                .init(command: "endless fetch coins --per-page 10 --format csv", explanation: "The ten largest coins, as CSV."),
                .init(command: "endless fetch users --id 2", explanation: "One user, by id."),
            ])
    }
}
