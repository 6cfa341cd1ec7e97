/// The text of a cluster too long to pack in a ``GraphemeKey``, kept beside the cell's key
/// (see ``Cell``) and shared by the cell's copies; it never changes.
final class LongGrapheme: Sendable {
    let text: String

    init(_ text: String) {
        self.text = text
    }
}
