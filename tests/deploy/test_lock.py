"""The locked dependencies (requirements/): exact versions with hashes, for the app and for the
tests, installed by `make run`, `make test` and the image; pyproject.toml keeps its ranges."""

from __future__ import annotations

import importlib.metadata
import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
LOCKS = {"app": ROOT / "requirements" / "app.txt", "test": ROOT / "requirements" / "test.txt"}


def pins(lock: Path) -> dict[str, tuple[str, list[str]]]:
    """The lock's packages: name -> (version, its hashes)."""
    text = lock.read_text().replace("\\\n", " ")
    found: dict[str, tuple[str, list[str]]] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip() if not line.lstrip().startswith("--") else ""
        if not line:
            continue
        requirement, *options = line.split(" --hash=")
        requirement = requirement.split(";", 1)[0]  # a marker (gunicorn: not on Windows)
        name, _, version = requirement.strip().partition("==")
        found[canonicalize_name(name)] = (version.strip(), [h.strip() for h in options])
    return found


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


@pytest.mark.parametrize("kind", ["app", "test"])
def test_every_pin_is_exact_and_hashed(kind):
    found = pins(LOCKS[kind])
    assert found
    for name, (version, hashes) in found.items():
        assert re.fullmatch(r"[\w.+!-]+", version), (name, version)
        assert hashes and all(h.startswith("sha256:") for h in hashes), name


def test_the_locks_hold_what_pyproject_asks_within_its_ranges():
    """pyproject.toml keeps its ranges (for the wheel); each lock holds a version inside them."""
    app, test = pins(LOCKS["app"]), pins(LOCKS["test"])
    for kind, requirements in (
        ("app", project()["dependencies"]),
        ("test", project()["dependencies"] + project()["optional-dependencies"]["test"]),
    ):
        lock = app if kind == "app" else test
        for text in requirements:
            requirement = Requirement(text)
            assert not str(requirement.specifier).startswith("=="), f"a range, not a pin: {text}"
            name = canonicalize_name(requirement.name)
            assert name in lock, f"{name} missing from requirements/{kind}.txt"
            assert requirement.specifier.contains(lock[name][0]), (name, lock[name][0])


@pytest.mark.parametrize(("server", "floor"), [("waitress", "3.0.2"), ("gunicorn", "27")])
def test_the_servers_ranges_keep_to_the_versions_the_code_is_written_for(server, floor):
    """The servers' public APIs and settings `scorekeeper serve` names (cli/serving.py): an
    install (pipx reads pyproject.toml, not the lock) takes no next major version, whose
    settings may differ, and no older one without them (gunicorn's control_socket_disable)."""
    (text,) = [t for t in project()["dependencies"] if Requirement(t).name == server]
    specifier = Requirement(text).specifier
    major = int(floor.split(".")[0])
    assert specifier.contains(floor)
    assert not specifier.contains(f"{major + 1}.0") and not specifier.contains(f"{major - 1}.99")
    assert server in pins(LOCKS["app"])


def test_the_app_lock_takes_the_test_locks_versions():
    """What the tests passed with is what a club runs: one version of each package."""
    app, test = pins(LOCKS["app"]), pins(LOCKS["test"])
    assert set(app) <= set(test)
    assert {n: v for n, (v, _) in app.items()} == {n: test[n][0] for n in app}


def test_the_tests_run_on_the_locked_versions():
    """This environment was installed from the test lock (the Makefile's way)."""
    differ = {}
    for name, (version, _) in pins(LOCKS["test"]).items():
        try:
            installed = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            differ[name] = (version, None)
            continue
        if canonicalize_name(installed) != canonicalize_name(version):
            differ[name] = (version, installed)
    assert not differ, f"installed versions differ from requirements/test.txt: {differ}"


def test_make_installs_from_the_lock_then_the_project_without_dependencies():
    makefile = (ROOT / "Makefile").read_text()
    for kind in ("run", "test"):
        rule = re.search(rf"^\$\(VENV\)/\.installed-{kind}:(.*?)\n\n", makefile, re.M | re.S)
        assert rule, kind
        body = rule.group(1)
        assert f"requirements/{'app' if kind == 'run' else 'test'}.txt" in body
        assert "--no-deps" in body and "'.[test]'" not in body
    assert re.search(r"^lock:", makefile, re.M)


def test_no_lock_names_an_index():
    """The index and its certificates come from the machine's pip configuration, not the lock."""
    for lock in LOCKS.values():
        text = lock.read_text()
        assert "--index-url" not in text and "--extra-index-url" not in text
        assert "--find-links" not in text and "://" not in text
