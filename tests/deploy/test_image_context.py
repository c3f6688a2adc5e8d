"""The Dockerfile, read as text: the image builds the wheel from what it copies (every path the
wheel takes in, pyproject's force-include, copied and not left out of the build context); it
keeps no apt cache; fontconfig has a cache folder of its own, outside the data volume
(tests/image/test_image.py checks the built image itself, in `make test-image`)."""

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


def instructions() -> list[tuple[str, str]]:
    """(instruction, its arguments) of each line of the Dockerfile, continuations joined."""
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    joined = re.sub(r"\\\n", " ", "\n".join(lines))
    out = []
    for line in joined.splitlines():
        if line.strip():
            word, _, rest = line.strip().partition(" ")
            out.append((word.upper(), " ".join(rest.split())))
    return out


def test_the_layer_that_installs_packages_leaves_no_apt_cache_behind():
    """A file removed in a later layer still weighs in the image: apt's lists and cache go in
    the RUN that made them."""
    (install,) = [
        rest for word, rest in instructions() if word == "RUN" and "apt-get install" in rest
    ]
    assert "apt-get clean" in install
    removed = re.findall(r"rm -rf ([^&;]+)", install)
    assert removed and {"/var/lib/apt/lists/*", "/var/cache/apt/*"} <= set(removed[-1].split())


def test_fontconfig_has_a_cache_folder_of_its_own_outside_the_data_volume():
    env = " ".join(rest for word, rest in instructions() if word == "ENV")
    (cache,) = re.findall(r"\bXDG_CACHE_HOME=(\S+)", env)
    (volume,) = [rest for word, rest in instructions() if word == "VOLUME"]
    assert not Path(cache).is_relative_to(volume), "the cache would land in the data volume"
    made = " ".join(rest for word, rest in instructions() if word == "RUN" and "useradd" in rest)
    assert re.search(rf"mkdir -p [^&]*{re.escape(cache)}", made)
    assert re.search(rf"chown scorekeeper:scorekeeper [^&]*{re.escape(cache)}", made)
