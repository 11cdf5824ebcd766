"""The documentation a user reads first: every relative link in README.md and docs/ names a
file of this repository (a clone has nothing beside it)."""

import re

import pytest
from conftest import REPO

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
