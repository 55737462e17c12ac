"""The PRISM engine: analysis (tokenize, recognize), encoding, decoding and checks."""

import sys


def without_torch() -> None:
    """Keep PyTorch out of this process. spaCy's thinc imports torch whenever it is installed
    (the eval extra installs it): +3 s and +230 MiB for a pipeline that runs on numpy. A None
    entry in sys.modules makes `import torch` raise ImportError, which thinc reads as "not
    installed". For processes that never evaluate (the host, `prism translate`); call it before
    spaCy is first imported (a torch already imported stays). Here, not in tokenize.py, so that
    calling it imports nothing else of the engine."""
    sys.modules.setdefault("torch", None)  # type: ignore[arg-type]  # None is the documented "not installed"
