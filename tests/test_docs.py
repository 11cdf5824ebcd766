"""The documentation a user reads first: every relative link in README.md and docs/ names a
file of this repository (a clone has nothing beside it); the README's command table, the
synopsis of docs/cli.md and the command line itself name the same commands and options."""

import argparse
import re

import pytest
from conftest import REPO
from evflow import cli

LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_relative_links_stay_in_the_repository(page):
    for target in LINK.findall(page.read_text()):
        if "://" in target:
            continue
        resolved = (page.parent / target).resolve()
        assert resolved.is_relative_to(REPO), f"{page.name} links outside the repository: {target}"
        assert resolved.exists(), f"{page.name} links to a missing file: {target}"


SYNOPSIS_BLOCK = re.compile(r"^```\n(.*?)^```", re.S | re.M)
OPTION = re.compile(r"(?<![\w.-])(--?[A-Za-z][\w-]*)")


def command_of(synopsis: str) -> str:
    """The command a synopsis line is about: the lowercase words after `evflow` (`run`,
    `shm clean`, `bench transport`), or its first option (`--version`)."""
    words = synopsis.split()[1:]
    command = []
    for word in words:
        if not re.fullmatch(r"[a-z]+", word):
            break
        command.append(word)
    return " ".join(command) or words[0]


def cli_synopsis() -> dict:
    """docs/cli.md's synopsis block: each command's line, its continuation lines joined."""
    block = SYNOPSIS_BLOCK.search((REPO / "docs" / "cli.md").read_text()).group(1)
    lines = []
    for line in block.splitlines():
        if line.startswith("evflow "):
            lines.append(line)
        elif line.strip():
            lines[-1] += " " + line.strip()
    return {command_of(line): " ".join(line.split()) for line in lines}


def readme_commands() -> dict:
    """The README's command table: each row's command cell, `\\|` read as `|`."""
    section = (REPO / "README.md").read_text().split("## Command line", 1)[1]
    rows = re.findall(r"^\| `(evflow [^`]*)` \|", section, re.M)
    cells = [" ".join(row.replace("\\|", "|").split()) for row in rows]
    return {command_of(cell): cell for cell in cells}


def test_the_readme_command_table_is_cli_mds_synopsis():
    """Every command of docs/cli.md's synopsis has a row in the README's table, and the row
    is the synopsis line: the same operands and options, so neither page lags the other."""
    synopsis, readme = cli_synopsis(), readme_commands()
    assert len(synopsis) > 10, f"docs/cli.md's synopsis block was not found: {synopsis}"
    assert sorted(readme) == sorted(synopsis), (
        f"commands only in docs/cli.md: {sorted(set(synopsis) - set(readme))}; "
        f"only in README.md: {sorted(set(readme) - set(synopsis))}"
    )
    for command, line in synopsis.items():
        assert readme[command] == line, (
            f"README.md's row and docs/cli.md differ:\n{readme[command]}\n{line}"
        )


def parser_options(parser: argparse.ArgumentParser) -> list:
    """The option strings of each option of ``parser`` and of its subcommands' parsers."""
    options = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                options += parser_options(sub)
        elif action.option_strings and not isinstance(action, argparse._HelpAction):
            options.append(tuple(action.option_strings))
    return options


def test_cli_mds_synopsis_has_every_option_of_the_command_line():
    """Each synopsis line of docs/cli.md names every option its command takes (one of its
    spellings), and no option it does not take; every command of `evflow` has a line."""
    top = cli._parser()
    commands = {}
    for action in top._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                nested = [a for a in sub._actions if isinstance(a, argparse._SubParsersAction)]
                spread = name in ("shm", "keys", "bench")  # one synopsis line per action
                for inner, parser in nested[0].choices.items() if spread else [("", sub)]:
                    commands[f"{name} {inner}".strip()] = parser_options(parser)
    commands["--version"] = [("--version",)]
    synopsis = cli_synopsis()
    assert sorted(synopsis) == sorted(commands), (
        f"commands without a synopsis line: {sorted(set(commands) - set(synopsis))}; "
        f"lines of no command: {sorted(set(synopsis) - set(commands))}"
    )
    for command, options in commands.items():
        named = set(OPTION.findall(synopsis[command]))
        missing = [spellings for spellings in options if not named & set(spellings)]
        assert not missing, f"docs/cli.md's `evflow {command}` lacks {missing}"
        known = {s for spellings in options for s in spellings}
        assert named <= known, f"`evflow {command}` takes no {sorted(named - known)}"


def test_the_design_lists_every_row_of_the_life_cycle_tables():
    """docs/topology-design.md, "Controller and life cycle", lists the rows of the device and
    run tables (crates/evflow-runtime/src/control/lifecycle.rs), in order, and no others."""
    from evflow._native import lifecycle

    section = (REPO / "docs" / "topology-design.md").read_text()
    section = section.split("## Controller and life cycle", 1)[1].split("\n## ", 1)[0]
    tables = [
        [tuple(row) for row in re.findall(r"^\| (\w+) \| (\w+) \| (\w+) \|$", table, re.M)]
        for table in re.split(r"^Every row of the ", section, flags=re.M)[1:]
    ]
    assert tables == [list(lifecycle.DEVICE_TABLE), list(lifecycle.RUN_TABLE)]
