"""Game link sizes: the URL of each fixture game and of a 500-action Bank Job. Prints figures.

Target (issue 11): a 500-action Bank Job in a link of at most 4,000 characters. The length
counted is the whole URL on a GitHub Pages sub-path, as a player would paste it.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tools.long_game import bank_500
from ui import links, urlparams

ROOT = Path(__file__).resolve().parent.parent
BASE = "https://example.github.io/burgle-bros/index.html"
TARGET = 4000


def main() -> None:
    fixtures = ROOT / "tests" / "fixtures"
    games = [
        (p.stem, json.loads(p.read_text())) for p in sorted((fixtures / "games").glob("*.json"))
    ]
    games.append(("bank_500", bank_500()))  # tools/long_game.py: random play that stays alive
    print(f"game links ({BASE}?game=...&v=...&a=...)")
    print(
        f"{'game':<16}{'actions':>8}{'url chars':>10}{'a chars':>9}{'chars/action':>13}"
        f"{'encode ms':>10}{'decode ms':>10}"
    )
    long_size = 0
    links.open_link(urlparams.parse(links.link_query("1.b.0.s.-.0.pebQQ", ["enter 1.A1"])))
    for name, doc in games:
        start = time.perf_counter()
        query = links.link_query(doc["setup"], doc["actions"])
        encode = time.perf_counter() - start
        params = urlparams.parse(query)
        start = time.perf_counter()
        opened = links.open_link(params)
        decode = time.perf_counter() - start
        assert opened.actions == doc["actions"] and not opened.problem, name
        n = len(doc["actions"])
        url = BASE + query
        if name == "bank_500":
            long_size = len(url)
        print(
            f"{name:<16}{n:>8}{len(url):>10}{len(params['a']):>9}"
            f"{len(params['a']) / n:>13.2f}{encode * 1000:>10.1f}{decode * 1000:>10.1f}"
        )
    verdict = "meets" if long_size <= TARGET else "MISSES"
    print(f"links: a 500-action Bank Job is a {long_size}-character URL -> {verdict} {TARGET:,}")


if __name__ == "__main__":
    main()
