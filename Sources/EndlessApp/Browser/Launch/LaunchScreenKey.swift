import EndlessDigest
import Foundation

/// What names a launch screen on disk: a digest (SHA-256) of the command line with every
/// secret taken out (``SecretFree``), so that neither a screen's file name nor its content
/// holds a key, a password or the command line itself.
///
/// The command line comes as ``BrowseCommand/launchScreenKey(_:environment:)`` makes it:
/// parts separated by NUL, options as `--name=value` (values of a repeated option joined by
/// commas), variables as `NAME=value`, positionals as they are. Taken out: the value of every
/// option or variable named as a secret (`--access-key`, `--api-key`, `--demo-key`,
/// `UNSPLASH_ACCESS_KEY`…), so a command with one key and the same with another open on the
/// same screen; and in every URL (`--api http://u:pw@host/?client_id=…`) the user-info and
/// the secret query items' values.
enum LaunchScreenKey {
    /// The digest that names the screen of `commandLine`: 64 lowercase hex digits.
    /// - Parameter commandLine: the command line, as described above.
    /// - Returns: the digest of ``redacted(_:)``.
    static func digest(of commandLine: String) -> String {
        Digest.sha256.hex(redacted(commandLine))
    }

    /// The command line with its secrets taken out.
    /// - Parameter commandLine: the command line, as described above.
    /// - Returns: the same parts, secret values replaced and URLs cleaned.
    static func redacted(_ commandLine: String) -> String {
        commandLine.split(separator: "\u{0}", omittingEmptySubsequences: false).map { part -> String in
            let part = String(part)
            guard let equals = part.firstIndex(of: "="), equals != part.startIndex else { return SecretFree.value(part) }
            let name = String(part[..<equals])
            if SecretFree.isSecretName(name) { return name + "=" + SecretFree.standIn }
            // A repeated option's values are joined by commas: each is cleaned.
            let values = part[part.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
            return name + "=" + values.map { SecretFree.value(String($0)) }.joined(separator: ",")
        }.joined(separator: "\u{0}")
    }
}
