"""How much text the API takes and how it cuts it, apart from the API itself: the host reports
these in `capabilities` without importing the engine."""

MAX_CHARS = 100_000  # per text: spaCy takes ~10 s for this much on a laptop core
CHUNK_CHARS = 2_000  # a long text is encoded and translated in chunks of at most this many characters ...
BATCH_CHARS = 6_000  # ... and chunks go to the translator (and back to the caller) in batches of this size
