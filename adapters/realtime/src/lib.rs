//! Real-time fan-out (lands with the queue issue).
