"""Pages of a long list: page K of N, the top N first, refusals past the end."""

from __future__ import annotations

import pytest

from fairpair.interop.images import NoSuchPage, sheet


def test_pages_of_ten() -> None:
    first = sheet(4000, 1, 10)
    assert (first.start, first.stop, first.pages) == (0, 10, 400)
    last = sheet(4000, 400, 10)
    assert (last.start, last.stop) == (3990, 4000)
    assert last.caption("Players") == "Players 3,991–4,000 of 4,000 · page 400 of 400"


def test_the_last_page_may_be_short_and_one_page_says_no_page() -> None:
    assert sheet(25, 3, 10).rows == slice(20, 25)
    assert sheet(7, 1, 10).caption("Tables") == "Tables 1–7 of 7"


def test_top_keeps_the_first_rows_before_paging() -> None:
    top = sheet(4000, 1, 10, top=8)
    assert (top.stop, top.pages, top.total) == (8, 1, 8)
    assert sheet(4000, 2, 10, top=16).rows == slice(10, 16)
    assert sheet(5, 1, 10, top=8).stop == 5


def test_an_empty_list_has_one_empty_page() -> None:
    empty = sheet(0)
    assert (empty.pages, empty.start, empty.stop) == (1, 0, 0)
    assert empty.caption("Players") == "no players"


@pytest.mark.parametrize(
    ("total", "page", "per_page", "top", "field"),
    [
        (40, 5, 10, None, "page"),
        (40, 0, 10, None, "page"),
        (40, 1, 0, None, "per_page"),
        (40, 1, 10, 0, "top"),
        (40, 2, 10, 8, "page"),
    ],
)
def test_a_page_that_does_not_exist_is_refused(
    total: int, page: int, per_page: int, top: int | None, field: str
) -> None:
    with pytest.raises(NoSuchPage) as refused:
        sheet(total, page, per_page, top)
    assert str(refused.value.location) == field and refused.value.code == "refused"
