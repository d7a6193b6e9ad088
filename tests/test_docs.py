"""The docs say what the code does: every command shown in README.md and docs/*.md is run
(a fenced example ``$ python -m pycore ...`` line for line, a "..." line standing for the lines
left out) or, where it is only mentioned in a sentence, parsed by the command line's own parser;
the command line reference is the parser's help (issue 34). The Python examples run as doctests
(pyproject.toml: --doctest-glob=*.md)."""

import re
import shlex
from pathlib import Path

import pytest
from commands import cli

from pycore.service.cli import build_parser, cli_reference

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
PROMPT = "$ python -m pycore "


def fenced_examples():
    """(page, command, the output shown) for every fenced block that starts with the prompt."""
    for page in PAGES:
        for block in re.findall(r"^```[a-z]*\n(.*?)^```", page.read_text(), flags=re.M | re.S):
            first, _, shown = block.partition("\n")
            if first.startswith(PROMPT):
                yield pytest.param(first[len(PROMPT):], shown, id=f"{page.name}: {first[2:60]}")


def mentioned_commands():
    for page in PAGES:
        for command in sorted(set(re.findall(r"`python -m pycore ([^`]*)`", page.read_text()))):
            yield pytest.param(command, id=f"{page.name}: {command[:50]}")


@pytest.mark.parametrize("command, shown", list(fenced_examples()))
def test_every_example_prints_what_the_docs_show(command, shown):
    done = cli(*shlex.split(command), "--quiet")  # (from the checkout's top folder, as a reader runs it)
    assert done.returncode == 0, done.stderr
    printed = done.stdout.splitlines()
    lines = shown.rstrip("\n").splitlines()
    if lines and lines[-1].strip() == "...":  # the rest of the output is left out
        lines = lines[:-1]
        printed = printed[: len(lines)]
    assert printed == lines


@pytest.mark.parametrize("command", list(mentioned_commands()))
def test_every_command_mentioned_parses(command):
    """A command named in a sentence: its words are real (a placeholder such as PATH or COMMAND,
    or a rule left out as '…', checks the command's name only; a bare command name too)."""
    argv = shlex.split(command.split(" > ")[0])
    commands = build_parser()._subparsers._group_actions[0].choices
    if argv == ["--help"] or argv[0] == "COMMAND":  # (the usage line's own placeholder)
        return
    assert argv[0] in commands, argv
    if len(argv) == 1 or any(w in ("GAME", "PATH") or "…" in w for w in argv):
        return
    build_parser().parse_args(argv)  # SystemExit (status 2) names the word that is wrong


def test_the_cli_reference_is_the_parsers_help():
    assert (ROOT / "docs" / "cli-reference.md").read_text() == cli_reference()


def test_the_readme_is_short_and_links_every_doc():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 250
    for page in PAGES[1:]:
        assert f"docs/{page.name}" in readme or page.name == "cli-reference.md" and "docs/cli.md" in readme, page.name
