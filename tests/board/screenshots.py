"""Make the board screenshots of the README: `python -m tests.board.screenshots [DIR]` (default docs/).

Plays two scripted games through `kinito play --input text --board` and photographs the page in
Debian's headless chromium at 1920×1080 (a TV) and 390×844 (a phone).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from tests.board.browser import PlayProcess, browser_page

QUINITO = (
    "Ana: soixante deux",
    "Bruno: menteur",
    "table: quarante deux",
    "Ana: quinito",
    "Ana: à ma gauche",
    "Bruno: je prends",
    "Ana: cinquante trois",
    "Bruno: j'accepte",
    "Bruno: soixante trois",
    "Chloé: menteur",
    "table: soixante cinq",
    "Chloé: changement de sens",
    "Chloé: soixante et un",
    "Bruno: je soulève",
    "table: trente deux",
    "Chloé: quarante trois",
    "Bruno: j'accepte",
    "Bruno: soixante deux",
)
"""Six players, V-65: a bluff, a quinito and its totem, a wrong lift, a reversal; 62 stands."""
CINQUILLO = (
    "Chloé: cinq de deniers",
    "David: six de deniers",
    "Ana: cinq de coupes",
    "Bruno: quatre de deniers",
    "Chloé: six de coupes",
    "David: cinq d'épées",
    "Ana: sept de deniers",
    "Bruno: quatre de coupes",
    "Chloé: valet de deniers",
    "David: je passe",
)
"""Four players, original mode, round 1 under way."""
SIZES = {"tv": (1920, 1080), "phone": (390, 844)}


def shoot(out: Path, name: str, players: str, lines: tuple[str, ...], until: str, *flags: str) -> list[Path]:
    """Play `lines`, wait until the page's status reads `until` (all lines drawn), and save one PNG
    per size."""
    saved: list[Path] = []
    with tempfile.TemporaryDirectory() as work:
        play = PlayProcess(Path(work), players, *flags)
        try:
            for line in lines:
                play.say(line)
            for size, (width, height) in SIZES.items():
                with browser_page(width, height) as page:
                    page.goto(play.url)
                    page.locator("#status").filter(has_text=until).wait_for(timeout=15_000)
                    path = out / f"board-{name}-{size}.png"
                    page.screenshot(path=str(path))
                    saved.append(path)
        finally:
            play.close()
    return saved


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else Path("docs")
    out.mkdir(parents=True, exist_ok=True)
    six = "Ana,Bruno,Chloé,David,Émile,Fanny"
    saved = shoot(out, "quinito", six, QUINITO, "À Ana : accepter", "--variants", "V-65")
    saved += shoot(
        out, "cinquillo", "Ana,Bruno,Chloé,David", CINQUILLO, "À Ana de jouer", "--game", "cinquillo"
    )
    for path in saved:
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
