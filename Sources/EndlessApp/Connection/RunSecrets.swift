import EndlessCommandLine
import EndlessHTTP

/// This run's secrets, and the one redactor that hides them between every message and the
/// terminal: standard error (usage errors, failures, the `-v` log) and the HTTP clients, whose
/// errors the browser shows.
///
/// A run's secrets are what it was given:
/// - the value of every option declared secret (`--access-key`, `--demo-key`, `--api-key`:
///   ``OptionDeclaration/isSecret``); an option no command declares, which the parser refuses,
///   is judged by its name, by the same rule as query items (it contains `key`, `token`, `secret`…);
/// - the password and the secret query values of every URL on the command line
///   (`--api 'https://u:PW@host/?client_id=KEY'`), even one that does not parse;
/// - the value of every environment variable whose name ends in `_KEY`, `_TOKEN`,
///   `_SECRET`, `_PASSWORD` or `_PASSWD` (`UNSPLASH_ACCESS_KEY`, `COINGECKO_DEMO_API_KEY`,
///   `REQRES_API_KEY`, and any other credential the environment holds).
///
/// Literal secrets follow ``Redactor``'s length rule: under 4 characters they are hidden only
/// where they stand as secrets, 4 to 7 only as whole words, 8 or more wherever they occur.
enum RunSecrets {
    /// The endings that make an environment variable a credential.
    static let secretVariableSuffixes = ["_KEY", "_TOKEN", "_SECRET", "_PASSWORD", "_PASSWD"]

    /// The redactor for a command line as typed, before it is parsed (a usage error may
    /// quote any of it).
    /// - Parameters:
    ///   - arguments: the words after the program name.
    ///   - declaration: the program's declaration, which says which options are secret.
    ///   - environment: the process's environment.
    /// - Returns: the default redactor with this run's secrets.
    static func redactor(arguments: [String], declaration: CommandDeclaration, environment: [String: String]) -> Redactor {
        let base = Redactor.default
        // An option is secret if any command declares it so; a name no command declares
        // (a typo the parser will refuse) is judged by its name.
        var declared: [String: Bool] = [:]
        var secretShortNames: Set<Character> = []
        for option in declaration.optionsInTree {
            declared[option.name, default: false] = declared[option.name, default: false] || option.isSecret
            if option.isSecret, let short = option.shortName { secretShortNames.insert(short) }
        }
        func isSecret(_ name: String) -> Bool { declared[name] ?? base.isSecretQueryItem(name) }

        var secrets: [String] = []
        var nextIsSecret = false
        for argument in arguments {
            if nextIsSecret {
                secrets.append(argument)
                nextIsSecret = false
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let parts = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                if let name = parts.first, !name.isEmpty, isSecret(String(name)) {
                    if parts.count == 2 { secrets.append(String(parts[1])) } else { nextIsSecret = true }
                }
            } else if argument.count == 2, argument.hasPrefix("-"), let letter = argument.last, secretShortNames.contains(letter) {
                nextIsSecret = true
            }
            secrets += base.secrets(inURL: argument)
        }
        return base.adding(secrets: secrets + environmentSecrets(environment))
    }

    /// The redactor for a parsed command line: the same secrets as
    /// ``redactor(arguments:environment:)`` finds in the words it came from.
    /// - Parameters:
    ///   - parsed: the parsed command line.
    ///   - environment: the process's environment.
    /// - Returns: the default redactor with this run's secrets.
    static func redactor(parsed: ParsedArguments, environment: [String: String]) -> Redactor {
        Redactor.default.adding(secrets: secrets(parsed: parsed, environment: environment))
    }

    /// This run's literal secrets, from a parsed command line and the environment.
    static func secrets(parsed: ParsedArguments, environment: [String: String]) -> [String] {
        let base = Redactor.default
        var secrets: [String] = []
        for option in parsed.given {
            if option.declaration.isSecret { secrets += option.texts }
            for text in option.texts { secrets += base.secrets(inURL: text) }
        }
        for positional in parsed.positionals { secrets += base.secrets(inURL: positional) }
        return secrets + environmentSecrets(environment)
    }

    private static func environmentSecrets(_ environment: [String: String]) -> [String] {
        environment.sorted { $0.key < $1.key }.compactMap { name, value in
            let upper = name.uppercased()
            return secretVariableSuffixes.contains { upper.hasSuffix($0) } && !value.isEmpty ? value : nil
        }
    }
}

extension CommandOutput {
    /// The same output with everything written to standard error passed through `redactor`
    /// first. Standard output, the data asked for, is left exact.
    /// - Parameter redactor: what to hide.
    /// - Returns: the redacting output.
    func redacting(with redactor: Redactor) -> CommandOutput {
        let standardError = self.standardError
        return CommandOutput(
            terminalColumns: terminalColumns, standardOutput: standardOutput,
            standardError: { text in standardError(redactor.redact(text: text)) })
    }
}
