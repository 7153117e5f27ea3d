//! What to draw: draw lists built by scenes, layouts, and the soft (host) backend.
