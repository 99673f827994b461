"""Every public name of the package has a docstring (help(libcube.Solver.solve) says what the headers say)."""
import inspect

import libcube


def missing() -> list:
    names = []
    for name in libcube.__all__:
        value = getattr(libcube, name)
        if not inspect.getdoc(value):
            names.append(name)
        if not inspect.isclass(value) or issubclass(value, (int, BaseException)):
            continue
        for attribute, member in vars(value).items():
            target = member.fget if isinstance(member, property) else getattr(member, "__func__", member)
            if attribute.startswith("_") or not callable(target):
                continue
            if not inspect.getdoc(member) and not (target.__doc__ or "").strip():
                names.append(f"{name}.{attribute}")
    return names


def test_every_public_name_has_a_docstring():
    assert missing() == []


def test_help_of_solve_says_what_it_does():
    assert "max_length" in inspect.getdoc(libcube.Solver.solve)
    assert "2x2" in inspect.getdoc(libcube.Solver.solve)
    assert inspect.getdoc(libcube.Cube.size) == "2 or 3."
