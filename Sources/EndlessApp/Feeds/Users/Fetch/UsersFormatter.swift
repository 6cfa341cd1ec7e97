import EndlessHTTP
import EndlessTerminal
import ReqresAPI

/// The four formats of `endless fetch users`: `json` the API's answer as sent (the page object,
/// or the user object), `ndjson` one user object a line as sent, `csv` and `table` the typed
/// fields, sanitized.
enum UsersFormatter {
    /// A page of users: `json` is the API's page object.
    static func format(list: ReqresUserList, as format: OutputFormat, width: Int) -> String {
        switch format {
        case .json: FetchJSON.json(list.rawJSON)
        default: self.format(list.data, as: format, width: width)
        }
    }

    /// One user: `json` is the API's user object.
    static func format(single: ReqresSingleUser, as format: OutputFormat, width: Int) -> String {
        switch format {
        case .json: FetchJSON.json(single.data.rawJSON)
        default: self.format([single.data], as: format, width: width)
        }
    }

    private static func format(_ users: [ReqresUser], as format: OutputFormat, width: Int) -> String {
        switch format {
        case .table: FetchTable(columns: columns, width: width).format(users)
        case .ndjson: FetchJSON.ndjson(users)
        case .json: FetchJSON.json(RawJSON(array: users.map(\.rawJSON)))
        case .csv: csv(users)
        }
    }

    static var columns: [FetchTable<ReqresUser>.Column] {
        [
            .init("ID", minimumWidth: 2, alignRight: true) { String($0.id) },
            .init("NAME", minimumWidth: 8) { $0.fullName },
            .init("EMAIL", minimumWidth: 8) { $0.email },
            .init("AVATAR", minimumWidth: 8) { $0.avatar },
        ]
    }

    /// The API's field names as the header.
    static func csv(_ users: [ReqresUser]) -> String {
        var output = CSVText.record(["id", "email", "first_name", "last_name", "avatar"], sanitizing: false)
        for user in users {
            output += CSVText.record([String(user.id), user.email, user.firstName, user.lastName, user.avatar])
        }
        return output
    }
}
