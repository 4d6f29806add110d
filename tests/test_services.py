"""The test harness itself: tests/services.py and the fixtures in tests/conftest.py."""

from __future__ import annotations

import socket
from urllib.parse import urlsplit

import pytest

import services

_fresh_names: list[str] = []  # databases handed out by pg_fresh_url, in test order


def _port_open(url: str) -> bool:
    parts = urlsplit(url)
    try:
        with socket.create_connection((parts.hostname or "127.0.0.1", parts.port or 0), 1):
            return True
    except OSError:
        return False


def _databases(pg_url: str) -> set[str]:
    import sqlalchemy as sa

    engine = sa.create_engine(pg_url)
    try:
        with engine.connect() as conn:
            return set(conn.scalars(sa.text("SELECT datname FROM pg_database")))
    finally:
        engine.dispose()


# --- PostgreSQL -------------------------------------------------------------------------------


def test_pg_url_connects_with_sqlalchemy(pg_url: str, request: pytest.FixtureRequest) -> None:
    import sqlalchemy as sa

    assert pg_url.startswith("postgresql+psycopg://")
    assert request.node.get_closest_marker("postgres") is not None
    engine = sa.create_engine(pg_url)
    try:
        with engine.connect() as conn:
            assert conn.scalar(sa.text("select 1")) == 1
            assert conn.scalar(sa.text("select current_database()")) == urlsplit(pg_url).path[1:]
    finally:
        engine.dispose()


def test_pg_fresh_url_is_an_empty_private_database(pg_url: str, pg_fresh_url: str) -> None:
    import sqlalchemy as sa

    name = urlsplit(pg_fresh_url).path[1:]
    assert name != urlsplit(pg_url).path[1:]
    engine = sa.create_engine(pg_fresh_url)
    try:
        assert sa.inspect(engine).get_table_names() == []
        with engine.begin() as conn:
            conn.execute(sa.text("CREATE TABLE leftover (id int)"))
        assert sa.inspect(engine).get_table_names() == ["leftover"]
    finally:
        engine.dispose()
    _fresh_names.append(name)


def test_pg_fresh_url_is_dropped_after_its_test(pg_url: str, pg_fresh_url: str) -> None:
    import sqlalchemy as sa

    if not _fresh_names:
        pytest.skip("needs the previous test in this module to run first")
    existing = _databases(pg_url)
    assert _fresh_names[-1] not in existing
    assert urlsplit(pg_fresh_url).path[1:] in existing
    engine = sa.create_engine(pg_fresh_url)
    try:
        assert sa.inspect(engine).get_table_names() == []
    finally:
        engine.dispose()


def test_fresh_and_drop_helpers(pg_url: str) -> None:
    import sqlalchemy as sa

    name = services.pg_database_name("Helpers: Ünïcode & spaces " * 5)
    assert len(name.encode()) <= 63
    assert name.startswith("yt_helpers_")
    url = services.fresh_pg_database(pg_url, name)
    assert name in _databases(pg_url)
    engine = sa.create_engine(url)
    with engine.connect() as conn:
        assert conn.scalar(sa.text("select current_database()")) == name
    services.drop_pg_database(pg_url, name)  # the pool still holds a connection: the drop ends it
    engine.dispose()
    assert name not in _databases(pg_url)
    services.drop_pg_database(pg_url, name)  # already gone: no error
    with pytest.raises(ValueError, match="refusing"):
        services.drop_pg_database(pg_url, urlsplit(pg_url).path[1:])


def test_a_second_cluster_stops_and_leaves_nothing(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(services.PG_URL_ENV, raising=False)
    try:
        other = services.start_postgres()
    except services.ServiceUnavailable as exc:
        pytest.skip(f"cannot start a cluster here (pg_url is given by environment): {exc}")
    assert other.url != pg_url
    assert _port_open(other.url)
    other.stop()
    other.stop()  # idempotent
    assert not _port_open(other.url)


# --- Redis ------------------------------------------------------------------------------------


def test_redis_ping(redis_url: str, request: pytest.FixtureRequest) -> None:
    import redis

    assert request.node.get_closest_marker("redis") is not None
    assert request.node.get_closest_marker("postgres") is None
    client = redis.Redis.from_url(redis_url)
    try:
        assert client.ping() is True
    finally:
        client.close()


def test_redis_pubsub_round_trip(redis_url: str) -> None:
    import redis

    client = redis.Redis.from_url(redis_url)
    pubsub = client.pubsub()
    try:
        pubsub.subscribe("test_services:chan")
        assert pubsub.get_message(timeout=1)["type"] == "subscribe"  # type: ignore[index]
        assert client.publish("test_services:chan", "ho ho ho") == 1
        message = pubsub.get_message(ignore_subscribe_messages=True, timeout=1)
        assert message is not None
        assert message["data"] == b"ho ho ho"
    finally:
        pubsub.close()
        client.close()


async def test_redis_async_pubsub_round_trip(redis_url: str) -> None:
    import redis.asyncio as aredis

    client = aredis.Redis.from_url(redis_url)
    pubsub = client.pubsub()
    try:
        await pubsub.subscribe("test_services:achan")
        assert (await pubsub.get_message(timeout=1))["type"] == "subscribe"  # type: ignore[index]
        assert await client.publish("test_services:achan", "jingle") == 1
        message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1)
        assert message is not None
        assert message["data"] == b"jingle"
    finally:
        await pubsub.aclose()
        await client.aclose()


def test_flush_redis(redis_url: str) -> None:
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        client.set("test_services:key", "1")
        services.flush_redis(redis_url)
        assert client.get("test_services:key") is None
    finally:
        client.close()


def test_a_second_redis_stops(redis_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(services.REDIS_URL_ENV, raising=False)
    try:
        other = services.start_redis()
    except services.ServiceUnavailable as exc:
        pytest.skip(f"cannot start redis here (redis_url is given by environment): {exc}")
    assert other.url != redis_url
    assert _port_open(other.url)
    other.stop()
    other.stop()
    assert not _port_open(other.url)


# --- no server needed -------------------------------------------------------------------------


def test_environment_urls_start_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(services.PG_URL_ENV, "postgresql+psycopg://u@db.example:5/x")
    monkeypatch.setenv(services.REDIS_URL_ENV, "redis://cache.example:6/1")
    pg, red = services.start_postgres(), services.start_redis()
    assert (pg.url, red.url) == (
        "postgresql+psycopg://u@db.example:5/x",
        "redis://cache.example:6/1",
    )
    pg.stop()
    red.stop()


def test_missing_binaries_give_a_reason_when_not_root(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(services.PG_URL_ENV, raising=False)
    monkeypatch.delenv(services.REDIS_URL_ENV, raising=False)
    monkeypatch.setattr(services, "_is_root", lambda: False)
    monkeypatch.setattr(services, "find_pg_bin", lambda: None)
    monkeypatch.setattr(services.shutil, "which", lambda _name: None)
    with pytest.raises(services.ServiceUnavailable, match=r"initdb.*not root.*'postgresql'"):
        services.start_postgres()
    with pytest.raises(services.ServiceUnavailable, match=r"redis-server.*not root"):
        services.start_redis()


def test_marks_follow_fixtures(request: pytest.FixtureRequest) -> None:
    assert request.node.get_closest_marker("postgres") is None
    assert request.node.get_closest_marker("redis") is None
