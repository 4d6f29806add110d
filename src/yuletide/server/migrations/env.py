"""Alembic environment for the Yuletide server schema (driven from code, no alembic.ini)."""

from alembic import context
from sqlalchemy import engine_from_config, pool

from yuletide.server.store import metadata

config = context.config


def run_migrations() -> None:
    connectable = engine_from_config(
        config.get_section(config.config_ini_section) or {},
        prefix="sqlalchemy.",
        poolclass=pool.NullPool,
    )
    with connectable.connect() as connection:
        # render_as_batch: SQLite cannot ALTER most columns (Alembic's batch mode copes).
        context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


run_migrations()
