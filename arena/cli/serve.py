"""`arena serve`: the same app in a browser, through textual-serve; loopback unless asked."""

from __future__ import annotations

import argparse
import errno
import ipaddress
import shlex
import socket
import sys
from importlib import import_module, resources
from pathlib import Path
from typing import Any, Final

from arena.cli.args import whole_arg
from arena.cli.errors import InputError
from arena.content.errors import shorten

SERVED: Final = ("play", "demo", "replay")
"""The subcommands a browser can be shown."""
EPILOG = """examples:
  arena serve                         the title menu at http://127.0.0.1:8000
  arena serve demo --big              the self-playing demo, projector mode
  arena serve --port 8080 play werewolf-vilna
  arena serve --host 0.0.0.0 demo     other machines may connect: a warning says so
  arena serve --host ::1              IPv6 (brackets, as in [::1], may be left out)

Large type in the browser: add ?fontsize=28 to the address. Nothing is fetched from outside:
the page uses the browser's own monospace font.
"""


def add_parser(sub: Any) -> Any:
    """Add the serve subcommand and return its handler."""
    p = sub.add_parser(
        "serve",
        help="serve the app to a browser (loopback by default)",
        description="Serve arena's screens to a web browser with textual-serve.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    p.add_argument("--port", type=whole_arg(1, 65535), default=8000, help="(8000)")
    p.add_argument(
        "app", nargs=argparse.REMAINDER, metavar="play|demo ...", help="what to serve (play)"
    )
    return handle


def is_loopback(host: str) -> bool:
    """True if only this machine can reach `host`."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def unbracketed(host: str) -> str:
    """An IPv6 address as URLs write it, ``[::1]``, taken as the address itself, ``::1``.

    Raises:
        InputError: brackets around anything but an IPv6 address, saying to drop them.
    """
    if not (host.startswith("[") and host.endswith("]")):
        return host
    inner = host[1:-1]
    try:
        ipaddress.IPv6Address(inner)
    except ValueError:
        raise InputError(
            f"--host: {shorten(host)!r}: brackets go around an IPv6 address only, and may be "
            "left out; give the address or host name without them"
        ) from None
    return inner


def check_host(host: str) -> None:
    """Refuse an IPv4 address written as IPv6 (``::ffff:0.0.0.0``): the server cannot bind it.

    Raises:
        InputError: naming the IPv4 address to give instead.
    """
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return  # a host name, or not an address at all: resolving it says which
    mapped = getattr(address, "ipv4_mapped", None)
    if mapped is not None:
        raise InputError(
            f"--host: {host} is the IPv4 address {mapped} written as IPv6, which this server "
            f"cannot listen on; give --host {mapped}"
        )


def url(host: str, port: int) -> str:
    """The address a browser opens: an IPv6 address in brackets, as URLs write it."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}"


def app_command(app: list[str]) -> str:
    """The command each browser session runs: this Python, ``-m arena`` and the subcommand.

    Raises:
        InputError: not a subcommand that can be served.
    """
    words = app or ["play"]
    if words[0] not in SERVED:
        raise InputError(f"serve: can serve {', '.join(SERVED)}, not {words[0]!r}")
    return shlex.join([sys.executable, "-m", "arena", *words])


def check_app(app: list[str]) -> None:
    """Refuse what is served now, once, rather than in every browser tab that opens it.

    The served subcommand's arguments are parsed here, and a subcommand with a ``check``
    (the demo: its scenario files) checks them.

    Raises:
        InputError: a bad argument or file, as the subcommand itself would say.
    """
    from arena.cli import build_parser

    words = app or ["play"]
    args = build_parser(words[0]).parse_args(words)
    check = getattr(import_module(f"arena.cli.{words[0]}"), "check", None)
    if check is not None:
        check(args)


def handle(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    command = app_command(list(args.app))
    check_app(list(args.app))
    try:
        from textual_serve.server import Server
    except ImportError:  # pragma: no cover - a dependency; a broken install says so
        raise InputError("serve: textual-serve is not installed") from None
    host = unbracketed(args.host)
    check_host(host)
    try:
        if not host.strip():
            raise OSError
        found = socket.getaddrinfo(host, args.port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise InputError(
            f"--host: {shorten(host)!r} is not an address or a host name this machine can resolve"
        ) from None
    check_free(host, args.port, found[0])
    if not is_loopback(host):
        print(
            f"arena: warning: serving on {host}: anyone who can reach this address and "
            "port can use arena as you (and read or write your saves)",
            file=sys.stderr,
        )
    import textual_serve

    statics = Path(textual_serve.__file__).parent / "static"
    templates = Path(str(resources.files("arena.cli") / "web"))
    server = Server(
        command,
        host=host,
        port=args.port,
        public_url=url(host, args.port),
        title="arena",
        statics_path=statics,
        templates_path=templates,
    )
    try:
        server.serve()
    except OSError as err:
        if err.errno == errno.EADDRINUSE:  # taken between the check and the server's own bind
            raise InputError(f"--port: port {args.port} is in use") from None
        reason = err.strerror or str(err)
        raise InputError(f"--host: cannot listen on {host} port {args.port}: {reason}") from None
    return 0


def check_free(host: str, port: int, address: tuple[Any, ...]) -> None:
    """Refuse a port something already listens on, before the server prints its banner.

    Args:
        host: The address as given, for the message.
        port: The port as given.
        address: One of ``getaddrinfo``'s answers for them.

    Raises:
        InputError: the port is in use, or this machine cannot listen there.
    """
    family, kind, proto, _, where = address
    with socket.socket(family, kind, proto) as probe:
        # As the server binds: a port left in TIME_WAIT is free, one with a listener is not.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(where)
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                raise InputError(f"--port: port {port} is in use") from None
            reason = err.strerror or str(err)
            raise InputError(f"--host: cannot listen on {host} port {port}: {reason}") from None
