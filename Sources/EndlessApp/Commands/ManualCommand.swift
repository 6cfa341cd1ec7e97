import EndlessCommandLine
import EndlessFeedModel

/// `endless manual`: the manual page, in roff, written from the same declarations as help
/// (``ManualPage``), with the browser's keys from the table the help overlay reads
/// (``KeyBindings``). `make man` writes it to `.build/endless.1`; `man -l` shows it.
enum ManualCommand {
    static let declaration = CommandDeclaration(
        name: "manual", abstract: "Print the manual page, in roff for man.",
        discussion: "Every command, flag, default, key, environment variable and file, from the declarations help "
            + "reads.",
        examples: [
            .init(command: "endless manual | man -l -", explanation: "Read the manual."),
            .init(
                command: "endless manual > ~/.local/share/man/man1/endless.1",
                explanation: "Install it where `man endless` finds it."),
        ])

    /// The subcommand; `root` gives the program's declarations when it runs.
    static func subcommand(root: @escaping @Sendable () -> CommandDeclaration) -> Subcommand {
        Subcommand(declaration: declaration) { _, output in
            output.standardOutput(page(root: root()).roff)
            return ExitCode.success.rawValue
        }
    }

    /// The page of `root`.
    static func page(root: CommandDeclaration) -> ManualPage {
        ManualPage(root: root, date: EndlessVersion.date, sections: [keys, environment, files, exitStatus])
    }

    /// The browser's keys, as its help overlay lists them (one table for both).
    static var keys: ManualPage.Section {
        let bindings = KeyBindings.all(nouns: Nouns("item", "items"), tabs: FeedCatalog.all.map(\.id))
        return ManualPage.Section(
            title: "KEYS", paragraphs: ["In the browser (? shows the same list):"],
            entries: KeyBindings.helpHints(bindings).map { ($0.key, $0.label) })
    }

    /// The variables `endless` reads.
    static var environment: ManualPage.Section {
        ManualPage.Section(
            title: "ENVIRONMENT",
            entries: [
                ("ENDLESS_GRAPHICS", "How pictures are drawn when --graphics is not given: auto, symbols, sixel, kitty or none."),
                ("NO_COLOR", "When set and not empty, the browser draws without colour (https://no-color.org)."),
                ("TERM, COLORTERM", "What the terminal can draw: colours, and which picture protocols to try."),
                ("\(PhotosFeed.accessKeyVariable)", "The Unsplash access key when --access-key is not given. Never printed."),
                ("\(CoinsFeed.demoKeyVariable)", "The CoinGecko demo key when --demo-key is not given. Never printed."),
                ("\(UsersFeed.apiKeyVariable)", "The reqres.in key when --api-key is not given. Never printed."),
                ("XDG_CONFIG_HOME", "Where the config file is: $XDG_CONFIG_HOME/endless/config (else ~/.config/endless/config)."),
                ("XDG_CACHE_HOME", "Where the page cache, pictures and launch screens are kept: $XDG_CACHE_HOME/endless (else ~/.cache/endless)."),
                ("XDG_STATE_HOME", "Where a crash report is written: $XDG_STATE_HOME/endless (else ~/.local/state/endless)."),
            ])
    }

    static var files: ManualPage.Section {
        ManualPage.Section(
            title: "FILES",
            entries: [
                (
                    "~/.config/endless/config",
                    "Default flags, one a line as on the command line (--graphics=none), with # comments and blank lines. "
                        + "They apply to the commands that take them, before the command line, which wins; a flag no command "
                        + "takes is an error naming the line. --config FILE reads another file, --no-config none. "
                        + "`endless config` shows every value and where it came from."
                ),
                (
                    "~/.cache/endless/",
                    "The page cache (one SQLite file), pictures under images/, and each command's launch screen. "
                        + "`endless cache` shows it; `endless cache clear FEED` empties one feed's part."
                ),
            ])
    }

    static var exitStatus: ManualPage.Section {
        ManualPage.Section(
            title: "EXIT STATUS",
            entries: [
                ("0", "Success, and for --help and --version."),
                ("1", "The command ran and failed: a network or API error, or nothing cached offline."),
                ("2", "The command line or the config file is wrong; nothing was attempted."),
            ])
    }
}
