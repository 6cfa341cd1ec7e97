// The `endless` command. Everything but process startup lives in EndlessApp.
import EndlessApp
import EndlessDigest
import Foundation

// Before anything starts libcurl: libcrypto must not tear itself down in exit() while other
// threads still use it (see Digest.initializeLibrary).
Digest.initializeLibrary()
exit(await EndlessCommand.run(Array(CommandLine.arguments.dropFirst())))
