/// A user's gender: step 2 of the draw order, `r(0,1)` with 0 = male (GENERATOR.md §5.1).
enum Gender: Sendable, Hashable {
    case male
    case female

    /// The `gender` field value.
    var text: String {
        self == .male ? "male" : "female"
    }
}
