"""A drawing named by its function still reads, for the layers above the rules that name one."""

from __future__ import annotations

from arena.words.core import Drawn, Phrase, render, reworded


def shout(words: str, times: int) -> str:
    return " ".join([words.upper()] * times)


def test_a_drawn_text_reads_alone_and_within_a_phrase_its_inner_texts_drawn_first() -> None:
    inner = Drawn(shout, (Phrase("{} {}", ("hi", "there")), 2))
    assert render(inner) == "HI THERE HI THERE"
    assert render(Phrase("ai_reason_note", (inner,))) == "AI: HI THERE HI THERE"
    assert str(inner) == "HI THERE HI THERE"


def test_the_wording_in_force_applies_once_to_the_whole() -> None:
    with reworded(lambda words: f"<{words}>"):
        assert render(Phrase("ai_reason_note", (Drawn(shout, ("a", 1)),))) == "<AI: A>"
