"""Every tech and wonder text the game shows, checked against the rules notes in ``docs/rules/``: each
tech and wonder named there has a text in the game, none reads "no ability" where the notes give one,
each says the notes' numbers and resources, and none ends cut off (issue 39)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from boardgames_tui.games.civilization import data as D, texts as T
from boardgames_tui.games.civilization.screen import option_detail
from boardgames_tui.engine.core import Option

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"
DATA_MD = (DOCS / "civilization-data.md").read_text()
RULES_MD = (DOCS / "civilization.md").read_text()


def section(text: str, start: str, end: str) -> str:
    i = text.index(start)
    return text[i:text.index(end, i + len(start))]


def table_rows(text: str) -> list[list[str]]:
    """The body rows of the markdown tables in ``text`` (no header, no rule), cells stripped."""
    rows = []
    lines = text.splitlines()
    for k, line in enumerate(lines):
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        if k + 1 < len(lines) and set(lines[k + 1]) <= set("|-: ") and lines[k + 1].startswith("|"):
            continue                                   # a header (the rule follows it)
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows


def bare_name(cell: str) -> str:
    """``"Atomic Theory (a.k.a. Nuclear Fusion ...)"``, ``"Code of Laws `CodeOfLaw`"`` -> the card's name."""
    cell = re.sub(r"`[^`]*`", "", cell)
    return re.sub(r"\s*\(.*", "", cell).strip()


def said(cell: str) -> str:
    """A cell's own words: no source tags ``[M]``, no code names, no source references ``(S1 ...)``."""
    cell = re.sub(r"`[^`]*`", "", cell)
    cell = re.sub(r"\[[^\]]*\]", "", cell)
    cell = re.sub(r"\(S\d[^)]*\)", "", cell)
    return cell.replace("**", "")


def numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


D2 = table_rows(section(DATA_MD, "## D2.", "Unit-rank techs"))
D6 = table_rows(section(DATA_MD, "## D6.", "Excluded: F&F"))
EXCLUDED_TECHS = section(DATA_MD, "Excluded techs", "## D3.")
MD_41 = table_rows(section(RULES_MD, "### 4.1", "### 4.2"))
MD_7 = table_rows(section(RULES_MD, "## 7. Wonders", "## 8."))
RESOURCE_PHASES = {"CM": D.CITY, "Trade": D.TRADE, "Battle": D.BATTLE, "Movement": D.MOVE, "Any time": D.ANY,
                   "Start of Turn": D.START}
WONDER_PHASES = {"SoT": D.START, "CM": D.CITY, "Battle": D.BATTLE, "Research": D.RESEARCH, "Any": D.ANY}


def test_the_tables_were_read():
    assert len(D2) == 37 and len(D6) == 19
    assert len(MD_41) == 36 and len(MD_7) == 19


@pytest.mark.parametrize("row", D2, ids=lambda r: bare_name(r[0]))
def test_every_tech_of_the_data_notes_has_its_text(row):
    name = bare_name(row[0])
    assert name in D.TECH_INDEX, f"{name} is in the notes but not in the game"
    tech = D.TECH_INDEX[name]
    assert ["I", "II", "III", "IV", "V"][tech.level - 1] == row[1]
    text = T.tech_text(name)
    body = T.tech_abilities_text(tech)
    assert "no ability" not in text and body, f"{name}: {text}"
    gives = [said(c) for c in row[2:]]
    # every number the notes give is in the text (a limit, an amount; the level's cost besides)
    missing = set().union(*(numbers(c) for c in gives)) - numbers(body) - {D.TECH_COST[tech.level]}
    assert not missing, f"{name}: {missing} not in {text!r}"
    # a resource ability: its resource and phase
    resource = said(row[4])
    if resource.strip() not in ("", "—"):
        for part in re.split(r"\.\s+(?=[A-Z][a-z]+·)", resource):
            m = re.match(r"\s*(\w+)(?: (\d))?·([A-Za-z ]+):", part)
            assert m, part
            res, count, phase = m.group(1).lower(), m.group(2), m.group(3).strip()
            want = f"any {count} resources" if res == "any" else f"1 {res}"
            assert want in text, f"{name}: {want!r} not in {text!r}"
            assert any(a.resource and a.when == RESOURCE_PHASES[phase] for a in tech.abilities), (name, phase)


@pytest.mark.parametrize("row", MD_41, ids=lambda r: bare_name(r[0]))
def test_every_tech_of_the_research_notes_is_in_the_game_or_excluded(row):
    name = bare_name(row[0])
    if name in EXCLUDED_TECHS:
        assert name not in D.TECH_INDEX        # Plastics: Fame & Fortune (the data notes' correction)
        return
    assert name in D.TECH_INDEX
    text = T.tech_text(name)
    for cell in row[1:]:
        if said(cell).strip() not in ("", "—"):
            assert "no ability" not in text
    missing = numbers(said(" ".join(row[1:]))) - numbers(T.tech_abilities_text(D.TECH_INDEX[name]))
    assert not missing, f"{name}: {missing} not in {text!r}"


def test_space_flight_wins():
    assert "wins the game" in T.tech_text(D.SPACE_FLIGHT) and "26 trade" in T.tech_text(D.SPACE_FLIGHT)


@pytest.mark.parametrize("row", D6, ids=lambda r: r[1])
def test_every_wonder_of_the_data_notes_has_its_text(row):
    era, name, cost, reduced, phase, effect, _ = row
    assert name in D.WONDER_INDEX, f"{name} is in the notes but not in the game"
    w = D.WONDER_INDEX[name]
    text = T.wonder_text(name)
    assert w.era.startswith(era.lower()) and str(w.cost) == cost
    n, tech = reduced.split(" ", 1)
    assert (w.reduced_cost, w.discount_tech) == (int(n), tech)
    assert f"{w.cost} production, {w.reduced_cost} with {w.discount_tech}" in text
    missing = numbers(said(effect)) - numbers(T.wonder_abilities_text(w))
    assert not missing, f"{name}: {missing} not in {text!r}"
    if phase != "—":
        assert any(a.when == WONDER_PHASES[phase] for a in w.abilities), (name, phase)


@pytest.mark.parametrize("row", MD_7, ids=lambda r: r[1])
def test_every_wonder_of_the_research_notes_has_its_text(row):
    name, effect = row[1], row[3]
    assert name in D.WONDER_INDEX
    text = T.wonder_text(name)
    missing = numbers(said(effect)) - numbers(T.wonder_abilities_text(D.WONDER_INDEX[name]))
    assert not missing, f"{name}: {missing} not in {text!r}"


def all_texts() -> list[tuple[str, str]]:
    out = [(f"tech {t.name}", T.tech_text(t.name)) for t in D.TECHS]
    out += [(f"wonder {w.name}", T.wonder_text(w.name)) for w in D.WONDERS]
    out += [(f"{kind} {name} {a.tag}", a.text) for kind, items in (("tech", D.TECHS), ("wonder", D.WONDERS),
                                                                 ("civ", D.CIVS), ("government", D.GOVERNMENTS))
            for name, abilities in ((x.name, x.abilities) for x in items) for a in abilities]
    return out


@pytest.mark.parametrize("what,text", all_texts(), ids=lambda x: x if len(x) < 60 else "")
def test_no_text_ends_cut_off(what, text):
    assert text.endswith((".", ")")), f"{what}: {text!r}"
    assert "…" not in text and not re.search(r"\b(then|and|or|the|a|of|to|;|,)\s*$", text[:-1]), what
    assert "no ability" not in text


def test_the_research_options_detail_is_the_whole_tech_text():
    for t in D.TECHS:
        detail = option_detail(Option(f"tech:{t.name}", t.name, ("tech", t.name), t.name))
        assert detail == T.tech_abilities_text(t) and detail.endswith(".")
    assert "Stacking limit 3" in T.tech_text("Masonry") and "city walls (7 production" in T.tech_text("Masonry")
    assert "may cross water but not end" in T.tech_text("Navigation")
    assert T.tech_text("Horseback Riding").endswith("then another player of your choice gains 6 trade.")


def test_the_rules_screen_lists_every_house_data_entry():
    """The `?` screen shows ``rules_notes()``: RULES.md, then a "House data" section built from
    ``data.HOUSE_DATA`` and ``data_map.HOUSE_DATA`` themselves, naming where they are."""
    from boardgames_tui.games.civilization import data_map
    from boardgames_tui.games.civilization.rules import GAME
    notes = GAME.rules_notes()
    assert notes.startswith("# Civilization") and "## Known gaps" in notes
    house = notes[notes.index("## House data"):]
    assert "data.py" in house and "data_map.py" in house
    for table in (D.HOUSE_DATA, data_map.HOUSE_DATA):
        assert table
        for k, v in table.items():
            assert f"`{k}`: {v}" in house, k
