/// One entry of the timezone list, written as `{"offset": …, "description": …}`.
struct Timezone: Sendable, Decodable, Equatable {
    var offset: String
    var description: String
}
