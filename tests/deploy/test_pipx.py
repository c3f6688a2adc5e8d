"""The wheel as pipx (or pip into any venv) installs it: `scorekeeper serve` from any folder
keeps its data in the user's own data folder (or SCOREKEEPER_DATABASE / SCOREKEEPER_DATA_DIR),
never inside the installed package and never in the folder it was started from."""

from __future__ import annotations

import fcntl
import os
import site
import subprocess
import sys
import tempfile
import venv
import zlib
from pathlib import Path

import pytest

from scorekeeper import paths
from tests.deploy import deploy_doc
from tests.load.served import Phone, Server, Tally

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    return install_wheel(tmp_path_factory.mktemp("pipx"))


def install_wheel(tmp: Path) -> Path:
    """A fresh venv with the wheel installed; its libraries are this environment's (the locked
    versions, through a path file: no download), the app itself only the wheel's. The wheel
    is built in the checkout (setuptools' build/ folder): one build at a time, whichever test
    process asks (make test runs two)."""
    lock = Path(tempfile.gettempdir()) / f"scorekeeper-wheel-{zlib.crc32(bytes(ROOT)):08x}.lock"
    with open(lock, "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        built = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
             "--quiet", "-w", str(tmp / "dist"), str(ROOT)],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp / "dist").glob("*.whl")
    env_dir = tmp / "venv"
    venv.create(env_dir, with_pip=False)
    (purelib,) = env_dir.glob("lib/python3*/site-packages")
    # the locked libraries, seen after the venv's own packages (the checkout is not: the
    # editable install's own path file is not read from an added folder)
    (purelib / "locked-libraries.pth").write_text("\n".join(site.getsitepackages()) + "\n")
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(env_dir / "bin" / "python"), "install",
         "--no-deps", "--quiet", str(wheel)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    if done.returncode != 0 and "no such option: --python" in done.stderr:
        done = subprocess.run(
            [sys.executable, "-m", "pip", "install", "--no-deps", "--quiet",
             "--target", str(purelib), str(wheel)],
            capture_output=True, text=True, timeout=300,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return env_dir


def clean_env(home: Path, **extra: str) -> dict[str, str]:
    keep = {k: v for k, v in os.environ.items() if not k.startswith(("SCOREKEEPER_", "XDG_"))}
    keep.pop("PYTHONPATH", None)
    return {**keep, "HOME": str(home), **extra}


def test_the_installed_app_is_the_wheel_not_the_checkout(installed, tmp_path):
    where = subprocess.run(
        [str(installed / "bin" / "python"), "-c",
         "import scorekeeper; print(scorekeeper.__file__)"],
        capture_output=True, text=True, cwd=tmp_path, env=clean_env(tmp_path), timeout=60,
    )  # fmt: skip
    assert where.returncode == 0, where.stderr
    assert Path(where.stdout.strip()).is_relative_to(installed)


def served(installed: Path, tmp_path: Path, env: dict[str, str]) -> tuple[Server, str]:
    """`scorekeeper serve` of the installed app, started from an unrelated folder, and a game
    played there to a saved hand."""
    elsewhere = tmp_path / "some-folder"
    elsewhere.mkdir()
    server = Server(elsewhere)
    server.env = env
    server.program = [str(installed / "bin" / "scorekeeper")]
    server.start()
    # docs/deploy.md's `scorekeeper serve`, as written but on loopback and a free port here
    documented = deploy_doc.words("scorekeeper serve")
    documented[documented.index("--host") + 1] = "127.0.0.1"
    documented[documented.index("--port") + 1] = str(server.port)
    assert server.proc is not None
    assert server.proc.args == [str(installed / "bin" / "scorekeeper"), *documented[1:]]
    try:
        tally = Tally()
        phone = Phone(server.port, tally)
        token = phone.new_game()
        phone.save(token, phone.tricks_form(token, 1), 1, "from anywhere")
        phone.close()
        assert tally.acks == 1
    finally:
        server.stop()
    return server, token


def test_serve_from_any_folder_keeps_the_data_in_the_users_data_folder(installed, tmp_path):
    home = tmp_path / "home"
    server, _ = served(installed, tmp_path, clean_env(home))
    data = home / ".local" / "share" / "spades-scorekeeper"
    assert (data / "scorekeeper.sqlite").is_file() and (data / "secret_key").is_file()
    assert list((data / "backups").glob("scorekeeper-*.sqlite"))  # the one at start
    # nothing in the folder it was started from (bar the test's own log), nothing in the venv
    assert sorted(p.name for p in server.tmp.iterdir()) == ["server.log"]
    assert not [p for p in installed.rglob("*") if p.suffix in (".sqlite", "") and
                p.name in ("scorekeeper.sqlite", "secret_key")]  # fmt: skip


def test_scorekeeper_database_puts_it_where_it_is_asked(installed, tmp_path):
    home, chosen = tmp_path / "home", tmp_path / "club" / "night.sqlite"
    served(installed, tmp_path, clean_env(home, SCOREKEEPER_DATABASE=str(chosen)))
    assert chosen.is_file() and list((chosen.parent / "backups").glob("*.sqlite"))
    assert not (home / ".local" / "share" / "spades-scorekeeper" / "scorekeeper.sqlite").exists()


LINUX, MAC = "/home/ann/.local/share", "/Users/ann/Library/Application Support"


@pytest.mark.parametrize(
    ("platform", "env", "expected"),
    [
        ("linux", {"HOME": "/home/ann"}, f"{LINUX}/spades-scorekeeper"),
        ("linux", {"HOME": "/home/ann", "XDG_DATA_HOME": "/srv/x"}, "/srv/x/spades-scorekeeper"),
        ("linux", {"HOME": "/home/ann", "XDG_DATA_HOME": "rel"}, f"{LINUX}/spades-scorekeeper"),
        ("darwin", {"HOME": "/Users/ann"}, f"{MAC}/spades-scorekeeper"),
        ("win32", {"LOCALAPPDATA": "C:/Users/ann/AppData/Local"},
         "C:/Users/ann/AppData/Local/spades-scorekeeper"),
    ],
)  # fmt: skip
def test_the_users_data_folder_where_each_system_keeps_it(platform, env, expected):
    assert paths.user_data_dir(env, platform) == Path(expected)


def test_a_checkout_keeps_its_instance_folder_and_the_setting_wins(tmp_path):
    assert paths.data_dir({}) == ROOT / "instance"  # `make run`, as documented
    assert paths.data_dir({"SCOREKEEPER_DATA_DIR": str(tmp_path)}) == tmp_path.resolve()
