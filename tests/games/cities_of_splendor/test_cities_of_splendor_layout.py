"""The house plan (docs/DESIGN.md) for Cities: every catalog is a mapping by id (the files and
the import rule are checked for every game in tests/test_house_plan.py)."""

from __future__ import annotations

from tabletop.games import cities_of_splendor


def test_every_catalog_is_a_mapping_by_id() -> None:
    catalogs = {
        "CARDS": cities_of_splendor.CARDS,
        "NOBLES": cities_of_splendor.NOBLES,
        "CITY_FACES": cities_of_splendor.CITY_FACES,
    }
    for name, catalog in catalogs.items():
        assert isinstance(catalog, dict), name
        assert all(key == item.id for key, item in catalog.items()), name
    assert all(key == tile.tile for key, tile in cities_of_splendor.CITY_TILES.items())
    assert all(key == post.position for key, post in cities_of_splendor.TRADING_POSTS.items())
