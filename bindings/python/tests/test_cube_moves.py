"""Cube and Moves: constructors, queries, the Python idioms, closing, errors."""
import pytest

import libcube
from libcube import Cube, CubeError, MoveKind, Moves, Status

from conftest import INSTANT_SIM, scrambled

SOLVED = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"


def test_solved_cubes():
    for size, count in ((2, 24), (3, 54)):
        cube = Cube(size)
        assert cube.size == size
        assert cube.is_solved
        assert len(cube.facelets) == count
        assert str(cube) == cube.facelets
    assert Cube().size == 3


def test_from_facelets_and_equality():
    cube = Cube.from_facelets(SOLVED)
    assert cube == Cube(3)
    assert hash(cube) == hash(Cube(3))
    assert cube != Cube.random(3, seed=4)
    assert {Cube(3), cube.copy()} == {cube}
    assert eval("libcube." + repr(cube)) == cube
    assert Cube.from_facelets(SOLVED, 3) == cube
    assert (cube == "text") is False


def test_apply_text_and_moves_and_copy():
    cube = Cube(3).apply("R U R' U'")
    assert not cube.is_solved
    copy = cube.copy()
    copy.apply(Moves.parse("U R U' R'"))
    assert copy.is_solved
    assert not cube.is_solved


def test_random_is_reproducible():
    assert Cube.random(3, seed=9) == Cube.random(3, seed=9)
    assert Cube.random(2, 9).size == 2
    assert Cube.random(3).size == 3


def test_net():
    assert "U" in Cube(3).net()
    assert "\x1b[" in Cube(3).net(color=True)


def test_validate():
    Cube.validate(SOLVED)
    flipped = list(SOLVED)
    flipped[7], flipped[19] = flipped[19], flipped[7]
    with pytest.raises(CubeError) as caught:
        Cube.validate("".join(flipped))
    assert caught.value.status == Status.INVALID_CUBE
    assert "edge orientation" in str(caught.value)


@pytest.mark.parametrize("facelets,words", [
    ("UUU", "wrong length"),
    ("X" + SOLVED[1:], "unknown character 'X'"),
    ("R" + SOLVED[1:], "appears 8 times"),
])
def test_bad_facelets(facelets, words):
    with pytest.raises(CubeError) as caught:
        Cube.from_facelets(facelets)
    assert caught.value.status == Status.INVALID_CUBE
    assert words in caught.value.message
    assert isinstance(caught.value, ValueError)


def test_bad_arguments():
    with pytest.raises(CubeError) as caught:
        Cube.from_facelets(None)
    assert caught.value.status == Status.INVALID_ARGUMENT
    assert str(caught.value) == "facelets is None"
    with pytest.raises(TypeError):
        Cube.from_facelets(54)
    with pytest.raises(TypeError):
        Cube("3")
    with pytest.raises(CubeError):
        Cube(4)
    with pytest.raises(CubeError) as caught:
        Cube(3).apply(None)
    assert str(caught.value) == "moves is None"
    with pytest.raises(TypeError):
        Cube(3).apply(3)
    with pytest.raises(CubeError) as caught:
        Cube(3).apply("R Q")
    assert caught.value.status == Status.PARSE


def test_close_then_use_raises():
    cube = Cube(3)
    cube.close()
    cube.close()
    assert cube.closed
    with pytest.raises(CubeError) as caught:
        cube.facelets
    assert str(caught.value) == "Cube is closed"
    assert caught.value.status == Status.INVALID_ARGUMENT
    with pytest.raises(CubeError, match="Cube is closed"):
        Cube(3) == cube
    moves = Moves.parse("R")
    moves.close()
    with pytest.raises(CubeError, match="Moves is closed"):
        Cube(3).apply(moves)
    assert repr(cube) == "Cube(closed)"


def test_context_manager():
    with Cube(3) as cube:
        assert cube.is_solved
    assert cube.closed
    with pytest.raises(CubeError, match="Cube is closed"):
        with cube:
            pass


def test_moves_idioms():
    moves = Moves.parse("R U2 F' x Rw")
    assert len(moves) == moves.count == 5
    assert list(moves)[:3] == [(MoveKind.R, 1), (MoveKind.U, 2), (MoveKind.F, 3)]
    assert moves.kind_at(3) == MoveKind.X
    assert moves.amount_at(2) == 3
    assert str(moves) == moves.text() == "R U2 F' x Rw"
    assert eval("libcube." + repr(moves)) == moves
    assert Moves.parse("R U") != Moves.parse("U R")
    with pytest.raises(TypeError):
        hash(moves)


def test_moves_lengths_and_edits():
    moves = Moves.parse("R U2")
    assert moves.length() == 2
    assert moves.length(libcube.Metric.QTM) == 3
    moves.push(MoveKind.F, 3).append(Moves.parse("D"))
    assert moves.text() == "R U2 F' D"
    moves.invert()
    assert moves.text() == "D' F U2 R'"
    assert Moves.parse("R R R2").simplify().text() == ""
    empty = Moves(2)
    assert len(empty) == 0 and empty.text() == ""


def test_scramble():
    assert Moves.scramble(3, seed=1) == Moves.scramble(3, seed=1)
    assert len(Moves.scramble(3, seed=1)) == 25
    assert len(Moves.scramble(2, seed=1)) == 11
    assert len(Moves.scramble(3, seed=2, length=7)) == 7
    with pytest.raises(CubeError) as caught:
        Moves.scramble(3, seed=1, length=-1)
    assert caught.value.status == Status.INVALID_ARGUMENT
    with pytest.raises(CubeError) as caught:
        Moves.parse("R Q")
    assert caught.value.status == Status.PARSE


def test_library_names():
    assert libcube.version().count(".") == 2
    assert libcube.version_number() > 0
    assert libcube.status_name(Status.PARSE) == "CUBE_ERROR_PARSE"
    assert libcube.status_message(Status.INVALID_CUBE) == "invalid cube"
    assert libcube.CubeLib.version() == libcube.version()
    assert [face.name for face in libcube.Face] == list("URFDLB")
    assert libcube.RobotFamily.FOUR_ARM == 2


def test_cancel_token():
    token = libcube.CancelToken()
    assert not token.is_cancelled
    token.cancel()
    assert token.is_cancelled
    token.reset()
    assert not token.is_cancelled
    assert "CancelToken" in repr(token)


def test_cube_error_pickles():
    import pickle
    error = CubeError("bad", int(Status.PARSE))
    again = pickle.loads(pickle.dumps(error))
    assert again.status == Status.PARSE and again.message == "bad"


def test_wide_slice_and_rotation_moves():
    moves = Moves.parse("Rw M x")
    assert [moves.kind_at(i) for i in range(3)] == [MoveKind.RW, MoveKind.M, MoveKind.X]


def test_two_by_two_notation():
    moves = Moves.parse("R U F2", 2)
    assert moves.count == 3
    assert not Cube(2).apply(moves).is_solved


def test_parse_error_says_where():
    with pytest.raises(CubeError) as caught:
        Moves.parse("R U Q")
    assert caught.value.status == Status.PARSE
    assert "Q" in caught.value.message


def test_moves_use_after_close():
    moves = Moves.parse("R")
    moves.close()
    moves.close()
    assert repr(moves) == "Moves(closed)"
    with pytest.raises(CubeError) as caught:
        moves.invert()
    assert caught.value.status == Status.INVALID_ARGUMENT
    assert caught.value.message == "Moves is closed"


def test_non_ascii_facelet_letter():
    facelets = "UUUU\u00e9UUUU" + SOLVED[9:]
    with pytest.raises(CubeError) as caught:
        Cube.from_facelets(facelets)
    assert caught.value.status == Status.INVALID_CUBE
    assert caught.value.message == "facelet 5 is '\u00e9' (U+00E9), not one of the ASCII letters U R F D L B"
    with pytest.raises(CubeError) as validated:
        Cube.validate(facelets, 3)
    assert validated.value.message == caught.value.message


def test_utf8_round_trip():
    # Through the library and back: an accented letter and one outside the Basic Multilingual Plane.
    name = "s\u00efm\U0001F600"
    with pytest.raises(CubeError) as caught:
        libcube.DriverRegistry().open(name + ":model=four-arm")
    assert f'"{name}"' in caught.value.message
    folder = "/tmp/libcube-\u00e9\u20ac\U0001F9CA"
    assert libcube.Tables.path(folder).startswith(folder + "/")


def test_use_after_close_of_every_kind(table_dir):
    made = [libcube.Solver(table_dir), libcube.Robot(libcube.RobotFamily.FOUR_ARM), libcube.DriverRegistry(),
            libcube.SolveOptions(), libcube.Robot(libcube.RobotFamily.FOUR_ARM).plan(Moves.parse("R")),
            libcube.Scan(), libcube.CancelToken(), libcube.RunOptions(), libcube.PlanOptions()]
    uses = {"Solver": lambda solver: solver.solve(Cube(2)), "Robot": lambda robot: robot.spec,
            "DriverRegistry": lambda registry: registry.count, "SolveOptions": lambda options: options.max_length,
            "Plan": lambda plan: plan.total_us, "Scan": lambda scan: scan.count,
            "CancelToken": lambda token: token.cancel(), "RunOptions": lambda options: options.margin_ms,
            "PlanOptions": lambda options: options.strategy}
    for item in made:
        name = type(item).__name__
        item.close()
        item.close()
        with pytest.raises(CubeError) as caught:
            uses[name](item)
        assert caught.value.status == Status.INVALID_ARGUMENT, name
        assert caught.value.message == name + " is closed"


def test_closed_objects_say_closed_in_their_text(solver, table_dir):
    """The text forms agree with Java's and C#'s: str() of a value is its content (facelets, notation, plan text,
    spec, "ok: " and the solution), a snapshot's repr is "Name(...)", and repr() and str() of a closed object say
    "Name(closed)": they never raise."""
    driver = libcube.DriverRegistry().open(INSTANT_SIM)
    robot = libcube.Robot.parse(driver.robot_spec)
    plan = robot.plan(Moves.parse("R U"))
    cube = Cube(3)
    assert str(cube) == cube.facelets and str(Moves.parse("R U")) == "R U" and str(plan) == plan.text()
    assert str(robot) == robot.spec
    assert str(solver.solve_batch([scrambled(2, "R")])[0]) == "ok: R'"
    assert str(solver.solve_batch([Cube.random(3, seed=1)], max_length=1)[0]).startswith("UNSOLVABLE: ")
    reports = []
    libcube.Solver(table_dir, lambda report: reports.append(report) or True).prepare(3)
    for snapshot in (plan.action(0), driver.run(plan), driver.fault(), reports[0]):
        assert repr(snapshot).startswith(type(snapshot).__name__ + "("), repr(snapshot)
    made = [Cube(3), Moves.parse("R"), plan, robot, driver, solver.solve_batch([Cube(2)])[0],
            libcube.Scan(),
            libcube.CancelToken(), libcube.SolveOptions(), libcube.OptimalOptions(), libcube.RobotSolveOptions(),
            libcube.PlanOptions(), libcube.RunOptions(), libcube.DriverRegistry(), libcube.ScanOptions(),
            solver.solve_optimal(scrambled(3, "R U"))]
    for item in made:
        name = type(item).__name__
        item.close()
        assert repr(item) == name + "(closed)"
        assert str(item) == name + "(closed)"
