//! Pure rules: no I/O, no async, no clock.
