"""Shared test set-up: Qt runs headless and the app keeps its files in a temporary folder."""
from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
