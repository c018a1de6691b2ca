//! HTTP adapter.
