"""Named house rules ("Friday night rules"): a rules spec as the game file writes it.

Saved rules belong to the browser that saved them (``owner``, its id): only it lists, uses,
replaces or deletes them. Rules saved before browsers had ids have no owner and stay shared,
as they always were.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .db import Database, dump, now, write
from .games import decode

# Rules a browser may see: its own, and the shared ones saved before rules had owners.
_VISIBLE = "(owner is ? or owner is null)"


@dataclass(frozen=True)
class HouseRules:
    id: int
    name: str
    spec: dict[str, Any]
    owner: str | None = None


def _rules(row: dict[str, Any]) -> HouseRules:
    # A spec that cannot be read whole (a number of thousands of digits, saved before the
    # engine checked ranges) reads with None in its place: the engine then refuses it, politely.
    spec, _problem = decode(row["spec"])
    return HouseRules(row["id"], row["name"], spec, row["owner"])


def save_house_rules(
    db: Database, name: str, spec: dict[str, Any], owner: str | None = None
) -> HouseRules:
    """Store a named rules spec for ``owner``; a second save under the same name replaces it.

    Names match regardless of case ("friday rules" replaces "Friday rules" and takes its new
    spelling): the web form asks before replacing (:func:`house_rules_by_name`).
    """
    stamp = now()
    with write(db):
        rows = list(
            db.query(
                "select id from house_rules where name = ? collate nocase and owner is ?",
                [name, owner],
            )
        )
        if rows:
            changes = {"name": name, "spec": dump(spec), "updated_at": stamp}
            db.table("house_rules").update(rows[0]["id"], changes)
            rule_id = rows[0]["id"]
        else:
            row = {
                "name": name, "spec": dump(spec), "owner": owner, "created_at": stamp,
                "updated_at": stamp,
            }  # fmt: skip
            rule_id = db.table("house_rules").insert(row).last_pk
    return HouseRules(rule_id, name, spec, owner)


def all_house_rules(db: Database, owner: str | None = None) -> list[HouseRules]:
    """The rules ``owner`` may use, most recently saved first."""
    rows = db.query(
        f"select id, name, spec, owner from house_rules where {_VISIBLE} "  # noqa: S608
        "order by updated_at desc, name",
        [owner],
    )
    return [_rules(r) for r in rows]


def house_rules_by_id(db: Database, rule_id: int, owner: str | None = None) -> HouseRules | None:
    """The rules with this id if ``owner`` may use them, else None."""
    sql = f"select id, name, spec, owner from house_rules where id = ? and {_VISIBLE}"  # noqa: S608
    rows = list(db.query(sql, [rule_id, owner]))
    return _rules(rows[0]) if rows else None


def house_rules_by_name(db: Database, name: str, owner: str | None = None) -> HouseRules | None:
    """``owner``'s saved rules with this name, ignoring case (as :func:`save_house_rules`
    matches)."""
    sql = "select id, name, spec, owner from house_rules where name = ? collate nocase"
    sql += " and owner is ?"
    rows = list(db.query(sql, [name, owner]))
    return _rules(rows[0]) if rows else None


def delete_house_rules(db: Database, rule_id: int, owner: str | None = None) -> bool:
    """Forget saved house rules ``owner`` may use; False when there were none such.

    Games keep their rules: each game file carries its own spec, never a reference to these.
    """
    with write(db):
        cursor = db.execute(
            f"delete from house_rules where id = ? and {_VISIBLE}",  # noqa: S608
            [rule_id, owner],
        )
    return cursor.rowcount > 0
