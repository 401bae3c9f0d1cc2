//! Launch bounds reader (placeholder).
