"""Every Join dialog of these tests looks for tables on loopback only: nothing is sent to the machine's network."""
from __future__ import annotations

from collections.abc import Callable

import pytest

from desktop.net import dialogs
from network.discovery import Browser, Found


@pytest.fixture(autouse=True)
def discovery_on_loopback(monkeypatch: pytest.MonkeyPatch) -> None:
    def on_loopback(on_change: Callable[[list[Found]], None]) -> Browser:
        return Browser(on_change, interfaces=["127.0.0.1"])

    monkeypatch.setattr(dialogs, "Browser", on_loopback)
