"""The HTML of a form's controls, for the dataclass forms (``from_post`` + ``errors``): an input,
a text area, a select, each with its id and name, and, when its field has an error, marked
invalid and pointing at the message (``<name>-error``) the page puts by it. Attributes are
written in name order, escaped; ``True`` writes the attribute alone, ``False`` or None leaves
it out. The label and the message are the page's (``templates/_macros.html`` ``render_field``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from markupsafe import Markup, escape

Attribute = str | int | bool | None


def attributes(attrs: Mapping[str, Attribute]) -> str:
    """``a="1" b checked``: in name order, escaped."""
    out = []
    for key, value in sorted(attrs.items()):
        if value is True:
            out.append(key)
        elif value is not False and value is not None:
            out.append(f'{key}="{escape(value)}"')
    return " ".join(out)


def _marked(name: str, errors: Mapping[str, str], attrs: Mapping[str, Attribute]) -> dict:
    """The control's attributes: its id and name, and ``aria-invalid`` with the message's id
    when its field has an error."""
    out: dict[str, Attribute] = {"id": name, "name": name, **attrs}
    if errors.get(str(out["name"])):
        out["aria-describedby"] = f"{out['name']}-error"
        out["aria-invalid"] = "true"
    return out


def input_tag(name: str, errors: Mapping[str, str], **attrs: Attribute) -> Markup:
    """``<input ...>``: pass ``type`` and ``value`` (and ``id`` when it is not the name)."""
    return Markup(f"<input {attributes(_marked(name, errors, attrs))}>")  # noqa: S704 -- escaped


def textarea_tag(name: str, text: str, errors: Mapping[str, str], **attrs: Attribute) -> Markup:
    """``<textarea ...>`` holding ``text`` as typed (after the line break a browser drops)."""
    opened = attributes(_marked(name, errors, attrs))
    return Markup(f"<textarea {opened}>\r\n{escape(text)}</textarea>")  # noqa: S704 -- escaped


def select_tag(
    name: str, choices: Iterable[tuple[str, str]], chosen: str | None, errors: Mapping[str, str]
) -> Markup:
    """``<select ...>`` of (value, words) choices, ``chosen`` selected."""
    options = "".join(
        f"<option {attributes({'selected': value == chosen, 'value': value})}>{escape(words)}"
        "</option>"
        for value, words in choices
    )
    opened = attributes(_marked(name, errors, {}))
    return Markup(f"<select {opened}>{options}</select>")  # noqa: S704 -- escaped above
