"""Everything about the package is in pyproject.toml; this only maps the repository's top-level
dictionaries/ folder into the package (prism_translate/dictionaries/) when a wheel is built, so
that an installed package finds its dictionaries while the repository keeps them at the top."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildWithDictionaries(build_py):
    def run(self):
        super().run()
        if self.editable_mode:  # an editable install reads dictionaries/ in the checkout itself
            return
        target = Path(self.build_lib) / "prism_translate" / "dictionaries"
        target.mkdir(parents=True, exist_ok=True)
        for source in sorted((ROOT / "dictionaries").glob("*")):
            if source.suffix in (".json", ".md"):
                shutil.copyfile(source, target / source.name)


setup(cmdclass={"build_py": BuildWithDictionaries})
