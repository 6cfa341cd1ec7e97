/// A model read from one JSON value that keeps the value beside its typed fields.
///
/// The typed fields are for the screen and the table; ``rawJSON`` is what the service sent,
/// for a tool's output (`endless fetch --format json`) and the page cache, which stores it
/// and reads the model back with ``init(rawJSON:)``. A model made in code, not read from a
/// service, stands for its own encoding.
public protocol RawJSONRepresentable: Sendable {
    /// The value the model was read from, exactly as sent (keys in their order, fields the
    /// model does not know, numbers with their digits); for a model made in code, the model
    /// written as JSON.
    var rawJSON: RawJSON { get }

    /// Reads a model from one value, as a service sends it or a cache kept it, and keeps the
    /// value as ``rawJSON``.
    /// - Parameter rawJSON: the value.
    /// - Throws: the model's error when the value is not one.
    init(rawJSON: RawJSON) throws
}
