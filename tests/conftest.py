"""Shared test set-up: Qt runs headless and the app keeps its files in a temporary folder."""
from __future__ import annotations

import atexit
import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The loaders' cache (cardsets/cache.py) of this test process: never the person's own cache folder.
if "CONVIVIUM_CACHE" not in os.environ:
    os.environ["CONVIVIUM_CACHE"] = tempfile.mkdtemp(prefix="convivium-test-cache-")
    atexit.register(shutil.rmtree, os.environ["CONVIVIUM_CACHE"], True)
