"""docs/deploy.md's `pipx install .`, for real: Debian's pipx installs the app from the
repository's folder (taking its libraries from the package index, within pyproject.toml's
ranges), and the command it puts on the PATH serves a game from another folder with its data
in the user's data folder. It downloads, so `make test-image` runs it (it installs pipx);
`make test` runs test_pipx.py's offline install of the same wheel instead."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.deploy.test_pipx import clean_env, served

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(
    not os.environ.get("SCOREKEEPER_PIPX_TEST") or shutil.which("pipx") is None,
    reason="make test-image runs the real pipx install (it downloads from the package index)",
)


def test_pipx_install_then_serve_from_any_folder(tmp_path: Path):
    home = tmp_path / "home"
    env = clean_env(home, PIPX_HOME=str(tmp_path / "pipx"), PIPX_BIN_DIR=str(tmp_path / "bin"))
    done = subprocess.run(
        ["pipx", "install", "."], cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    installed = tmp_path / "pipx" / "venvs" / "spades-scorekeeper"
    assert (tmp_path / "bin" / "scorekeeper").exists()
    served(installed, tmp_path, clean_env(home))
    data = home / ".local" / "share" / "spades-scorekeeper"
    assert (data / "scorekeeper.sqlite").is_file() and (data / "secret_key").is_file()
    assert not list(installed.rglob("scorekeeper.sqlite"))
