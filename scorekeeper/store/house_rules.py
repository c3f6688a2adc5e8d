"""Named house rules ("Friday night rules"): a rules spec as the game file writes it."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from .db import dump, now, write


@dataclass(frozen=True)
class HouseRules:
    id: int
    name: str
    spec: dict[str, Any]


def _rules(row: dict[str, Any]) -> HouseRules:
    return HouseRules(row["id"], row["name"], json.loads(row["spec"]))


def save_house_rules(db: Database, name: str, spec: dict[str, Any]) -> HouseRules:
    """Store a named rules spec; a second save under the same name replaces it.

    Names match regardless of case ("friday rules" replaces "Friday rules" and takes its new
    spelling): the web form asks before replacing (:func:`house_rules_by_name`).
    """
    stamp = now()
    with write(db):
        rows = list(db.query("select id from house_rules where name = ? collate nocase", [name]))
        if rows:
            changes = {"name": name, "spec": dump(spec), "updated_at": stamp}
            db["house_rules"].update(rows[0]["id"], changes)
            rule_id = rows[0]["id"]
        else:
            row = {"name": name, "spec": dump(spec), "created_at": stamp, "updated_at": stamp}
            rule_id = db["house_rules"].insert(row).last_pk
    return HouseRules(rule_id, name, spec)


def all_house_rules(db: Database) -> list[HouseRules]:
    rows = db.query("select id, name, spec from house_rules order by updated_at desc, name")
    return [_rules(r) for r in rows]


def house_rules_by_id(db: Database, rule_id: int) -> HouseRules | None:
    rows = list(db.query("select id, name, spec from house_rules where id = ?", [rule_id]))
    return _rules(rows[0]) if rows else None


def house_rules_by_name(db: Database, name: str) -> HouseRules | None:
    """The saved rules with this name, ignoring case (as :func:`save_house_rules` matches)."""
    sql = "select id, name, spec from house_rules where name = ? collate nocase"
    rows = list(db.query(sql, [name]))
    return _rules(rows[0]) if rows else None


def delete_house_rules(db: Database, rule_id: int) -> bool:
    """Forget saved house rules; False when there were none with this id.

    Games keep their rules: each game file carries its own spec, never a reference to these.
    """
    with write(db):
        cursor = db.execute("delete from house_rules where id = ?", [rule_id])
    return cursor.rowcount > 0
