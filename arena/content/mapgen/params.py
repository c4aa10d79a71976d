"""What a generated map is made from: a seed, a size, a style and how much cover."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Annotated, Final, Literal, get_args

from arena.content.bounds import Length, Range, Seed

Style = Literal["yard", "street", "rooms", "ring"]
STYLES: Final = get_args(Style)
Cover = Literal["low", "some", "much"]
COVERS: Final = get_args(Cover)
SIZE_MIN: Final = 10
"""The fewest cells across or down: room for the border, two spawn bands and a middle."""
SIZE_MAX: Final = 60
"""The most cells across or down: twice the widest drawn map, still quick to generate."""
DEFAULT_SIZE: Final = (20, 12)


@dataclass(frozen=True, slots=True)
class MapParams:
    """Everything a generated map depends on: the same params give the same map."""

    seed: Seed
    size: Annotated[tuple[Annotated[int, Range(SIZE_MIN, SIZE_MAX)], ...], Length(2, 2)] = (
        DEFAULT_SIZE
    )
    """``[width, height]`` in cells, border included."""
    style: Style = "yard"
    cover: Cover = "some"

    @property
    def width(self) -> int:
        """Cells across."""
        return self.size[0]

    @property
    def height(self) -> int:
        """Cells down."""
        return self.size[1]

    def text(self) -> str:
        """The params as one canonical line (what the digest and the derived seeds hash)."""
        size = f"{self.width}x{self.height}"
        return f"seed={self.seed};size={size};style={self.style};cover={self.cover}"


def try_seed(params: MapParams, attempt: int) -> int:
    """The seed of one try: 64 bits of SHA-256 over the params and the try's number.

    Never Python's ``hash()``, which differs from process to process.
    """
    data = f"arena-mapgen/1;{params.text()};try={attempt}".encode()
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


def map_digest(params: MapParams, rows: tuple[str, ...]) -> str:
    """``sha256:`` and the hash of the params line and the map's rows, one a line."""
    text = params.text() + "\n" + "\n".join(rows) + "\n"
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def map_seed(base: int, number: int) -> int:
    """Map ``number``'s seed in a batch or run: 63 bits of SHA-256 of ``"{base}/map/{number}"``."""
    digest = hashlib.sha256(f"{base}/map/{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def drawn_params(base: int, number: int, styles: tuple[Style, ...] = STYLES) -> MapParams:
    """Map ``number`` of a batch or a run: 20 x 12, some cover, its style picked by its seed."""
    seed = map_seed(base, number)
    return MapParams(seed, DEFAULT_SIZE, styles[seed % len(styles)], "some")
