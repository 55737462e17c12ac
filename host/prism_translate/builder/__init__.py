"""Building a dictionary: an application beside api.py that probes a translator with public
corpus text (build.py) and puts the steps in order (make.py). It uses translators/ and
dictionary/; neither of them knows it."""
