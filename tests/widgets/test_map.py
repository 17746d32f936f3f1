"""The city map is one board: adjoining regions, a border for every bordering pair only."""

from __future__ import annotations

import math

import pytest

from mp_tutor import Game
from mp_tutor.core.i18n import set_language
from mp_tutor.princes.data import DISTRICT_IDS, DISTRICTS
from mp_tutor.princes.svg import board, geometry, map_svg
from mp_tutor.princes.targets import DistrictTarget, TargetKind

PAIRS = [(a, b) for i, a in enumerate(DISTRICT_IDS) for b in DISTRICT_IDS[i + 1:]]


def _cross(p, q, r, s) -> bool:
    def o(a, b, c):
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return o(p, q, r) * o(p, q, s) < 0 and o(r, s, p) * o(r, s, q) < 0


def test_the_border_drawing_has_no_crossings() -> None:
    c = geometry.CENTRE
    edges = sorted({tuple(sorted((a, b))) for a in DISTRICT_IDS for b in DISTRICTS[a].adjacent})
    assert len(edges) == 28
    for i, e in enumerate(edges):
        for f in edges[i + 1:]:
            if len(set(e) | set(f)) == 4:
                assert not _cross(c[e[0]], c[e[1]], c[f[0]], c[f[1]]), (e, f)
    # Euler: a planar drawing of 15 districts and 28 borders has 15 faces
    assert len(geometry.faces()) == 28 - 15 + 2


@pytest.mark.parametrize(("a", "b"), PAIRS)
def test_bordering_districts_share_an_edge_and_others_do_not_touch(a: str, b: str) -> None:
    if b in DISTRICTS[a].adjacent:
        assert geometry.shared_edge(a, b) >= 15, "a border must be visible"
    else:
        assert geometry.shared_points(a, b) == 0, "districts that do not border never touch"


def test_regions_tile_the_city_and_labels_fit() -> None:
    def area(poly):
        return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                       in zip(poly, poly[1:] + poly[:1], strict=True))) / 2
    regions = geometry.region_polygons()
    total = sum(area(p) for p in regions.values()) + sum(area(t) for t in geometry.terraces())
    assert math.isclose(total, area(list(geometry.wall())), rel_tol=0.01)  # no gap, no overlap
    for d, (_point, room) in geometry.label_points().items():
        assert room >= 30, d
    plaza = geometry.label_points()["central_plaza"][0]
    assert abs(plaza[0] - geometry.MAP_W / 2) < 40 and abs(plaza[1] - geometry.MAP_H / 2) < 60


def test_the_label_points_shipped_are_those_the_regions_give() -> None:
    # label_points.toml is computed ahead (python -m mp_tutor.princes.svg): recomputed here,
    # so that a change to the regions cannot leave it stale
    computed = geometry.compute_label_points()
    assert geometry.label_points() == computed
    assert geometry.LABEL_POINTS.read_text("utf-8") == geometry.label_points_toml(computed)
    assert geometry.main(["--check"]) == 0


def test_the_plans_shipped_are_every_first_board_s_recomputed() -> None:
    # plans.json (python -m mp_tutor.widgets.princes.plans): every plan recomputed, exactly
    # (its numbers and their types), and every princes chapter's first board in en/fr/nl in
    # it, nothing else; a shipped plan draws the same as a computed one
    from mp_tutor.widgets.princes import plans

    from mp_tutor.princes.svg import labels

    wanted = plans.first_boards()
    assert len(wanted) > 100 and {args[6] for args in wanted} == {"en", "fr", "nl"}
    assert labels.PLANS.read_text("utf-8") == plans.table_text(wanted), (
        "plans.json is stale: python -m mp_tutor.widgets.princes.plans")
    args = sorted(wanted, key=labels.plan_key)[0]
    shipped = labels.plan_from_json(labels.shipped()[labels.plan_key(args)])
    set_language(args[6])
    try:
        assert shipped == labels.compute_plan(*args[:6])
    finally:
        set_language("en")


def test_the_picture_says_the_map_is_reconstructed_and_marks_targets() -> None:
    game = Game.new(players=3, seed=1)
    svg = map_svg(game.view(0), {"sun_clock": DistrictTarget(TargetKind.MOVE, 1)})
    assert "Map reconstructed" in svg
    assert svg.count('data-target="sun_clock"') == 2 and "mp-target-llama" in svg
    assert "1 llama" in svg
    assert game._repr_svg_() == board(game.view(None))
