"""The image builds the wheel from what the Dockerfile copies: every path the wheel takes in
(pyproject's force-include) must be copied and not left out of the build context."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_image_copies_every_file_the_wheel_takes_in():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    wheel = pyproject["tool"]["hatch"]["build"]["targets"]["wheel"]
    sources = list(wheel.get("force-include", {})) + list(wheel.get("packages", []))
    dockerfile = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    copied = {
        m.group(1) for m in re.finditer(r"^COPY\s+(?:--\S+\s+)*(.+?)\s+\S+$", dockerfile, re.M)
    }
    copied = {p for line in copied for p in line.split()}
    ignore = (ROOT / ".dockerignore").read_text(encoding="utf-8").splitlines()
    for source in sources:
        assert source in copied, f"the Dockerfile does not COPY {source}"
        left_out = False
        for rule in (r.strip() for r in ignore if r.strip() and not r.startswith("#")):
            keep = rule.startswith("!")
            pattern = rule.lstrip("!").rstrip("/")
            if source == pattern or source.startswith(pattern + "/"):
                left_out = not keep
        assert not left_out, f".dockerignore leaves {source} out of the build context"
