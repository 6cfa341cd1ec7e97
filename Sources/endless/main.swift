// The `endless` command. Everything but process startup lives in EndlessApp.
import EndlessApp
