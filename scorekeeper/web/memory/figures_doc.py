"""docs/stats.md as a page of the app ("How the figures are counted"): the same text the
project's documentation holds, so the page and the docs never say two things.

The file is read where the templates are (a checkout's docs/, or the copy an installed wheel
carries: ``scorekeeper.paths.STATS_DOC``) and turned into HTML by the few Markdown forms it
uses: headings, paragraphs, lists (one level of nesting), one table, ``**bold**``, ``*italic*``,
```code``` and ``[text](address)`` (shown as its text: the addresses are the source's files).
Every character of the text is escaped first; only these forms make tags.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from scorekeeper.paths import STATS_DOC

_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]*\)")


def _inline(text: str) -> str:
    """One line's inline forms, its text escaped (code spans keep their text as written)."""
    out = []
    for i, part in enumerate(_CODE.split(text)):
        if i % 2:
            out.append(f"<code>{escape(part)}</code>")
            continue
        part = str(escape(_LINK.sub(r"\1", part)))
        part = _BOLD.sub(r"<b>\1</b>", part)
        out.append(_ITALIC.sub(r"<i>\1</i>", part))
    return "".join(out)


def _table(rows: list[str]) -> str:
    cells = [[c.strip() for c in r.strip().strip("|").split("|")] for r in rows]
    head, body = cells[0], [c for c in cells[1:] if not all(set(x) <= {"-", ":"} for x in c)]
    html = ['<div class="table-wrap"><table class="doc-table"><thead><tr>']
    html += [f'<th scope="col">{_inline(c)}</th>' for c in head]
    html.append("</tr></thead><tbody>")
    for row in body:
        html.append("<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>")
    html.append("</tbody></table></div>")
    return "".join(html)


def _list(lines: list[str]) -> str:
    """Items at indent 0 ("- "), each with its continuation lines and nested items ("  - ")."""
    items: list[tuple[list[str], list[list[str]]]] = []
    for line in lines:
        if line.startswith("- "):
            items.append(([line[2:]], []))
        elif line.lstrip().startswith("- ") and items:
            items[-1][1].append([line.lstrip()[2:]])
        elif items and items[-1][1]:
            items[-1][1][-1].append(line.strip())
        elif items:
            items[-1][0].append(line.strip())
    html = ["<ul>"]
    for words, nested in items:
        html.append("<li>" + _inline(" ".join(words)))
        if nested:
            html.append("<ul>" + "".join(f"<li>{_inline(' '.join(n))}</li>" for n in nested))
            html.append("</ul>")
        html.append("</li>")
    html.append("</ul>")
    return "".join(html)


def render(text: str) -> Markup:
    """The Markdown forms this documentation uses, as HTML (the first heading left out: the
    page has its own)."""
    html: list[str] = []
    blocks = re.split(r"\n\s*\n", text.strip())
    for block in blocks:
        lines = block.splitlines()
        first = lines[0]
        if first.startswith("# "):
            continue
        if first.startswith("## "):
            html.append(f"<h2>{_inline(first[3:])}</h2>")
            lines = lines[1:]
            if not lines:
                continue
            first = lines[0]
        if first.startswith("|"):
            html.append(_table(lines))
        elif first.startswith("- "):
            html.append(_list(lines))
        else:
            html.append(f"<p>{_inline(' '.join(x.strip() for x in lines))}</p>")
    return Markup("\n".join(html))  # noqa: S704 -- every piece of text above is escaped


MISSING = Markup(
    "<p>This copy of the app does not carry its definitions: they are docs/stats.md in "
    "Spades Scorekeeper's source.</p>"
)


def stats_doc() -> Markup:
    """docs/stats.md as HTML (read each time: a page a club member opens now and then)."""
    try:
        text = STATS_DOC.read_text(encoding="utf-8")
    except OSError:
        return MISSING
    return render(text)
