//! Wiring of the patio binary, shared with the API tests.
