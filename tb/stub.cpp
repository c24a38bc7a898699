// Anchor so the library exists before its parts do.
