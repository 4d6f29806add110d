"""The game server (extra ``[server]``): tables, seats, bots and live games over
websockets, stored with SQLAlchemy (SQLite by default, PostgreSQL by URL), scaled out
over Redis. It imports the engine; nothing in the engine imports it.

``yuletide serve`` runs it; :func:`create_app` builds the ASGI app for tests and
embedding. The protocol is in :mod:`yuletide.server.protocol`, the table actor in
:mod:`yuletide.server.table`, ownership and routing in :mod:`yuletide.server.hub`.
"""

from .app import ServerConfig, create_app

__all__ = ["ServerConfig", "create_app"]
