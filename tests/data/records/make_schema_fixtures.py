#!/usr/bin/env python3
"""Makes tests/data/records/schema_N.sqlite, one records database for each schema Coyote's
server has had (docs/hosting.md#upgrading), and schema_N.postgres.sql, the same database as
PostgreSQL statements: the first N migrations of server/records/records_schema.cpp applied as
that schema's server applied them, then rows of what that schema could hold: two runs on a
course, and from schema 3 a ban, from schema 4 a name's owner, from schema 6 the version that
wrote it. RecordsSchemaFixtures.* and PostgresRecords.EveryEarlierSchema… open each with today's
server and check that all of it is kept. Run it again only to add the fixture of a new schema:
the old ones are the point.

Usage: tests/data/records/make_schema_fixtures.py [SCHEMA...]   (default: every schema)"""
import json
import pathlib
import re
import sqlite3
import sys

HERE = pathlib.Path(__file__).resolve().parent
SOURCE = HERE.parents[2] / "server/records/records_schema.cpp"
COURSE = "00c0ffee00c0ffee"
KEY = "4b3b951cee9f3b7d409056f08907fb2c"


def migrations(dialect="sqlite"):
    """The migrations' SQL, in order, as SQLite (or PostgreSQL) takes it."""
    text = SOURCE.read_text()
    start = text.index("kMigrations = {")
    body = text[start:text.index("\n};", start)]
    steps = re.findall(r'R"\((.*?)\)"', body, re.S)
    types = {"sqlite": ("INTEGER", "BLOB", "x''"), "postgres": ("BIGINT", "BYTEA", "''::bytea")}
    integer, blob, empty = types[dialect]
    return [s.replace("{int}", integer).replace("{bytes}", blob).replace("{no_bytes}", empty)
            for s in steps]


def fill(db, schema):
    db.execute("INSERT INTO courses VALUES (?, 'race.tmj', 'Canyon', 2, 41250000, 1796000000)",
               (COURSE,))
    for player, time_us, at in (("ada", 41250000, 1796000100), ("wile", 43100000, 1796000200)):
        values = [COURSE, player, time_us, "12000000,25000000", at, "fixture", 3, b"COYOTERN"]
        columns = "course, player, time_us, splits, finished_at, server, finishes, record"
        if schema >= 2:
            values.append(b"ghost")
            columns += ", ghost"
        marks = ", ".join("?" * len(values))
        db.execute(f"INSERT INTO bests ({columns}) VALUES ({marks})", values)
    if schema >= 3:
        entry = {"id": 1, "kind": "key", "value": KEY, "name": "wile", "address": "203.0.113.7",
                 "reason": "cheating", "by": "admin", "since": 1796000300, "until": 0}
        db.execute("INSERT INTO bans VALUES ('key', ?, 0, ?)", (KEY, json.dumps(entry)))
    if schema >= 4:
        db.execute("INSERT INTO name_owners VALUES ('ada', ?, 'ada', 1796000100)", (KEY,))
    if schema >= 6:
        db.execute("INSERT INTO written_by VALUES ('0.1.0+git.0.f1x7ure', 1796000500)")


class PostgresScript:
    """What fill() does, written as PostgreSQL statements instead of run."""

    def __init__(self):
        self.lines = []

    def execute(self, sql, values=()):
        for value in values:
            text = ("'\\x" + value.hex() + "'::bytea" if isinstance(value, bytes)
                    else str(value) if isinstance(value, int) else "'" + value.replace("'", "''") + "'")
            sql = sql.replace("?", text, 1)
        self.lines.append(sql.strip() + ";")


def make_postgres(schema, steps):
    path = HERE / f"schema_{schema}.postgres.sql"
    script = PostgresScript()
    script.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    script.execute(f"INSERT INTO schema_version VALUES ({schema})")
    for step in steps[:schema]:
        script.lines.append(step.strip())
    fill(script, schema)
    path.write_text("-- Made by make_schema_fixtures.py: a records database of schema "
                    f"{schema}.\n" + "\n".join(script.lines) + "\n")
    print(f"{path.name}: schema {schema}")


def make(schema, steps):
    path = HERE / f"schema_{schema}.sqlite"
    path.unlink(missing_ok=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    db.execute("INSERT INTO schema_version VALUES (?)", (schema,))
    for step in steps[:schema]:
        db.executescript(step)
    fill(db, schema)
    db.commit()
    db.execute("VACUUM")
    db.close()
    print(f"{path.name}: schema {schema}")


def main():
    steps = migrations()
    wanted = [int(a) for a in sys.argv[1:]] or range(1, len(steps) + 1)
    for schema in wanted:
        make(schema, steps)
        make_postgres(schema, migrations("postgres"))


if __name__ == "__main__":
    main()
