#!/usr/bin/env python3
"""Robot code written for PyPI's `kociemba` or RubikTwoPhase runs on libcube by changing one import.

    import kociemba                 ->  from libcube import kociemba
    import twophase.solver as sv    ->  import libcube.twophase as sv
"""
import sys

import libcube.twophase as sv
from libcube import kociemba

# What the camera read, in URFDLB face order (here: a cube scrambled by "R U R' U' F2 D L2").
CUBESTRING = "DULDUFDDDLRULRRDFFRFFBFFRLRUDFUDURDUBBBBLLULBBRLBBULRF"


def main() -> int:
    try:
        print("kociemba:", kociemba.solve(CUBESTRING))
    except ValueError as error:  # as with PyPI's kociemba: an invalid cube
        print("invalid cube:", error, file=sys.stderr)
        return 1
    print("twophase:", sv.solve(CUBESTRING, 19, 2))
    # RubikTwoPhase answers an invalid cube with an error string, not an exception.
    print("twophase, a flipped edge:", sv.solve("UUUUUUUFURRRRRRRRRFUFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
