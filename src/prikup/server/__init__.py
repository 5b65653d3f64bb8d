"""The multiplayer table server: ``prikup serve`` (FastAPI + uvicorn, SQLite or PostgreSQL)."""
