"""The bundled font: loaded from the package (never the system's), measured with it, long
names cut with an ellipsis at the real width, any text drawable."""

from __future__ import annotations

from importlib.resources import files

import pytest

from fairpair.interop.images.fonts import ELLIPSIS, clean, fitted, font, font_bytes, width


def test_the_font_and_its_license_are_in_the_package() -> None:
    fonts = files("fairpair.data").joinpath("fonts")
    assert fonts.joinpath("DejaVuSans.ttf").is_file()
    assert fonts.joinpath("DejaVuSans-Bold.ttf").is_file()
    license_text = fonts.joinpath("LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera" in license_text and "Arev" in license_text
    assert font_bytes()[:4] == b"\x00\x01\x00\x00"  # a TrueType file
    assert font(28).getname() == ("DejaVu Sans", "Book")
    assert font(28, bold=True).getname() == ("DejaVu Sans", "Bold")


def test_bold_is_wider_and_width_grows_with_size() -> None:
    assert width("Zoë Adams", 28, True) > width("Zoë Adams", 28)
    assert width("Zoë Adams", 40) > width("Zoë Adams", 28) > 0


def test_a_name_that_fits_is_kept_whole() -> None:
    assert fitted("Zoë Adams", 400, 28) == "Zoë Adams"


@pytest.mark.parametrize("room", [60, 120, 250, 377])
def test_a_long_name_is_cut_to_the_room_with_an_ellipsis(room: int) -> None:
    name = "Maximiliane Alexandra von Hohenzollern-Sigmaringen"
    cut = fitted(name, room, 28)
    assert cut.endswith(ELLIPSIS) and width(cut, 28) <= room
    assert name.startswith(cut[:-1])
    longer = name[: len(cut)] + ELLIPSIS  # one character more no longer fits
    assert width(longer, 28) > room or longer.rstrip(ELLIPSIS).endswith(" ")


def test_no_room_for_even_the_ellipsis_is_empty() -> None:
    assert fitted("Zoë", 5, 28) == ""


def test_an_accent_is_never_split_from_its_letter() -> None:
    decomposed = "Zoe\u0308" * 30  # "Zoë" with a combining diaeresis, not composable after NFC?
    cut = fitted(decomposed, 200, 28)
    assert cut.endswith(ELLIPSIS)
    assert not cut[:-1].endswith("e")  # ë composed by NFC, never a bare e
    marks = "a" + "\u0301\u0302\u0303\u0304" * 20 + "b" * 40
    assert not fitted(marks, 100, 28)[:-1].endswith("a")  # either the whole cluster or none


def test_text_is_cleaned_of_controls_and_line_breaks() -> None:
    assert clean("A\tB\nC\x00D\x1bE\ufffeF\ud800G") == "A B CDEFG"
    assert clean("Zoe\u0308") == "Zoë"  # composed: the font's own glyph


@pytest.mark.parametrize("name", ["王小明", "김민준", "😀 Party", "مريم", "\u200b\u200d"])
def test_text_the_font_lacks_is_measured_and_never_fails(name: str) -> None:
    assert width(name, 28) >= 0
    cut = fitted(name * 20, 200, 28)
    assert width(cut, 28) <= 200
