extension CompletionScript {
    static func fish(_ table: Table) -> String {
        let f = "_" + table.function
        func lookup(_ name: String, key: String, arms: [(pattern: String, value: String)]) -> String {
            var text = "function \(f)_\(name)\n    switch \(key)\n"
            for arm in arms { text += "        case \(arm.pattern)\n            echo \(quoted(arm.value))\n" }
            text += "    end\nend\n"
            return text
        }
        var kindArms: [(pattern: String, value: String)] = []
        for node in table.nodes {
            for (name, kind) in node.valueKinds {
                // fish's `case` matches globs: a name never holds one, a path never does.
                kindArms.append((quoted("\(node.path)|\(name)"), kind))
            }
        }
        let lookups =
            lookup("subcommands", key: "$argv[1]", arms: arms(table) { $0.subcommands.isEmpty ? nil : $0.subcommands.joined(separator: " ") })
            + lookup("default", key: "$argv[1]", arms: arms(table) { $0.defaultPath })
            + lookup("verbatim", key: "$argv[1]", arms: arms(table) { $0.verbatim ? "yes" : nil })
            + lookup("options", key: "$argv[1]", arms: arms(table) { $0.offered.joined(separator: " ") })
            + lookup("kind", key: "\"$argv[1]|$argv[2]\"", arms: kindArms)
            + lookup("positional", key: "$argv[1]", arms: arms(table) { $0.positional })
        return """
            # fish completion for \(table.program), written by `\(table.program) completions fish` from its flag
            # declarations. Load it with `\(table.program) completions fish | source`, or save it as
            # ~/.config/fish/completions/\(table.program).fish.

            \(lookups)
            function \(f)_into_default
                set -l path $argv[1]
                while true
                    set -l next (\(f)_default $path)
                    test -n "$next"; or break
                    set path $next
                end
                echo $path
            end

            # Prints the values of a kind (argv: kind, prefix, current token); fails for a kind that
            # takes no value.
            function \(f)_offer
                set -l kind $argv[1]
                set -l prefix $argv[2]
                set -l cur $argv[3]
                switch $kind
                    case 'choices:*'
                        for word in (string split ' ' -- (string replace 'choices:' '' -- $kind))
                            echo "$prefix$word"
                        end
                    case 'list:*'
                        set -l head (string replace -r '[^,]*$' '' -- $cur)
                        for word in (string split ' ' -- (string replace 'list:' '' -- $kind))
                            echo "$prefix$head$word"
                        end
                    case file
                        __fish_complete_path $cur
                    case directory
                        __fish_complete_directories $cur
                    case text
                    case '*'
                        return 1
                end
                return 0
            end

            function \(f)_complete
                set -l tokens (commandline -opc)
                set -l cur (commandline -ct)
                set -l path \(quoted(table.program))
                set -l count (count $tokens)
                set -l i 2
                # The words before the cursor: commands, then options and their values.
                while test $i -le $count
                    set -l word $tokens[$i]
                    if string match -q -- '-*' $word
                        # A group's own option (`--config`) stays with it; any other belongs
                        # to its default command.
                        set -l own (string split ' ' -- (\(f)_options $path))
                        if not contains -- (string split -m 1 '=' -- $word)[1] $own
                            set path (\(f)_into_default $path)
                        end
                        set -l kind (\(f)_kind $path $word)
                        if test -n "$kind" -a "$kind" != optional
                            set i (math $i + 1)
                        else if test "$kind" = optional -a $i -lt $count
                            if not string match -q -- '-*' $tokens[(math $i + 1)]
                                set i (math $i + 1)
                            end
                        end
                    else
                        set -l subcommands (string split ' ' -- (\(f)_subcommands $path))
                        if contains -- $word $subcommands
                            set path "$path $word"
                            if test -n "$(\(f)_verbatim $path)"
                                set path \(quoted(table.program))
                            end
                        end
                    end
                    set i (math $i + 1)
                end

                set -l option ''
                set -l prefix ''
                if string match -q -- '--*=*' $cur
                    set -l parts (string split -m 1 '=' -- $cur)
                    set option $parts[1]
                    set prefix "$option="
                    set cur $parts[2]
                else if test $count -ge 2
                    set option $tokens[-1]
                end
                if string match -q -- '-*' $option
                    set path (\(f)_into_default $path)
                    set -l kind (\(f)_kind $path $option)
                    \(f)_offer "$kind" "$prefix" "$cur"; and return 0
                end

                if string match -q -- '-*' $cur
                    set path (\(f)_into_default $path)
                    string split ' ' -- (\(f)_options $path)
                else
                    set -l subcommands (\(f)_subcommands $path)
                    if test -n "$subcommands"
                        string split ' ' -- $subcommands
                    else
                        set -l kind (\(f)_positional $path)
                        \(f)_offer "$kind" '' "$cur"
                    end
                end
            end

            complete -c \(table.program) -f -a '(\(f)_complete)'

            """
    }
}
