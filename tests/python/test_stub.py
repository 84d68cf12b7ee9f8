"""The type stub (__init__.pyi) and the docstrings describe the module as it is."""

import ast
import inspect
import re
from pathlib import Path

import dlx_sudoku as d

STUB = Path(d.__file__).with_name("__init__.pyi")


def stub_tree():
    return ast.parse(STUB.read_text())


def test_every_public_name_is_in_the_stub_and_documented():
    declared = set()
    for node in stub_tree().body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            declared.add(node.name)
    for name in d.__all__:
        assert name in declared, f"{name} is not in __init__.pyi"
        obj = getattr(d, name)
        assert obj.__doc__ and len(obj.__doc__.strip()) > 20, f"{name} has no docstring"
    assert declared - set(d.__all__) == set()


def runtime_parameters(function):
    """Parameter names from pybind11's signature line(s) in the docstring."""
    names = []
    for line in function.__doc__.splitlines():
        m = re.match(r"^(?:\d+\. )?\w+\((.*)\) ->", line)
        if m:
            names.append([p.split(":")[0].strip() for p in m.group(1).split(", ")
                          if p and p != "*" and not p.startswith("self")])
    return names


def test_function_parameters_match_the_stub():
    for node in stub_tree().body:
        if not isinstance(node, ast.FunctionDef):
            continue
        a = node.args
        stub = [p.arg for p in a.posonlyargs + a.args + a.kwonlyargs]
        runtime = runtime_parameters(getattr(d, node.name))
        assert stub in runtime, (node.name, stub, runtime)


def test_methods_and_properties_are_in_the_stub():
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef) or node.name == "BudgetExhausted":
            continue
        cls = getattr(d, node.name)
        stubbed = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
        # What the class adds: not what it inherits from a built-in (Svg is a str).
        builtins = [b for b in cls.__mro__[1:] if b.__module__ == "builtins"]
        public = {n for n, _ in inspect.getmembers(cls)
                  if not n.startswith("_") and not any(hasattr(b, n) for b in builtins)}
        assert public <= stubbed, (node.name, public - stubbed)
        for name in public:
            assert getattr(cls, name).__doc__, f"{node.name}.{name} has no docstring"
