/// A request the live generator cannot answer (it throws or hangs there).
public enum GeneratorError: Error, Sendable, Equatable {
    /// The query leads the official generator into an exception; the message says why
    /// (`nat=,`, an 18-character seed with a bad suffix, a DE id without its name, LEGO
    /// without LEGO lists).
    case unsupportedRequest(String)
    /// A parameter the simulator refuses outright, though the live service might not:
    /// a JSONP `callback` that is not a JavaScript identifier path (it would be reflected
    /// into the body as code). `reason` says what is allowed.
    case invalidParameter(name: String, reason: String)
}
