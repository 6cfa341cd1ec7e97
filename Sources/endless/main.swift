// The `endless` command. Everything but process startup lives in EndlessApp.
import EndlessApp
import Foundation

exit(await EndlessCommand.run(Array(CommandLine.arguments.dropFirst())))
