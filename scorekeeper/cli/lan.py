"""Where the phones find the server: what ``scorekeeper serve`` says as it starts.

Served on every interface (``--host 0.0.0.0`` or ``::``), it prints the address of each of this
machine's network interfaces that a phone on the same network could open, and the QR code of
the first (the interface of the default route, the likeliest to be the club's Wi-Fi). Served on
loopback, it says in one line how to open it to the room.

The addresses are read from the machine itself, with the standard library only, and no packet
leaves it: the interfaces' addresses (Linux's SIOCGIFADDR), the address the host name resolves
to, and the routing trick of a UDP socket "connected" to a private address, which picks the
outgoing interface without sending anything (UDP's connect only sets the default peer).
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
import struct
import sys
from collections.abc import Callable, Iterable
from typing import TextIO

from scorekeeper.config import is_loopback

ALL_INTERFACES = ("0.0.0.0", "::", "", "*")  # noqa: S104 -- recognised, not bound
# A private address (RFC 1918) to ask the routing table about: never sent anything.
PROBE = "10.255.255.255"
SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that another device on its networks could reach: the
    default route's first, then every other interface's, no loopback, each once."""
    found = [*_routed(), *_interfaces(), *_by_host_name()]
    return list(dict.fromkeys(a for a in found if reachable(a)))


def reachable(address: str) -> bool:
    """Whether another device could open ``address`` (not loopback, unspecified or multicast)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_multicast or ip.is_reserved)


def _routed() -> list[str]:
    """The address of the interface a packet to the LAN would leave by (nothing is sent)."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect((PROBE, 9))
        return [s.getsockname()[0]]
    return []


def _interfaces() -> list[str]:
    """Every interface's IPv4 address (Linux; elsewhere none, and the other two ways say)."""
    try:
        import fcntl
    except ImportError:
        return []
    found = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            with contextlib.suppress(OSError):  # an interface without an IPv4 address
                answer = fcntl.ioctl(s.fileno(), SIOCGIFADDR, request)
                found.append(socket.inet_ntoa(answer[20:24]))
    return found


def _by_host_name() -> list[str]:
    with contextlib.suppress(OSError, UnicodeError):
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        return [str(info[4][0]) for info in infos]
    return []


def url(address: str, port: int) -> str:
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}/"


def announce(
    host: str,
    port: int,
    *,
    lookup: Callable[[], Iterable[str]] | None = None,
    out: TextIO | None = None,
) -> list[str]:
    """Say where the server is, as it starts; return the addresses phones can open (for the
    director's console). ``lookup`` finds the machine's LAN addresses (default
    :func:`lan_addresses`, looked up when called: a test puts its own in its place)."""
    out = out or sys.stdout
    everywhere = host in ALL_INTERFACES
    where = f"every network of this computer, port {port}" if everywhere else url(host, port)
    print(f"Spades Scorekeeper on {where}  (Ctrl+C to stop)", file=out)
    if is_loopback(host):
        print(
            "Only this computer can open it: to open it to the phones in the room, "
            "run `make run HOST=0.0.0.0` (or `scorekeeper serve --host 0.0.0.0`).",
            file=out,
        )
        return []
    if not everywhere:
        return [url(host, port)]  # one address, the one asked for: said above
    urls = [url(a, port) for a in (lookup or lan_addresses)()]
    if not urls:
        print(
            "No network address found: is this computer on the club's network (Wi-Fi)?",
            file=out,
        )
        return []
    print("Phones on the same network open:", file=out)
    for each in urls:
        print(f"  {each}", file=out)
    print(f"This computer: {url('127.0.0.1', port)}", file=out)
    print(f"Scan to open {urls[0]}", file=out)
    from scorekeeper.printing.packets import qr_text

    out.write(qr_text(urls[0]))
    out.flush()
    return urls
