/// How an image is fitted to a target size.
public enum ContentMode: Hashable, Sendable {
    /// Scales to cover the target and crops the overflow, centred: the result is exactly the
    /// target size. Right for avatars.
    case fill
    /// Scales to fit inside the target, keeping the whole image: one side equals the target,
    /// the other is at most the target.
    case fit
}
