"""The drop-in modules: answers applied back, the formats token by token, invalid cubes of every class."""
import re

import pytest

import libcube
from libcube import kociemba, twophase

SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
KOCIEMBA_TOKEN = re.compile(r"^[URFDLB]['2]?$")
TWOPHASE_TOKEN = re.compile(r"^[URFDLB][123]$")


def swapped(facelets: str, *pairs) -> str:
    letters = list(facelets)
    for a, b in pairs:
        letters[a], letters[b] = letters[b], letters[a]
    return "".join(letters)


# One cube of each class of invalid cube, from a solved one (facelet indices in URFDLB order).
INVALID = {
    "short": SOLVED[:53],
    "long": SOLVED + "U",
    "unknown letter": "X" + SOLVED[1:],
    "colour count": "R" + SOLVED[1:],
    "flipped edge": swapped(SOLVED, (7, 19)),
    "twisted corner": "".join(SOLVED[i] if i not in (8, 9, 20) else SOLVED[{8: 9, 9: 20, 20: 8}[i]]
                              for i in range(54)),
    "two edges swapped": swapped(SOLVED, (7, 1), (19, 46)),
    "colour letters": SOLVED.translate(str.maketrans("URFDLB", "WROYGB")),
}


def scrambled(seed: int) -> str:
    return libcube.Cube.random(3, seed=seed).facelets


def apply_kociemba(facelets: str, answer: str) -> libcube.Cube:
    return libcube.Cube.from_facelets(facelets).apply(answer)


def apply_twophase(facelets: str, answer: str) -> libcube.Cube:
    tokens = answer.split()
    count = re.fullmatch(r"\((\d+)f\)", tokens[-1])
    assert count, answer
    moves = tokens[:-1]
    assert int(count.group(1)) == len(moves)
    notation = " ".join(token[0] + {"1": "", "2": "2", "3": "'"}[token[1]] for token in moves)
    return libcube.Cube.from_facelets(facelets).apply(notation)


@pytest.mark.parametrize("seed", range(8))
def test_kociemba_solves(seed):
    facelets = scrambled(seed)
    answer = kociemba.solve(facelets)
    assert answer == answer.strip() and "  " not in answer
    assert all(KOCIEMBA_TOKEN.match(token) for token in answer.split()), answer
    assert len(answer.split()) <= 24
    assert apply_kociemba(facelets, answer).is_solved


def test_kociemba_solved_cube_and_pattern():
    assert kociemba.solve(SOLVED) == ""
    start = scrambled(40)
    pattern = scrambled(41)
    answer = kociemba.solve(start, pattern)
    assert apply_kociemba(start, answer) == libcube.Cube.from_facelets(pattern)
    assert len(kociemba.solve(scrambled(42), max_depth=21).split()) <= 21


@pytest.mark.parametrize("kind", sorted(INVALID))
def test_kociemba_invalid_cube_is_value_error(kind):
    with pytest.raises(ValueError):
        kociemba.solve(INVALID[kind])
    with pytest.raises(ValueError):
        kociemba.solve(SOLVED, INVALID[kind])


def test_kociemba_too_short_a_depth_is_value_error():
    with pytest.raises(ValueError):
        kociemba.solve(scrambled(3), max_depth=0)
    with pytest.raises(TypeError):
        kociemba.solve(None)


@pytest.mark.parametrize("seed", range(8))
def test_twophase_solves(seed):
    facelets = scrambled(seed)
    answer = twophase.solve(facelets, 20, 2)
    assert answer.endswith("f)") and not answer.startswith(" ")
    assert all(TWOPHASE_TOKEN.match(token) for token in answer.split()[:-1]), answer
    assert len(answer.split()) - 1 <= 20
    assert apply_twophase(facelets, answer).is_solved


def test_twophase_formats():
    assert twophase.solve(SOLVED) == "(0f)"
    assert twophase.solve(libcube.Cube(3).apply("R").facelets) == "R3 (1f)"
    assert twophase.solve(libcube.Cube(3).apply("U2 F").facelets) == "F3 U2 (2f)"
    start = scrambled(50)
    goal = scrambled(51)
    answer = twophase.solveto(start, goal, max_length=20, timeout=3)
    assert apply_twophase(start, answer) == libcube.Cube.from_facelets(goal)
    assert twophase.solveto(start, start) == "(0f)"


def test_twophase_keeps_answering_after_an_impossible_length():
    facelets = scrambled(4)
    answer = twophase.solve(facelets, max_length=8, timeout=0.2)
    assert apply_twophase(facelets, answer).is_solved


EXPECTED_TWOPHASE = {
    "short": "Error: Cube definition string " + INVALID["short"] + " contains less than 54 facelets.",
    "long": "Error: Cube definition string " + INVALID["long"] + " contains more than 54 facelets.",
    "unknown letter": "Error: Cube definition string " + INVALID["unknown letter"]
    + " does not contain exactly 9 facelets of each color.",
    "colour count": "Error: Cube definition string " + INVALID["colour count"]
    + " does not contain exactly 9 facelets of each color.",
    "flipped edge": "Error: Total edge flip is wrong.",
    "twisted corner": "Error: Total corner twist is wrong.",
    "two edges swapped": "Error: Wrong edge and corner parity",
    "colour letters": "Error: Cube definition string " + INVALID["colour letters"]
    + " does not contain exactly 9 facelets of each color.",
}


@pytest.mark.parametrize("kind", sorted(INVALID))
def test_twophase_error_strings(kind):
    assert twophase.solve(INVALID[kind]) == EXPECTED_TWOPHASE[kind]
    assert twophase.solveto(INVALID[kind], SOLVED) == "first cube " + EXPECTED_TWOPHASE[kind]
    assert twophase.solveto(SOLVED, INVALID[kind]) == "second cube " + EXPECTED_TWOPHASE[kind]
