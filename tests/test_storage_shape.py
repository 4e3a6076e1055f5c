"""Storage is written once (issue 31): the statements both databases run live in
``bot/storage/sql_storage.py``, and ``sqlite.py`` and ``postgres.py`` hold only SQL of
their own (transactions, pragmas, advisory locks, PostgreSQL's one-statement group
commit). Read from the source: a SQL string in either database's module that the shared
module also holds, or that the other database's module holds, fails here, compared with
placeholders ($1 or ?) and white space set aside."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import bot.storage.sql_storage

STORAGE = Path(__file__).resolve().parent.parent / "bot" / "storage"
SHARED = STORAGE / "sql_storage.py"
DIALECTS = (STORAGE / "sqlite.py", STORAGE / "postgres.py")

_KEYWORD = re.compile(r"\b(SELECT|INSERT|UPDATE|DELETE|FROM|WHERE|VALUES|CONFLICT|ORDER BY|GROUP BY|JOIN|SET"
                      r"|RETURNING|LIMIT|COALESCE|EXISTS|CREATE|ALTER|DROP)\b")
_PLACEHOLDER = re.compile(r"\$\d+|\?")
_WORD = re.compile(r"[A-Za-z_][A-Za-z_0-9]*")
# A fragment this many words long or longer, found inside a string of the other side, is
# SQL written again (a clause such as an upsert's ON CONFLICT, a column list).
CLAUSE_WORDS = 4


def normalised(text: str) -> str:
    return " ".join(_PLACEHOLDER.sub("?", text).split())


def words(text: str) -> int:
    return len(_WORD.findall(text))


def _rendered(node: ast.JoinedStr) -> str:
    """An f-string as written, its holes as ``{}``."""
    return "".join(str(part.value) if isinstance(part, ast.Constant) else "{}" for part in node.values)


def sql_strings(path: Path) -> set[str]:
    """The SQL string literals of a module (f-strings as written, and their literal parts),
    normalised; docstrings left out. Two words at least: a lone ``VALUES`` between two
    holes of an f-string is not a statement."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.value) for node in ast.walk(tree) if isinstance(node, ast.Expr)}
    found: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in docstrings:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.JoinedStr):
            text = _rendered(node)
        else:
            continue
        if _KEYWORD.search(text) and words(text) >= 2:
            found.add(normalised(text))
    return found


def shared_sql() -> set[str]:
    """What the shared module holds: its literals, and its statements as they come out
    (the module's SQL constants, built from those literals)."""
    built = {normalised(value) for name, value in vars(bot.storage.sql_storage).items()
             if name.isupper() and isinstance(value, str) and _KEYWORD.search(value)}
    return sql_strings(SHARED) | built


def repeated(own: set[str], others: set[str]) -> list[tuple[str, str]]:
    """(own string, the other side's) pairs where one holds the other: the same string, or
    a clause of ``CLAUSE_WORDS`` words or more inside a longer one. Holes (``{}``) split a
    string into the pieces compared."""
    pairs = []
    for mine in sorted(own):
        for theirs in sorted(others):
            if mine == theirs:
                pairs.append((mine, theirs))
                continue
            for small, big in ((mine, theirs), (theirs, mine)):
                if any(words(piece) >= CLAUSE_WORDS and piece.strip() in big for piece in small.split("{}")):
                    pairs.append((mine, theirs))
                    break
    return pairs


def test_the_databases_modules_hold_no_sql_the_shared_module_holds() -> None:
    shared = shared_sql()
    assert len(shared) > 20, "the shared module's statements were not found: has it moved?"
    for path in DIALECTS:
        again = repeated(sql_strings(path), shared)
        assert not again, f"{path.name} writes again SQL that sql_storage.py holds: {again}"


def test_the_two_databases_modules_repeat_no_sql_between_them() -> None:
    sqlite, postgres = (sql_strings(path) for path in DIALECTS)
    again = repeated(sqlite, postgres)
    assert not again, f"sqlite.py and postgres.py write the same SQL; it belongs in sql_storage.py: {again}"


def test_the_check_finds_sql_written_again() -> None:
    """The checks above see a copy: a statement with other placeholders, and a shared
    clause inside a longer statement."""
    shared = {normalised("SELECT seat, move FROM moves WHERE table_id = ? ORDER BY seq"),
              normalised(bot.storage.sql_storage.MOVE_CONFLICT)}
    copied = {normalised("SELECT seat, move FROM moves\n WHERE table_id = $1 ORDER BY seq"),
              normalised("INSERT INTO moves SELECT * FROM unnest($1::text[]) " + bot.storage.sql_storage.MOVE_CONFLICT)}
    assert len(repeated(copied, shared)) == 2
    assert repeated({normalised("SELECT pg_advisory_xact_lock($1)")}, shared) == []
