"""The database's schema migrations (Alembic): ``Store`` upgrades every
database it opens to the newest revision (storage.py, :func:`upgrade`)."""
