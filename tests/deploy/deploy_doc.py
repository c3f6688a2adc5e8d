"""docs/deploy.md's commands and compose.yaml's service, as the tests that run them read them.

A test that runs a command of the docs (or, where it cannot run here, its nearest equivalent)
asks for it here by its first words, ``command("docker compose run")``, and runs what it gets:
the docs and the tests cannot drift apart. A command written in the prose (an inline code
span, ``inline("docker compose logs")``) is asked for whole. tests/deploy/test_deploy_docs.py
checks that every command of the docs is asked for by the test said to run it.
scripts/test-image.sh asks with ``python tests/deploy/deploy_doc.py "podman build ..."`` (and
``--inline "..."``).
"""

from __future__ import annotations

import re
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "deploy.md"
COMPOSE = ROOT / "compose.yaml"


def blocks(language: str, text: str | None = None) -> list[str]:
    """The code blocks of docs/deploy.md in ``language`` (sh, ini, caddyfile)."""
    text = DOC.read_text() if text is None else text
    return re.findall(rf"^```{language}\n(.*?)^```", text, flags=re.M | re.S)


def commands(text: str | None = None) -> list[str]:
    """Every command of the docs: each line of each ```sh block."""
    return [line.strip() for b in blocks("sh", text) for line in b.splitlines() if line.strip()]


def command(start: str, text: str | None = None) -> str:
    """The one command of the docs that starts with ``start`` (its first words)."""
    found = [c for c in commands(text) if c == start or c.startswith(start + " ")]
    if len(found) != 1:
        raise LookupError(f"{len(found)} commands in docs/deploy.md start with {start!r}")
    return found[0]


def words(start: str) -> list[str]:
    return shlex.split(command(start))


# The first words that make an inline code span of the prose a command (a span of one word,
# `pipx`, is a name; a file name or a setting starts otherwise).
COMMAND_WORDS = frozenset({
    "docker", "docker-compose", "podman", "pipx", "pip", "sudo", "systemctl", "journalctl",
    "systemd-analyze", "scorekeeper", "make", "git", "caddy", "apt", "apt-get", "python3",
    "python", "curl",
})  # fmt: skip


def inline_commands(text: str | None = None) -> list[str]:
    """Every command written in the docs' prose: each inline code span outside the code blocks
    and the tables (whose cells name packages and folders) of two words or more whose first
    word is a command; each once, in the order of the docs."""
    text = DOC.read_text() if text is None else text
    prose = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    prose = "\n".join(line for line in prose.splitlines() if not line.lstrip().startswith("|"))
    found: list[str] = []
    for span in re.findall(r"`([^`]+)`", prose):
        span = " ".join(span.split())
        if len(span.split()) >= 2 and span.split()[0] in COMMAND_WORDS and span not in found:
            found.append(span)
    return found


def in_a_block(span: str, text: str | None = None) -> bool:
    """Whether an inline command is one of the code blocks' (itself, or the first words of
    exactly one): the prose naming a command the blocks give, run by that command's test."""
    return sum(c == span or c.startswith(span + " ") for c in commands(text)) == 1


def inline(span: str, text: str | None = None) -> str:
    """The inline command ``span`` of the docs' prose, exactly as written there."""
    if span not in inline_commands(text):
        raise LookupError(f"docs/deploy.md's prose has no command `{span}`")
    return span


def compose_service(name: str = "scorekeeper", text: str | None = None) -> dict[str, object]:
    """compose.yaml's service ``name``: its scalar keys (``image``, ``restart``), its lists
    (``ports``, ``volumes``) and its ``environment`` (a mapping), read without a YAML library
    (the file keeps to these shapes; test_deploy_docs checks that this reads all of it)."""
    text = COMPOSE.read_text() if text is None else text
    service: dict[str, object] = {}
    inside, key = False, ""
    for raw in text.splitlines():
        line = re.sub(r"\s+#.*$", "", raw).rstrip()
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        indent = len(line) - len(line.lstrip())
        if indent <= 2:
            inside = indent == 2 and line.strip() == f"{name}:"
            continue
        if not inside:
            continue
        if indent == 4:
            key, _, value = line.strip().partition(":")
            service[key] = _scalar(value) if value.strip() else None
        elif line.strip().startswith("- "):
            listed = service.get(key)
            service[key] = [
                *(listed if isinstance(listed, list) else []),
                _scalar(line[indent + 2 :]),
            ]
        else:
            setting, _, value = line.strip().partition(":")
            mapping = service.get(key)
            service[key] = {
                **(mapping if isinstance(mapping, dict) else {}),
                setting: _scalar(value),
            }
    return service


def _scalar(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        return value[1:-1]
    return value


if __name__ == "__main__":  # scripts/test-image.sh: the command starting with these words
    print(inline(sys.argv[2]) if sys.argv[1] == "--inline" else command(sys.argv[1]))
