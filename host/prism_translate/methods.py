"""The PRISM methods by name: the one list every part of the host uses (the extension gets it
from the host's `capabilities` reply)."""

from __future__ import annotations

# Everything the engine runs: PRISM* (Algorithm 2), PRISM-R (ε-DP), their DP mixture, and the
# paper's baseline that sends substitutes and never swaps them back.
METHODS = ("star", "r", "mix", "nodecode")
# What a user picks in the settings and the extension: the baseline is for research only
# (`prism translate --method nodecode`, `prism evaluate`).
USER_METHODS = ("star", "r", "mix")
NAMES = {"star": "PRISM*", "r": "PRISM-R", "mix": "Mixture", "nodecode": "NoDecode"}
