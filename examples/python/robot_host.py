#!/usr/bin/env python3
"""A robot host loop in the shape robot builders write: read the camera's colours of a scan, resolve the
cube, solve it for the robot, run the plan on a driver, and handle a driver fault and Ctrl-C.

Usage: robot_host.py [--scan FILE] [--driver URI]
  --scan FILE   six lines of nine #rrggbb colours in URFDLB face order (what `cube scan` reads); without it,
                the colours of a scrambled cube are made up.
  --driver URI  the robot's driver (default "sim:model=four-arm,speed=0", the simulated four-arm robot).
"""
import argparse
import sys

import libcube

PALETTE = {"U": (250, 250, 250), "R": (200, 20, 30), "F": (20, 160, 60), "D": (250, 220, 20),
           "L": (250, 120, 10), "B": (20, 60, 200)}


def made_up_scan() -> str:
    """The colours a camera would read from a scrambled cube."""
    facelets = libcube.Cube.random(3, seed=2024).facelets
    rows = [facelets[9 * face:9 * face + 9] for face in range(6)]
    return "\n".join(" ".join("#%02x%02x%02x" % PALETTE[letter] for letter in row) for row in rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--scan")
    parser.add_argument("--driver", default="sim:model=four-arm,speed=0")
    args = parser.parse_args()
    try:
        if args.scan:
            with open(args.scan, encoding="utf-8") as source:
                text = source.read()
        else:
            text = made_up_scan()
        result = libcube.Scan.parse(text).resolve()
        if result.is_low:
            print(f"doubtful stickers {result.doubtful()}: check the lighting and scan again", file=sys.stderr)
            return 1
        cube = libcube.Cube.from_facelets(result.facelets)
        print("scanned:", cube)
        with libcube.DriverRegistry().open(args.driver) as driver, \
                libcube.Solver(None, libcube.TablePolicy.FULL, None) as solver:
            robot = libcube.Robot.parse(driver.robot_spec)
            plan = robot.solve(solver, cube)
            print(f"plan: {len(plan.moves())} moves, {len(plan)} actions, {plan.total_us / 1e6:.2f} s")
            driver.prepare()
            try:
                report = driver.run(plan, callback=lambda done, count, time_us: True)
            except libcube.CubeError as error:
                if error.status == libcube.Status.CANCELLED:
                    raise
                # A fault: the driver says where and why; the rest of the plan can be planned again from there.
                fault = driver.fault()
                done = driver.last_report.actions_done
                print(f"driver fault {fault.code.name} at action {done}: {fault.text or error}", file=sys.stderr)
                print("moves still to make:", plan.remaining(done), file=sys.stderr)
                return 1
            print(f"done: {report.actions_done}/{report.action_count} actions in {report.elapsed_us / 1e6:.2f} s")
    except KeyboardInterrupt:
        # Ctrl-C cancelled the run (as Driver.cancel() does): the robot stopped where it was.
        print("interrupted: the robot stopped", file=sys.stderr)
        return 130
    except libcube.CubeError as error:
        print(f"libcube: {error.status.name}: {error}", file=sys.stderr)
        return 1
    except OSError as error:
        print(f"cannot read the scan: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
