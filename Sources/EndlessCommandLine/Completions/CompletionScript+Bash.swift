extension CompletionScript {
    /// The lookups every script shares, as POSIX `case` functions that set `__<program>_reply`
    /// (bash and zsh read them alike).
    static func posixLookups(_ table: Table) -> String {
        let function = table.function
        let reply = "_\(function)_reply"
        func lookup(_ name: String, key: String, arms: [(pattern: String, value: String)]) -> String {
            var text = "\(function)_\(name)() {\n    case \(key) in\n"
            for arm in arms { text += "        \(arm.pattern)) \(reply)=\(quoted(arm.value)) ;;\n" }
            text += "        *) \(reply)='' ;;\n    esac\n}\n"
            return text
        }
        var kindArms: [(pattern: String, value: String)] = []
        for node in table.nodes {
            for (name, kind) in node.valueKinds { kindArms.append((quoted("\(node.path)|\(name)"), kind)) }
        }
        return lookup("subcommands", key: "\"$1\"", arms: arms(table) { $0.subcommands.isEmpty ? nil : $0.subcommands.joined(separator: " ") })
            + lookup("default", key: "\"$1\"", arms: arms(table) { $0.defaultPath })
            + lookup("verbatim", key: "\"$1\"", arms: arms(table) { $0.verbatim ? "yes" : nil })
            + lookup("options", key: "\"$1\"", arms: arms(table) { $0.offered.joined(separator: " ") })
            + lookup("kind", key: "\"$1|$2\"", arms: kindArms)
            + lookup("positional", key: "\"$1\"", arms: arms(table) { $0.positional })
    }

    static func bash(_ table: Table) -> String {
        let f = table.function
        let reply = "_\(f)_reply"
        return """
            # bash completion for \(table.program), written by `\(table.program) completions bash` from its flag
            # declarations. Load it with `source <(\(table.program) completions bash)`, or save it as
            # ~/.local/share/bash-completion/completions/\(table.program).

            \(posixLookups(table))
            # Follows the path into the default subcommand while there is one: an option typed
            # before any command belongs to it.
            \(f)_into_default() {
                while \(f)_default "$path"; [[ -n $\(reply) ]]; do path=$\(reply); done
            }

            # Offers the values of a kind (`choices:a b`, `list:a b`, file, directory, text) for $cur,
            # each after $prefix; fails for a kind that takes no value.
            \(f)_offer() {
                local head=''
                case "$1" in
                    choices:*) COMPREPLY=($(compgen -P "$prefix" -W "${1#choices:}" -- "$cur")) ;;
                    list:*)
                        [[ $cur == *,* ]] && head="${cur%,*},"
                        COMPREPLY=($(compgen -P "$prefix$head" -W "${1#list:}" -- "${cur##*,}")) ;;
                    file) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -f -- "$cur")) ;;
                    directory) compopt -o filenames 2>/dev/null; COMPREPLY=($(compgen -d -- "$cur")) ;;
                    text) COMPREPLY=() ;;
                    *) return 1 ;;
                esac
                return 0
            }

            \(f)() {
                local cur=${COMP_WORDS[COMP_CWORD]} path=\(quoted(table.program)) word option='' prefix='' i=1
                local \(reply)
                COMPREPLY=()
                # The words before the cursor: commands, then options and their values. bash splits
                # `--name=value` into `--name`, `=`, `value` (COMP_WORDBREAKS holds `=`).
                while (( i < COMP_CWORD )); do
                    word=${COMP_WORDS[i]}
                    if [[ $word == -* ]]; then
                        # A group's own option (`--config`) stays with it; any other belongs to
                        # its default command.
                        \(f)_options "$path"
                        [[ " $\(reply) " == *" $word "* ]] || \(f)_into_default
                        \(f)_kind "$path" "$word"
                        if [[ ${COMP_WORDS[i+1]} == = ]]; then
                            (( i += 2 ))
                        elif [[ -n $\(reply) && $\(reply) != optional ]]; then
                            (( i += 1 ))
                        elif [[ $\(reply) == optional && ${COMP_WORDS[i+1]} != -* ]] && (( i + 1 < COMP_CWORD )); then
                            (( i += 1 ))
                        fi
                    else
                        \(f)_subcommands "$path"
                        if [[ " $\(reply) " == *" $word "* ]]; then
                            path="$path $word"
                            # A command that reads another command line completes as the program does.
                            \(f)_verbatim "$path"
                            [[ -n $\(reply) ]] && path=\(quoted(table.program))
                        fi
                    fi
                    (( i += 1 ))
                done

                if [[ $cur == = ]]; then
                    option=${COMP_WORDS[COMP_CWORD-1]}
                    cur=''
                elif (( COMP_CWORD >= 2 )) && [[ ${COMP_WORDS[COMP_CWORD-1]} == = ]]; then
                    option=${COMP_WORDS[COMP_CWORD-2]}
                elif [[ $cur == --*=* ]]; then
                    option=${cur%%=*}
                    prefix="$option="
                    cur=${cur#*=}
                elif (( COMP_CWORD >= 2 )); then
                    option=${COMP_WORDS[COMP_CWORD-1]}
                fi
                if [[ $option == -* ]]; then
                    \(f)_into_default
                    \(f)_kind "$path" "$option"
                    \(f)_offer "$\(reply)" && return 0
                fi

                if [[ $cur == -* ]]; then
                    \(f)_into_default
                    \(f)_options "$path"
                    COMPREPLY=($(compgen -W "$\(reply)" -- "$cur"))
                else
                    \(f)_subcommands "$path"
                    if [[ -n $\(reply) ]]; then
                        COMPREPLY=($(compgen -W "$\(reply)" -- "$cur"))
                    else
                        \(f)_positional "$path"
                        \(f)_offer "$\(reply)"
                    fi
                fi
                return 0
            }

            complete -F \(f) \(table.program)

            """
    }
}
