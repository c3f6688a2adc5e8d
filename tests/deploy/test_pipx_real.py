"""docs/deploy.md's `pipx install .`, and its install of the locked versions into a venv,
for real: Debian's pipx installs the app from the repository's folder (taking its libraries
from the package index, within pyproject.toml's ranges), the venv takes the lock's, and the
command each puts on the PATH serves a game from another folder with its data in the user's
data folder. They download, so `make test-image` runs them (it installs pipx); `make test`
runs test_pipx.py's offline install of the same wheel instead."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.deploy import deploy_doc
from tests.deploy.test_pipx import clean_env, served

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(
    not os.environ.get("SCOREKEEPER_PIPX_TEST") or shutil.which("pipx") is None,
    reason="make test-image runs the real pipx install (it downloads from the package index)",
)


def test_pipx_install_then_serve_from_any_folder(tmp_path: Path):
    home = tmp_path / "home"
    env = clean_env(home, PIPX_HOME=str(tmp_path / "pipx"), PIPX_BIN_DIR=str(tmp_path / "bin"))
    done = subprocess.run(  # docs/deploy.md's, from the repository's folder
        deploy_doc.words("pipx install"), cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=1200,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    # the docs' upgrade: `pipx install --force .` over it, as written, from the same folder
    done = subprocess.run(
        deploy_doc.inline("pipx install --force .").split(), cwd=ROOT, env=env,
        capture_output=True, text=True, timeout=1200,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    installed = tmp_path / "pipx" / "venvs" / "spades-scorekeeper"
    assert (tmp_path / "bin" / "scorekeeper").exists()
    served(installed, tmp_path, clean_env(home))
    data = home / ".local" / "share" / "spades-scorekeeper"
    assert (data / "scorekeeper.sqlite").is_file() and (data / "secret_key").is_file()
    assert not list(installed.rglob("scorekeeper.sqlite"))


def test_the_locked_install_into_a_venv(tmp_path: Path):
    """docs/deploy.md's three commands for the exact versions the tests passed with, run as
    written in a shell (its ~ the test's home), from the repository's folder; then the command
    they installed serves a game from another folder."""
    home = tmp_path / "home"
    home.mkdir()
    cache = Path(os.environ.get("PIP_CACHE_DIR") or Path.home() / ".cache" / "pip")
    env = clean_env(home, PIP_CACHE_DIR=str(cache))  # pip's own cache: the wheels it has
    for line in (
        deploy_doc.command("python3 -m venv"),
        deploy_doc.command("~/scorekeeper-venv/bin/pip install -r"),
        deploy_doc.command("~/scorekeeper-venv/bin/pip install --no-deps"),
    ):
        done = subprocess.run(
            ["sh", "-c", line], cwd=ROOT, env=env, capture_output=True, text=True, timeout=1200
        )
        assert done.returncode == 0, f"{line}\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
    installed = home / "scorekeeper-venv"
    served(installed, tmp_path, clean_env(home))
    data = home / ".local" / "share" / "spades-scorekeeper"
    assert (data / "scorekeeper.sqlite").is_file()
    frozen = subprocess.run(
        [str(installed / "bin" / "pip"), "freeze"], capture_output=True, text=True, timeout=120
    ).stdout.lower()
    for pinned in ("flask==", "weasyprint==", "waitress=="):
        locked = [line for line in (ROOT / "requirements" / "app.txt").read_text().lower()
                  .splitlines() if line.startswith(pinned)]  # fmt: skip
        assert locked and locked[0].split()[0] in frozen, (pinned, frozen)
