extension CompletionScript {
    static func zsh(_ table: Table) -> String {
        let f = table.function
        let reply = "_\(f)_reply"
        return """
            #compdef \(table.program)
            # zsh completion for \(table.program), written by `\(table.program) completions zsh` from its flag
            # declarations. Load it with `source <(\(table.program) completions zsh)` after compinit, or save
            # it as _\(table.program) in a folder of $fpath.

            \(posixLookups(table))
            \(f)_into_default() {
                while \(f)_default "$path"; [[ -n $\(reply) ]]; do path=$\(reply); done
            }

            # Adds the values of a kind for $cur, each after $prefix; fails for a kind that takes no value.
            \(f)_offer() {
                local head='' candidate
                local -a candidates matches
                case "$1" in
                    choices:*) candidates=(${=${1#choices:}}) ;;
                    list:*)
                        [[ $cur == *,* ]] && head="${cur%,*},"
                        candidates=(${=${1#list:}})
                        cur=${cur##*,} ;;
                    file) _files; return 0 ;;
                    directory) _directories; return 0 ;;
                    text) return 0 ;;
                    *) return 1 ;;
                esac
                for candidate in $candidates; do
                    [[ $candidate == "$cur"* ]] && matches+=("$prefix$head$candidate")
                done
                (( ${#matches} )) && compadd -- $matches
                return 0
            }

            \(f)_words() {
                local candidate
                local -a matches
                for candidate in ${=1}; do
                    [[ $candidate == "$cur"* ]] && matches+=("$candidate")
                done
                (( ${#matches} )) && compadd -- $matches
                return 0
            }

            \(f)() {
                local cur=${words[CURRENT]} path=\(quoted(table.program)) word option='' prefix='' i=2
                local \(reply)
                # The words before the cursor: commands, then options and their values.
                while (( i < CURRENT )); do
                    word=${words[i]}
                    if [[ $word == -* ]]; then
                        # A group's own option (`--config`) stays with it; any other belongs to
                        # its default command.
                        \(f)_options "$path"
                        [[ " $\(reply) " == *" ${word%%=*} "* ]] || \(f)_into_default
                        \(f)_kind "$path" "$word"
                        if [[ -n $\(reply) && $\(reply) != optional ]]; then
                            (( i += 1 ))
                        elif [[ $\(reply) == optional && ${words[i+1]} != -* ]] && (( i + 1 < CURRENT )); then
                            (( i += 1 ))
                        fi
                    else
                        \(f)_subcommands "$path"
                        if [[ " $\(reply) " == *" $word "* ]]; then
                            path="$path $word"
                            \(f)_verbatim "$path"
                            [[ -n $\(reply) ]] && path=\(quoted(table.program))
                        fi
                    fi
                    (( i += 1 ))
                done

                if [[ $cur == --*=* ]]; then
                    option=${cur%%=*}
                    prefix="$option="
                    cur=${cur#*=}
                elif (( CURRENT > 2 )); then
                    option=${words[CURRENT-1]}
                fi
                if [[ $option == -* ]]; then
                    \(f)_into_default
                    \(f)_kind "$path" "$option"
                    \(f)_offer "$\(reply)" && return 0
                fi

                if [[ $cur == -* ]]; then
                    \(f)_into_default
                    \(f)_options "$path"
                    \(f)_words "$\(reply)"
                else
                    \(f)_subcommands "$path"
                    if [[ -n $\(reply) ]]; then
                        \(f)_words "$\(reply)"
                    else
                        \(f)_positional "$path"
                        \(f)_offer "$\(reply)"
                    fi
                fi
                return 0
            }

            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                \(f) "$@"
            elif (( $+functions[compdef] )); then
                compdef \(f) \(table.program)
            fi

            """
    }
}
