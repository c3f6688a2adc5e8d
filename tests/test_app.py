"""The app factory, its security defaults and the home page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper import create_app
from scorekeeper.config import instance_secret_key as _instance_secret_key


def test_home_page_says_what_the_app_does(client):
    response = client.get("/")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Keep score at the Spades table" in page
    assert 'name="viewport"' in page


def test_every_response_carries_the_security_headers(client):
    for path in ("/", "/no-such-page", "/static/style.css"):
        response = client.get(path)
        csp = response.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert response.headers["Referrer-Policy"] == "same-origin"
        assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_unknown_page_is_a_friendly_404(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert "There is no page here" in response.get_data(as_text=True)


def test_secret_key_is_generated_once_and_kept_private(tmp_path: Path):
    instance = tmp_path / "instance"
    key = _instance_secret_key(instance)
    assert len(key) == 64
    assert _instance_secret_key(instance) == key
    assert (instance / "secret_key").stat().st_mode & 0o777 == 0o600
    assert _instance_secret_key(tmp_path / "elsewhere") != key


def test_config_comes_from_prefixed_environment(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("SCOREKEEPER_DATABASE", str(tmp_path / "club.sqlite"))
    monkeypatch.setenv("SCOREKEEPER_SECRET_KEY", "from-the-environment")
    app = create_app()
    assert app.config["DATABASE"] == str(tmp_path / "club.sqlite")
    assert app.config["SECRET_KEY"] == "from-the-environment"


def test_no_key_is_hard_coded_outside_tests():
    root = Path(__file__).resolve().parents[1] / "scorekeeper"
    for source in root.rglob("*.py"):
        text = source.read_text()
        assert 'SECRET_KEY="' not in text and "SECRET_KEY='" not in text, source


def test_templates_and_static_are_found(app):
    assert Path(app.template_folder, "base.html").is_file()
    assert Path(app.static_folder, "style.css").is_file()


def test_an_unexpected_error_is_a_friendly_page_not_a_traceback(tmp_path: Path):
    app = create_app({"SECRET_KEY": "x", "DATABASE": str(tmp_path / "db.sqlite")})

    @app.get("/boom")
    def boom():
        raise RuntimeError("secret internals")

    response = app.test_client().get("/boom")
    assert response.status_code == 500
    page = response.get_data(as_text=True)
    assert "Something went wrong" in page
    assert "secret internals" not in page and "Traceback" not in page


def test_a_form_without_its_csrf_token_is_refused_politely(csrf_app):
    response = csrf_app.test_client().post("/games/new", data={"player_1": "Ann"})
    assert response.status_code == 400
    assert "Please try again" in response.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/", "/games/new", "/games/import", "/print/blank", "/nowhere"])
def test_every_page_links_new_game_in_its_header_and_its_manifest(client, path):
    html = client.get(path).get_data(as_text=True)
    header = html.split("<header", 1)[1].split("</header>", 1)[0]
    assert '<a class="new" href="/games/new">New game</a>' in header
    assert '<link rel="manifest" href="/static/manifest.webmanifest">' in html
    assert '<meta name="theme-color" content="#14532d">' in html


def test_the_manifest_is_served_as_a_manifest_with_its_icons(client):
    response = client.get("/static/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["start_url"] == "/" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon["src"]
