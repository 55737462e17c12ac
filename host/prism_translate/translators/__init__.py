"""Translator backends: each one takes already-scrambled text and returns its translation
(base.py), built by name from the settings and key its caller passes in (registry.py)."""
