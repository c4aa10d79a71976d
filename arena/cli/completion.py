"""`arena completion bash|zsh`: a shell completion script, drawn from the parser itself."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from arena.content.loader import default_content_root

SHELLS: Final = ("bash", "zsh")
_PLAIN: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")
EPILOG: Final = """install:
  bash:  arena completion bash > ~/.local/share/bash-completion/completions/arena
  zsh:   arena completion zsh > "${fpath[1]}/_arena"   (a folder on your $fpath)
  or, for this shell only:  source <(arena completion bash)
"""


@dataclass(frozen=True, slots=True)
class Command:
    """What completion needs to know of one subcommand (or one form of odds and roll)."""

    name: str
    help: str
    options: tuple[tuple[str, str, tuple[str, ...], str], ...]
    """Each option: its flag, its help, its choices, and what its value is (empty: a switch)."""
    forms: tuple[Command, ...] = ()
    """The forms of `arena odds` and `arena roll`."""
    files: bool = False
    """It takes a file (a scenario, a save or a folder) as a positional argument."""
    words: tuple[str, ...] = ()
    """The choices of a positional argument, such as the shells of `arena completion`."""


def add_parser(sub: Any) -> Callable[[argparse.Namespace], int]:
    """Add the completion subcommand and return its handler."""
    parser = sub.add_parser(
        "completion",
        help="print a shell completion script (bash or zsh)",
        description="Print a completion script for bash or zsh on standard output.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("shell", choices=SHELLS, help="the shell")
    return handle


def handle(args: argparse.Namespace) -> int:
    """Print the script for the shell asked for."""
    from arena.cli import build_parser

    commands = describe(build_parser())
    names = scenario_names()
    print(bash_script(commands, names) if args.shell == "bash" else zsh_script(commands, names))
    return 0


def scenario_names() -> tuple[str, ...]:
    """The shipped scenarios' names, from their file names (nothing is loaded)."""
    folder = default_content_root() / "scenarios"
    try:
        names = sorted(p.stem for p in folder.glob("*.yaml"))
    except OSError:
        return ()
    # Names go into shell code: only the plain ones, never quotes, spaces or $.
    return tuple(name for name in names if _PLAIN.fullmatch(name))


def describe(parser: argparse.ArgumentParser) -> tuple[Command, ...]:
    """Every subcommand of the parser, its options and forms."""
    return tuple(_command(name, help, p) for name, help, p in _subparsers(parser))


def _subparsers(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    found: list[tuple[str, str, argparse.ArgumentParser]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            found += [(n, helps.get(n, ""), p) for n, p in action.choices.items()]
    return found


def _command(name: str, help: str, parser: argparse.ArgumentParser) -> Command:
    options = []
    files = False
    words: tuple[str, ...] = ()
    for action in parser._actions:
        choices = tuple(str(c) for c in action.choices or ())
        if action.option_strings:
            value = _value_kind(action)
            options += [(f, action.help or "", choices, value) for f in action.option_strings]
        elif isinstance(action, argparse._SubParsersAction):
            continue
        elif choices:
            words += choices
        else:
            files = files or action.type is None or action.dest in ("path", "scenario")
    forms = tuple(_command(n, h, p) for n, h, p in _subparsers(parser))
    return Command(name, help, tuple(options), forms, files, words)


def _value_kind(action: argparse.Action) -> str:
    if action.nargs == 0:
        return ""
    wanted = f"{action.dest} {action.metavar or ''}".lower()
    return "file" if any(w in wanted for w in ("file", "save", "out", "dir")) else "value"


def _words(values: tuple[str, ...] | list[str]) -> str:
    return " ".join(values)


def bash_script(commands: tuple[Command, ...], scenarios: tuple[str, ...]) -> str:
    """A bash completion function for arena, and the line that installs it."""
    cases = []
    for command in commands:
        forms = _words([f.name for f in command.forms])
        words = _words(command.words)
        cases.append(
            f"        {command.name}) forms={forms!r}; words={words!r}; opts={_opts(command)!r};;"
        )
        for form in command.forms:
            cases.append(f"        {command.name}/{form.name}) opts={_opts(form)!r};;")
    choices = []
    for command in (*commands, *(f for c in commands for f in c.forms)):
        for flag, _, values, _ in command.options:
            if values:
                reply = f'COMPREPLY=($(compgen -W {_words(values)!r} -- "$cur"))'
                choices.append(f"        {flag}) {reply}; return;;")
    return _BASH.format(
        commands=_words([c.name for c in commands]),
        scenarios=_words(scenarios),
        cases="\n".join(cases),
        choices="\n".join(sorted(set(choices))),
    )


def _opts(command: Command) -> str:
    return _words([flag for flag, *_ in command.options])


_BASH: Final = """# bash completion for arena (arena completion bash)
_arena() {{
    local cur prev cmd key forms="" words="" opts=""
    cur="${{COMP_WORDS[COMP_CWORD]}}"
    prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    if [[ $COMP_CWORD -eq 1 ]]; then
        COMPREPLY=($(compgen -W "{commands} --help --version" -- "$cur"))
        return
    fi
    cmd="${{COMP_WORDS[1]}}"
    key="$cmd"
    case "$prev" in
{choices}
    esac
    case "$cmd" in
{cases}
    esac
    if [[ -n "$forms" && $COMP_CWORD -eq 2 ]]; then
        COMPREPLY=($(compgen -W "$forms" -- "$cur"))
        return
    fi
    if [[ -n "$forms" ]]; then
        key="$cmd/${{COMP_WORDS[2]}}"
        case "$key" in
{cases}
        esac
    fi
    if [[ "$cur" == -* ]]; then
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi
    if [[ -n "$words" ]]; then
        COMPREPLY=($(compgen -W "$words" -- "$cur"))
        return
    fi
    case "$cmd" in
        run|sim|sweep|play|validate)
            COMPREPLY=($(compgen -W "{scenarios}" -- "$cur") $(compgen -f -- "$cur"));;
    esac
}}
complete -o filenames -F _arena arena
"""


def zsh_script(commands: tuple[Command, ...], scenarios: tuple[str, ...]) -> str:
    """A zsh completion function for arena (``#compdef arena``)."""
    described = "\n".join(f"    {_zsh_quote(f'{c.name}:{c.help}')}" for c in commands)
    cases = []
    for command in commands:
        if command.forms:
            forms = " ".join(_zsh_quote(f"{f.name}:{f.help}") for f in command.forms)
            inner = "\n".join(
                f"            {f.name}) _arguments {_zsh_args(f, scenarios)};;"
                for f in command.forms
            )
            cases.append(
                f"    {command.name})\n"
                f"        if (( CURRENT == 3 )); then\n"
                f"            local -a forms; forms=({forms}); _describe form forms; return\n"
                f"        fi\n"
                f"        case $words[3] in\n{inner}\n        esac;;"
            )
        else:
            cases.append(f"    {command.name}) _arguments {_zsh_args(command, scenarios)};;")
    return _ZSH.format(commands=described, cases="\n".join(cases))


def _zsh_args(command: Command, scenarios: tuple[str, ...]) -> str:
    specs = []
    for flag, help, values, kind in command.options:
        text = help.replace("[", "(").replace("]", ")").replace(":", "\\:")
        if values:
            value = f":value:({' '.join(values)})"
        else:
            value = {"": "", "file": ":file:_files", "value": ":value: "}[kind]
        specs.append(_zsh_quote(f"{flag}[{text}]{value}"))
    if command.words:
        specs.append(_zsh_quote(f":{command.name}:({' '.join(command.words)})"))
    if command.files:
        names = " ".join(scenarios)
        specs.append(_zsh_quote(f"*:scenario, save or file:{{_files; compadd -- {names}}}"))
    return " ".join(specs)


def _zsh_quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


_ZSH: Final = """#compdef arena
# zsh completion for arena (arena completion zsh)
_arena() {{
  local -a commands
  commands=(
{commands}
  )
  if (( CURRENT == 2 )); then
    _describe command commands
    return
  fi
  case $words[2] in
{cases}
  esac
}}
if [[ "$funcstack[1]" == _arena ]]; then _arena "$@"; else compdef _arena arena; fi
"""
