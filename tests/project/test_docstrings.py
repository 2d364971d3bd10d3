"""Every module of the library (`rules/`, `cardsets/`, `network/`) and every public class, function and method in it has
a docstring (issue #40, item 6): a library user reads them with `help()`.

A method counts as documented when `inspect.getdoc` finds a docstring, so an override of a documented
`Engine` method inherits its text. Names imported from elsewhere are checked where they are defined.
"""
from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
import textwrap
import types

import pytest

import cardsets
import network
import rules


def _modules(package: types.ModuleType) -> list[types.ModuleType]:
    found = [package]
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        found.append(importlib.import_module(info.name))
    return found


def _is_public(name: str) -> bool:
    return not name.startswith("_")


def _undocumented(module: types.ModuleType) -> list[str]:
    """The public names defined in `module` that lack a docstring, the module itself included."""
    missing = [] if module.__doc__ and module.__doc__.strip() else [f"{module.__name__} (module)"]
    for name, value in vars(module).items():
        if not _is_public(name) or getattr(value, "__module__", None) != module.__name__:
            continue
        if inspect.isfunction(value):
            if not inspect.getdoc(value):
                missing.append(f"{module.__name__}.{name}")
        elif inspect.isclass(value):
            missing.extend(_undocumented_class(module.__name__, value))
    return missing


def _undocumented_class(module_name: str, cls: type) -> list[str]:
    where = f"{module_name}.{cls.__qualname__}"
    # A class's own docstring, not one inherited from its base (getdoc would find that), nor the
    # "Name(field: type)" signature that dataclass and NamedTuple write when there is none.
    doc = (cls.__doc__ or "").strip()
    missing = [] if doc and not doc.startswith(f"{cls.__name__}(") else [where]
    for name, member in vars(cls).items():
        if not _is_public(name):
            continue
        function = member.__func__ if isinstance(member, (staticmethod, classmethod)) else member
        if isinstance(function, property):
            function = function.fget
        if not inspect.isfunction(function) or function.__module__ != module_name:
            continue  # fields, constants, and methods written by dataclass or Enum machinery
        # getdoc finds the docstring of the method an undocumented override replaces.
        if not inspect.getdoc(member if isinstance(member, property) else getattr(cls, name)):
            missing.append(f"{where}.{name}")
    return missing


def _check(package: types.ModuleType) -> list[str]:
    return [name for module in _modules(package) for name in _undocumented(module)]


def test_every_public_name_of_the_rules_has_a_docstring() -> None:
    missing = _check(rules)
    assert not missing, f"{len(missing)} without a docstring:\n" + "\n".join(missing)


def test_every_public_name_of_the_card_set_layer_has_a_docstring() -> None:
    missing = _check(cardsets)
    assert not missing, f"{len(missing)} without a docstring:\n" + "\n".join(missing)


def test_every_public_name_of_the_network_layer_has_a_docstring() -> None:
    missing = _check(network)
    assert not missing, f"{len(missing)} without a docstring:\n" + "\n".join(missing)


def test_the_check_finds_what_lacks_a_docstring_and_lets_inherited_ones_count(
        monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("toy", "A toy module.")
    monkeypatch.setitem(sys.modules, "toy", module)  # where dataclass and getdoc look classes up
    exec(textwrap.dedent('''
        from dataclasses import dataclass
        from inspect import getdoc  # imported: checked where it is defined

        class Base:
            """Documented."""

            def act(self) -> None:
                """Documented here."""

        class Child(Base):
            """Documented."""

            def act(self) -> None:  # inherits Base.act's docstring
                pass

            def other(self) -> None:
                pass

            def _private(self) -> None:
                pass

        @dataclass
        class Plain:
            value: int

            @property
            def double(self) -> int:
                return 2 * self.value

        def bare() -> None:
            pass
        '''), module.__dict__)
    assert _undocumented(module) == ["toy.Child.other", "toy.Plain", "toy.Plain.double", "toy.bare"]
    assert _undocumented(types.ModuleType("silent")) == ["silent (module)"]
