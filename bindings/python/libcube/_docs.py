"""Docstrings of the package's methods and properties that are not written where they are defined: first the
facade's own comments (bindings/facade/libcube_bind.hpp, which SWIG's -doxygen put into CubeLib), then these,
taken from the C headers (<cube/*.h>). tests/test_docs.py checks that every public name has one."""
import inspect

DOCS = {
    "Cube.copy": "A new cube in the same state.",
    "Cube.size": "2 or 3.",
    "Cube.is_solved": "True when every face shows one colour.",
    "Cube.facelets": "The 24 (2x2) or 54 (3x3) facelet letters in URFDLB face order.",
    "Moves.copy": "A new sequence with the same moves.",
    "Moves.count": "The number of moves (as len()).",
    "Moves.kind_at": "The MoveKind of move `index` (0-based).",
    "Moves.push": "Appends one move of `kind`, `amount` quarter turns clockwise (1, 2, 3); returns this sequence.",
    "Moves.append": "Appends the moves of `tail`; returns this sequence.",
    "Moves.invert": "Turns the sequence into its inverse (undoes it); returns this sequence.",
    "Moves.simplify": "Merges and cancels turns of one face in a row (R R -> R2, R R' -> nothing); returns this "
                      "sequence.",
    "Moves.text": "The sequence in standard notation (\"R U2 F'\").",
    "SolveOptions.min_effort": "Stop at the first solution within max_length instead of searching for a shorter one.",
    "Result.status": "Status.OK, or why the entry has no solution.",
    "Robot.family": "The RobotFamily.",
    "Robot.spec": "The robot as a text spec, as Robot.parse() reads it.",
    "Robot.actuator_count": "How many actuators (motors, grippers) the robot has.",
    "Robot.actuator_name": "The name of actuator `index`.",
    "Robot.rest_positions": "The position of each actuator at rest.",
    "Plan.total_us": "How long the plan takes, in microseconds.",
    "Plan.action_count": "The number of actions (as len()).",
    "Plan.action": "Action `index` (a PlanAction snapshot).",
    "Plan.actions": "Every action, as a list of PlanAction.",
    "Plan.moves": "The moves the plan makes.",
    "Plan.robot": "The robot the plan is for (a new object).",
    "Plan.start_positions": "The actuator positions the plan starts from.",
    "Plan.text": "The plan as text, one action a line.",
    "Plan.json": "The plan as JSON.",
    "Plan.scan_frame": "Camera frame `index` of a scan plan (a ScanFrame).",
    "Plan.scan_frames": "The camera frames of a scan plan (6, or none for other plans).",
    "PlanOptions.strategy": "The PlanStrategy (PlanStrategy.OPTIMAL by default).",
    "PlanOptions.finish": "Where the plan ends: PlanFinish.REST (default) or ANYWHERE.",
    "RobotSolveOptions.cancel": "The CancelToken that stops Robot.solve(), or None.",
    "RobotSolveOptions.extra_length": "Candidates may be this many moves longer than the shortest solution found, "
                                      "0..6 (default 2).",
    "RobotSolveOptions.candidates": "Distinct solutions planned at most, 1..100000 (default 5000).",
    "RobotSolveOptions.timeout_ms": "A wall-clock limit on planning candidates; 0: none (default).",
    "RobotSolveOptions.shortest_ms": "Work spent looking for a shorter first solution, in milliseconds of the "
                                     "reference machine (default 20).",
    "RobotSolveOptions.plan_ms": "Work spent collecting and planning candidates, 0..60000, in milliseconds of the "
                                 "reference machine (default 150; the same on any machine and load).",
    "RobotSolveOptions.max_length": "No candidate has more moves than this, 1..30; 0: the shortest found plus "
                                    "extra_length (default).",
    "RobotSolveOptions.strategy": "The PlanStrategy for planning each candidate (default optimal).",
    "DriverRegistry.count": "The number of drivers found (as len()).",
    "DriverRegistry.name": "The name of driver `index` (\"sim\", \"tic\", ...), as in a driver URI.",
    "DriverRegistry.names": "The names of every driver found.",
    "DriverRegistry.description": "What driver `index` drives.",
    "DriverRegistry.path": "The plugin file of driver `index` (\"\" for the built-in sim).",
    "DriverRegistry.devices": "The devices driver `index` finds, as a list of DeviceInfo.",
    "Driver.name": "The driver's name (\"sim\", ...).",
    "Driver.robot_spec": "The spec of the robot the driver drives, for Robot.parse().",
    "Driver.configure": "Sets a setting of the driver (`key`, `value`, as in a driver URI).",
    "Driver.query": "Asks the driver for the value of `key`; CubeError(UNSUPPORTED) for a key it does not know.",
    "Driver.prepare": "Readies the robot for a run (after open, a stop or a fault).",
    "Driver.rest": "Moves every actuator to its rest position.",
    "Driver.state": "The DriverState (IDLE, BUSY, STOPPED, FAULT).",
    "Driver.commands_done": "How many commands the driver carried out since prepare().",
    "Driver.positions": "The position of each actuator now.",
    "Driver.fault": "The last fault (a DriverFault; code FaultCode.NONE when there was none).",
    "Driver.last_report": "The RunReport of the last run, also when it failed.",
    "RunOptions.resume": "False: a new cube; True: the robot already holds the cube the plan solves.",
    "RunOptions.callback": "callback(actions_done, action_count, plan_time_us) after each step, or None.",
    "RunOptions.cancel": "The CancelToken that cancels the run, or None.",
    "RunOptions.stop_level": "The StopLevel after an error or cancel (StopLevel.HALT by default).",
    "RunOptions.margin_ms": "Extra time each step may take before it is a timeout; 0: the driver's own margin.",
    "Scan.count": "The number of samples (54).",
    "Scan.color_space": "The ColorSpace of the samples.",
    "Scan.is_set": "True when sample `index` is set.",
    "Scan.weight": "The weight of sample `index`.",
    "ScanResult.facelets": "The most likely cube, as 54 facelet letters.",
    "ScanResult.confidence": "The confidence in that cube, 0..1.",
    "ScanResult.sticker_confidence": "The confidence in sticker `index`, 0..1.",
    "ScanResult.doubtful": "The doubtful stickers' indices, in facelet order.",
    "TableSearch.count": "The number of folders searched (0 to 3).",
    "TableSearch.role": "The TableFolderRole of folder `index` ($CUBE_TABLE_DIR, the user cache, the system folder).",
    "TableSearch.folder": "Folder `index` of the search path.",
    "TableSearch.state": "The TableFileState of the table file in folder `index`.",
    "TableSearch.other_order_notice": "The notice naming the other byte order's file in folder `index`; \"\" when "
                                      "there is none.",
    "CancelToken.reset": "Clears the token, so that calls given it run again.",
    "CancelToken.is_cancelled": "True once cancel() ran (until reset()).",
    "CubeLib.version_number": "The C API's version number (10300 for 1.3.0).",
    "CubeLib.status_message": "The library's message for a Status (\"invalid cube\").",
}


def _target(value):
    return value.fget if isinstance(value, property) else getattr(value, "__func__", value)


def apply(namespace: dict, native_module) -> None:
    """Gives every public method and property of the classes in `namespace` a docstring."""
    for class_name, cls in list(namespace.items()):
        if not inspect.isclass(cls) or class_name.startswith("_") or issubclass(cls, (int, BaseException)):
            continue
        native = getattr(native_module, class_name, None)
        for name, value in list(vars(cls).items()):
            target = _target(value)
            if name.startswith("_") or not callable(target) or (target.__doc__ or "").strip():
                continue
            source = getattr(native, name, None) if native is not None else None
            doc = (getattr(source, "__doc__", None) or "").strip() or DOCS.get(class_name + "." + name)
            if not doc:
                continue
            try:
                target.__doc__ = doc
            except AttributeError:
                pass
            if isinstance(value, property):
                setattr(cls, name, property(value.fget, value.fset, value.fdel, doc))
