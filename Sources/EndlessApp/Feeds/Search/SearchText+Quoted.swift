import EndlessHTTP
import EndlessTerminal

extension SearchText {
    /// The words as the screen quotes them (`“sea”`): cut to ``quotedWidth`` columns, so a
    /// long search (a paste) leaves room for what a header, a footer or an empty list says
    /// besides. Only what is shown: the search itself, and where its pages are kept, use the
    /// words whole.
    var quoted: String { "“\(TextLayout.truncate(text, toWidth: Self.quotedWidth))”" }

    /// The most columns of the words ``quoted`` shows.
    static let quotedWidth = 24
}
