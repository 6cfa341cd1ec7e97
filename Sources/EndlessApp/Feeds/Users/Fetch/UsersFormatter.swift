import EndlessTerminal
import ReqresAPI

/// The four formats of `endless fetch users`.
enum UsersFormatter {
    /// A page of users: `json` is the API's page object.
    static func format(list: ReqresUserList, as format: OutputFormat, width: Int) throws -> String {
        switch format {
        case .json: try FetchJSON.json(list)
        default: try self.format(list.data, as: format, width: width)
        }
    }

    /// One user: `json` is the API's user object.
    static func format(single: ReqresSingleUser, as format: OutputFormat, width: Int) throws -> String {
        switch format {
        case .json: try FetchJSON.json(single.data)
        default: try self.format([single.data], as: format, width: width)
        }
    }

    private static func format(_ users: [ReqresUser], as format: OutputFormat, width: Int) throws -> String {
        switch format {
        case .table: FetchTable(columns: columns, width: width).format(users)
        case .ndjson: try FetchJSON.ndjson(users, sanitized: sanitized)
        case .csv, .json: csv(users)
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

    /// A copy with every text passed through the terminal sanitizer.
    static func sanitized(_ user: ReqresUser) -> ReqresUser {
        func clean(_ text: String?) -> String? { text.map { TextSanitizer.sanitize($0) } }
        return ReqresUser(
            id: user.id, email: clean(user.email), firstName: clean(user.firstName), lastName: clean(user.lastName),
            avatar: clean(user.avatar))
    }
}
