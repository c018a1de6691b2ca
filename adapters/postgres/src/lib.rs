//! PostgreSQL adapter.
