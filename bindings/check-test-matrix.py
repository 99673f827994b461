#!/usr/bin/env python3
"""Checks that the Java, C# and Python tests cover the same behaviours (bindings/README.md, "Tests").

Each test is read from its source (JUnit 5 @Test/@ParameterizedTest methods, NUnit [Test]/[TestCase] methods,
pytest test_ functions) and named by its behaviour: its name in words (camelCase, PascalCase and snake_case
alike, without `test_`), or the behaviour SAME gives it when the bindings word it differently. A behaviour
tested in one binding must be tested in the others, or be in EXCEPTIONS with the reason.

Usage: check-test-matrix.py [BINDINGS_DIR]   (prints the matrix with --list)
"""
import pathlib
import re
import sys

BINDINGS = ("java", "csharp", "python")

# Tests of one behaviour that the bindings name differently (Class.method, file stem.function for Python).
# One test may cover several behaviours, and one behaviour may have several tests in a binding.
SAME = {
    "bad-index-and-closed-search": {
        "java": ["TableSearchTest.badIndexAndClosedSearch"],
        "csharp": ["TableSearchTests.BadIndexAndDisposedSearch"],
        "python": ["test_table_search.test_bad_index_and_closed_search"],
    },
    "no-public-class-shares-a-name-with-the-base-library": {
        "java": ["AppTest.noPublicClassSharesANameWithJavaLang"],
        "csharp": ["AppTests.NoPublicTypeSharesANameWithSystem", "AppTests.ActionIsSystemActionBesideLibCube"],
        "python": ["test_app.test_no_public_class_shares_a_name_with_the_builtins"],
    },
    "queries-follow-the-naming-scheme": {
        "java": ["AppTest.queriesHavePlainNamesAndBeanGettersAreOnlyDeprecatedAliases"],
        "csharp": ["AppTests.QueriesWithoutArgumentsAreProperties"],
        "python": ["test_app.test_queries_are_properties"],
    },
    "solver-constructors-take-null-for-the-default-folder": {
        "python": ["test_solve.test_solver_constructors"],
    },
    "null-arguments-are-cube-exceptions-naming-the-argument": {
        "csharp": ["AppTests.NullArgumentsAreCubeExceptionsNamingTheArgument",
                   "ErrorTests.NullArgumentsAreCubeExceptionsNamingTheArgument"],
        "python": ["test_app.test_none_arguments_are_cube_errors_naming_the_argument", "test_cube_moves.test_bad_arguments",
                   "test_solve.test_solve_argument_errors", "test_robot_driver.test_run_argument_errors"],
    },
    "scan-frames-name-their-face-as-an-enum": {
        "python": ["test_robot_driver.test_scan_plan_and_frames"],
    },
    # Callbacks
    "progress-comes-from-a-worker-thread": {
        "csharp": ["ThreadTests.ProgressComesFromTheBatchThreads"],
        "python": ["test_threads_callbacks.test_progress_comes_from_a_library_thread"],
    },
    "returning-false-cancels": {
        "python": ["test_threads_callbacks.test_progress_returning_false_cancels"],
    },
    "progress-exception-is-rethrown-unchanged": {
        "python": ["test_threads_callbacks.test_progress_exception_comes_out_unchanged"],
    },
    "progress-exception-on-a-worker-thread-is-rethrown-on-the-caller": {
        "csharp": ["ThreadTests.AnExceptionOnABatchThreadReachesTheCaller"],
        "python": ["test_threads_callbacks.test_progress_exception_on_a_batch_thread_comes_out_on_the_caller"],
    },
    "run-callback-exception-is-rethrown-unchanged": {
        "csharp": ["CallbackTests.RunExceptionIsRethrownUnchanged"],
        "python": ["test_threads_callbacks.test_run_callback_exception_comes_out_unchanged"],
    },
    "rethrown-exception-keeps-the-callbacks-stack-trace": {
        "python": ["test_threads_callbacks.test_raised_exception_keeps_the_callbacks_traceback"],
    },
    "null-handler-means-no-progress": {
        "python": ["test_threads_callbacks.test_none_callback_means_no_progress"],
    },
    "each-failure-rethrows-its-own-exception": {
        "python": ["test_threads_callbacks.test_each_failure_raises_its_own_exception"],
    },
    "finalizers-never-throw": {
        "java": ["MemoryTest.cleanersFreeEveryKindWithoutACrash"],
        "python": ["test_memory.test_dropped_objects_of_every_kind_never_raise"],
    },
    "callback-returning-false-cancels-the-run": {
        "csharp": ["CallbackTests.RunCallbackReturningFalseCancels"],
        "python": ["test_robot_driver.test_run_callback_false_cancels_and_resume"],
    },
    # Cancelling
    "token": {
        "csharp": ["CancelTests.TokenState"],
        "python": ["test_cube_moves.test_cancel_token"],
    },
    "min-effort-solve-cancelled-from-another-thread": {
        "csharp": ["CancelTests.TokenStopsAMinEffortSolve"],
        "python": ["test_threads_callbacks.test_solve_cancelled_from_another_thread"],
    },
    "token-dropped-by-the-caller-stays-with-the-options": {
        "csharp": ["CancelTests.OptionsKeepTheToken"],
    },
    "slow-sim-run-cancelled-from-another-thread": {
        "csharp": ["CancelTests.DriverCancelStopsASlowRun"],
        "python": ["test_threads_callbacks.test_slow_run_cancelled_from_another_thread"],
    },
    "run-options-token-cancels-the-run": {
        "csharp": ["CancelTests.RunOptionsTokenStopsASlowRun"],
    },
    # Cube
    "solved-cubes": {
        "csharp": ["CubeTests.NewCubesAreSolved"],
    },
    "facelets-round-trip": {
        "csharp": ["CubeTests.FromFaceletsTakesTheSizeFromTheLength"],
        "python": ["test_cube_moves.test_from_facelets_and_equality"],
    },
    "random-cubes-depend-on-the-seed-only": {
        "csharp": ["CubeTests.RandomIsTheSameForTheSameSeed"],
        "python": ["test_cube_moves.test_random_is_reproducible"],
    },
    "equality-needs-the-same-size-and-facelets": {
        "csharp": ["CubeTests.EqualityFollowsTheFacelets"],
        "python": ["test_cube_moves.test_from_facelets_and_equality"],
    },
    "copies-are-independent": {
        "csharp": ["CubeTests.CopyIsIndependent"],
        "python": ["test_cube_moves.test_apply_text_and_moves_and_copy"],
    },
    "applying-moves-and-their-inverse": {
        "csharp": ["CubeTests.ApplyTakesMovesAndNotation"],
        "python": ["test_cube_moves.test_apply_text_and_moves_and_copy"],
    },
    "net": {
        "csharp": ["CubeTests.NetShowsEveryFace"],
    },
    "closing-is-idempotent-and-blocks-use": {
        "csharp": ["CubeTests.DisposeIsIdempotentAndUseAfterThrows"],
        "python": ["test_cube_moves.test_close_then_use_raises"],
    },
    "closed-or-null-arguments": {
        "csharp": ["ErrorTests.DisposedArgumentsAreNamedByTheirClass"],
        "python": ["test_cube_moves.test_close_then_use_raises"],
    },
    "unsolvable-facelets": {
        "csharp": ["CubeTests.ValidateSaysWhatIsWrong"],
        "python": ["test_cube_moves.test_validate"],
    },
    # Moves
    "parse-and-read": {
        "csharp": ["MovesTests.ParseReadsNotation"],
        "python": ["test_cube_moves.test_moves_idioms"],
    },
    "length-counts-in-each-metric": {
        "python": ["test_cube_moves.test_moves_lengths_and_edits"],
    },
    "build-edit-and-compare": {
        "csharp": ["MovesTests.PushAppendInvertSimplify", "MovesTests.EqualityAndCopy"],
        "python": ["test_cube_moves.test_moves_lengths_and_edits", "test_cube_moves.test_moves_idioms"],
    },
    "two-by-two-notation": {
        "csharp": ["MovesTests.ParseForA2x2"],
    },
    "scrambles-depend-on-the-seed": {
        "csharp": ["MovesTests.ScrambleIsTheSameForTheSameSeed"],
        "python": ["test_cube_moves.test_scramble"],
    },
    "parse-error-says-where": {
        "csharp": ["ErrorTests.ParseError"],
    },
    "use-after-close": {
        "csharp": ["MovesTests.UseAfterDisposeThrows"],
        "python": ["test_cube_moves.test_moves_use_after_close"],
    },
    # Solving
    "optimal-lengths": {
        "java": ["Solve2Test.optimalLengths"],
        "python": ["test_solve.test_2x2_optimal_lengths", "test_solve.test_2x2_random_states_are_optimal"],
    },
    "solved-cube-needs-no-moves": {
        "java": ["Solve2Test.optimalLengths"],
        "python": ["test_solve.test_3x3_solved_cube_needs_nothing"],
    },
    "known-eleven-move-state": {
        "csharp": ["Solve2Tests.FarthestStatesTakeElevenMoves"],
    },
    "quarter-turn-metric": {
        "python": ["test_solve.test_2x2_metric"],
    },
    "every-optimal-solution": {
        "csharp": ["Solve2Tests.SolveAllGivesEveryOptimalSolution"],
        "python": ["test_solve.test_2x2_all_optimal_solutions"],
    },
    "solutions-are-iterable-and-limited": {
        "csharp": ["Solve2Tests.SolveAllGivesEveryOptimalSolution"],
        "python": ["test_solve.test_2x2_all_optimal_solutions"],
    },
    "solve-to-a-target": {
        "java": ["Solve2Test.solveToATarget", "Solve3Test.optionsAndSolveTo"],
        "python": ["test_solve.test_2x2_distance_to_target", "test_solve.test_3x3_solve_to"],
    },
    "max-length-too-short-is-unsolvable": {
        "csharp": ["Solve2Tests.MaxLengthTooShortIsUnsolvable", "ErrorTests.NoSolutionWithinMaxLength"],
    },
    "batches-keep-the-order": {
        "java": ["Solve2Test.batchesKeepTheOrder"],
        "csharp": ["Solve3Tests.SolveBatchKeepsTheOrder"],
        "python": ["test_solve.test_batch_one_result_per_cube"],
    },
    "batch-answers-each-entry-when-some-fail": {
        "csharp": ["Solve3Tests.SolveBatchAnswersEachEntryWhenSomeFail"],
        "python": ["test_solve.test_batch_entry_failure_is_a_result"],
    },
    "batch-refuses-null-and-closed-cubes": {
        "python": ["test_solve.test_batch_argument_errors"],
    },
    "solutions-applied-back-solve-the-cube": {
        "csharp": ["Solve3Tests.RandomStatesAreSolved"],
        "python": ["test_solve.test_3x3_random_states_solved"],
    },
    "options-and-solve-to": {
        "java": ["Solve3Test.optionsAndSolveTo"],
        "csharp": ["Solve3Tests.OptionsAreKeptAndUsed"],
        "python": ["test_solve.test_solve_options"],
    },
    "batch-on-two-threads": {
        "csharp": ["Solve3Tests.SolveBatchKeepsTheOrder"],
        "python": ["test_solve.test_batch_one_result_per_cube"],
    },
    "prepare-loads-the-tables": {
        "csharp": ["Solve2Tests.PrepareLoadsTheTablesAhead"],
    },
    "solve-batch-with-defaults": {
        "java": ["Solve2Test.batchesKeepTheOrder"],
    },
    "timeout-error": {
        "python": ["test_solve.test_3x3_timeout_error"],
    },
    # Errors
    "version-and-status-names": {
        "csharp": ["ErrorTests.StatusNamesAndVersion"],
        "python": ["test_cube_moves.test_library_names"],
    },
    "wrong-facelet-count": {
        "csharp": ["ErrorTests.InvalidCube"],
        "python": ["test_cube_moves.test_bad_facelets"],
    },
    "non-ascii-facelet-letter": {
        "csharp": ["ErrorTests.NonAsciiFaceletLetterIsNamed"],
    },
    "bad-robot-spec": {
        "csharp": ["ErrorTests.BadRobotSpec", "RobotTests.BadSpecsSayWhy"],
        "python": ["test_robot_driver.test_robot_queries"],
    },
    "unknown-driver": {
        "python": ["test_robot_driver.test_sim_lifecycle"],
    },
    "utf8-round-trip": {
        "csharp": ["ErrorTests.NonAsciiTextComesBackIntact", "ErrorTests.NonAsciiTextRoundTrips"],
    },
    "use-after-close-of-every-kind": {
        "csharp": ["ErrorTests.UseAfterDisposeThrowsForEveryClass"],
        "python": ["test_solve.test_closed_solver"],
    },
    "missing-tables": {
        "csharp": ["ErrorTests.MissingTables"],
        "python": ["test_solve.test_tables"],
    },
    # Robots and drivers
    "every-family": {
        "csharp": ["RobotTests.RobotsFromFamilyAndSpec"],
    },
    "hold-and-flip-and-step-times": {
        "python": ["test_robot_driver.test_step_micros"],
    },
    "load-from-file": {
        "csharp": ["RobotTests.LoadReadsASpecFile"],
    },
    "plan-and-read-it": {
        "csharp": ["RobotTests.PlanOfMoves"],
        "python": ["test_robot_driver.test_plan_idioms"],
    },
    "plan-options": {
        "csharp": ["RobotTests.PlanOptionsChangeThePlan"],
    },
    "solve-for-the-robot": {
        "csharp": ["RobotTests.RobotAwareSolve"],
        "python": ["test_robot_driver.test_robot_solve_options"],
    },
    "registry-finds-the-sim": {
        "csharp": ["DriverTests.RegistryListsTheSim"],
    },
    "plugin-lists-its-devices": {
        "csharp": ["PluginTests.DevicesOfAHardwareDriver"],
    },
    "lifecycle-of-the-sim": {
        "csharp": ["DriverTests.DriverLifecycleAndQueries"],
        "python": ["test_robot_driver.test_sim_lifecycle"],
    },
    "solve-and-run-on-the-sim": {
        "csharp": ["DriverTests.RunSolvesTheCubeInTheSim"],
    },
    "run-with-default-options": {
        "csharp": ["DriverTests.RunWithoutOptions"],
    },
    "wrong-robot-is-refused": {
        "csharp": ["DriverTests.PlanForAnotherRobotIsRefused"],
    },
    # Tables
    "path-and-verify": {
        "python": ["test_solve.test_tables"],
    },
    "generate-keeps-sound-tables": {
        "python": ["test_solve.test_tables"],
    },
    "build-cancelled-by-the-callback": {
        "csharp": ["TablesTests.GenerateStopsWhenTheCallbackSaysSo"],
    },
    "build-cancelled-by-a-token": {
        "csharp": ["TablesTests.GenerateStopsWhenCancelled"],
    },
    "build-callback-exception-is-rethrown-unchanged": {
        "csharp": ["TablesTests.GenerateRethrowsTheCallbacksException"],
    },
    "eight-threads-solve-on-one-solver": {
        "python": ["test_threads_callbacks.test_eight_python_threads_on_one_solver"],
    },
    # Optimal, methods, pictures, scans
    "cancel-from-the-progress-callback": {
        "csharp": ["OptimalTests.CancelFromTheProgressHandler"],
    },
    "bad-input-throws-cube-exception": {
        "python": ["test_optimal.test_bad_input"],
    },
    "solves-a3x3-by-layers": {"python": ["test_solve.test_method_solution"]},
    "text-line-and-json-are-the-cli-answers": {"python": ["test_solve.test_method_solution"]},
    "solves-a2x2-and-a-rotated-cube": {"python": ["test_solve.test_method_solution"]},
    "formulas-and-errors": {"python": ["test_solve.test_method_solution"]},
    "svg-net-has-every-sticker-in-its-colour": {"python": ["test_robot_driver.test_pictures"]},
    "three-d-view-and-two-by-two": {"python": ["test_robot_driver.test_pictures"]},
    "text-nets-and-bad-schemes": {"python": ["test_robot_driver.test_pictures"]},
    "steps-and-plan-timeline": {"python": ["test_robot_driver.test_pictures"]},
    "resolves-a-clean-scan": {"python": ["test_robot_driver.test_scan_resolves_a_clean_scan"]},
    "text-and-json-are-the-cli-answers": {"python": ["test_robot_driver.test_scan_text_and_json_are_the_cli_answers"]},
    "options-and-text": {"python": ["test_robot_driver.test_scan_parse_and_errors"]},
    "bad-input-raises-the-librarys-message": {"python": ["test_robot_driver.test_scan_parse_and_errors"]},
    "robot-scan-sequence-maps-frames-to-facelets": {"python": ["test_robot_driver.test_scan_plan_and_frames"]},
}

# Behaviours that some bindings do not test, and why. Every entry needs a reason that holds for each binding
# it names; the check fails when a named binding does test the behaviour (then the entry is stale).
EXCEPTIONS = {
    # Java only
    "deprecated-aliases-answer-as-the-plain-names": (
        ("csharp", "python"), "only Java had 1.1 names (the getX() bean getters) kept as deprecated aliases"),
    "exceptions-are-unchecked": (
        ("csharp", "python"), "only Java has checked exceptions"),
    "missing-native-library-is-explained": (
        ("csharp", "python"), "Java's own loader (NativeLibrary.java) explains a missing libcube_jni.so; mono names "
        "a missing libcubecs.so itself, and Python's import names a missing _CubeLib itself"),
    "a-missing-library-of-the-glue-is-named": (
        ("csharp", "python"), "the message is made by Java's NativeLibrary.explain; C#'s dlopen check is tested by "
        "scripts/check-install.sh (a moved install without libcube.so.2), Python's import error comes from the "
        "interpreter"),
    # Python only: the language's own protocols and the package's own modules
    "context-manager": (
        ("java", "csharp"), "Python's `with` calls the package's own __enter__/__exit__; try-with-resources and using "
        "call close()/Dispose(), which every Java and C# test does"),
    "cube-error-pickles": (
        ("java", "csharp"), "pickling is Python's (multiprocessing sends exceptions between processes with it)"),
    "every-public-name-has-a-docstring": (
        ("java", "csharp"), "docstrings and help() are Python's; Java and C# documentation is not read at run time"),
    "help-of-solve-says-what-it-does": (
        ("java", "csharp"), "docstrings and help() are Python's"),
    "enum-matches-the-extension": (
        ("java", "csharp"), "Python's enums are written in the package and checked against the extension; Java's "
        "and C#'s are generated by SWIG"),
    "ctrl-c-interrupts-a-long-call": (
        ("java", "csharp"), "KeyboardInterrupt on SIGINT is Python's; a JVM or mono process ends on Ctrl-C"),
    "long-calls-release-the-gil": (
        ("java", "csharp"), "only Python has a global interpreter lock"),
    "kociemba-solves": (("java", "csharp"), "the kociemba and twophase drop-in modules are Python's"),
    "kociemba-solved-cube-and-pattern": (("java", "csharp"), "the kociemba drop-in module is Python's"),
    "kociemba-invalid-cube-is-value-error": (("java", "csharp"), "the kociemba drop-in module is Python's"),
    "kociemba-too-short-a-depth-is-value-error": (("java", "csharp"), "the kociemba drop-in module is Python's"),
    "twophase-solves": (("java", "csharp"), "the twophase drop-in module is Python's"),
    "twophase-formats": (("java", "csharp"), "the twophase drop-in module is Python's"),
    "twophase-keeps-answering-after-an-impossible-length": (
        ("java", "csharp"), "the twophase drop-in module is Python's"),
    "twophase-error-strings": (("java", "csharp"), "the twophase drop-in module is Python's"),
}


def words(name):
    """A test's name in words: `solveToATarget`, `SolveToATarget`, `test_solve_to_a_target` -> solve-to-a-target."""
    name = re.sub(r"^test_", "", name)
    name = re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name)
    name = re.sub(r"([A-Z])([A-Z][a-z])", r"\1_\2", name)
    return "-".join(word.lower() for word in name.split("_") if word)


def java_tests(root):
    pattern = re.compile(r"@(?:Test|ParameterizedTest)\b(?:\s*@\w+(?:\([^)]*\))?)*\s*void\s+(\w+)\s*\(")
    for path in sorted((root / "java" / "tests").rglob("*.java")):
        for match in pattern.finditer(path.read_text(encoding="utf-8")):
            yield path.stem + "." + match.group(1), match.group(1)


def csharp_tests(root):
    pattern = re.compile(r"\[(?:Test|TestCase)\b[^\]]*\](?:\s*\[[^\]]*\])*\s*public\s+(?:static\s+)?void\s+(\w+)\s*\(",
                         re.S)
    for path in sorted((root / "csharp" / "tests").glob("*.cs")):
        for match in pattern.finditer(path.read_text(encoding="utf-8")):
            yield path.stem + "." + match.group(1), match.group(1)


def python_tests(root):
    pattern = re.compile(r"^\s*def (test_\w+)\s*\(", re.M)
    for path in sorted((root / "python" / "tests").glob("test_*.py")):
        for match in pattern.finditer(path.read_text(encoding="utf-8")):
            yield path.stem + "." + match.group(1), match.group(1)


def behaviours(root):
    """behaviour -> binding -> the tests of it."""
    named = {}
    for behaviour, bindings in SAME.items():
        for binding, tests in bindings.items():
            for test in tests:
                named.setdefault((binding, test), []).append(behaviour)
    found = {}
    problems = []
    readers = {"java": java_tests, "csharp": csharp_tests, "python": python_tests}
    for binding in BINDINGS:
        tests = list(readers[binding](root))
        if not tests:
            problems.append(f"no {binding} tests found under {root}")
        for qualified, method in tests:
            for behaviour in named.pop((binding, qualified), [words(method)]):
                found.setdefault(behaviour, {}).setdefault(binding, []).append(qualified)
    for (binding, test) in sorted(named):
        problems.append(f"SAME names a {binding} test that does not exist: {test}")
    return found, problems


def main():
    args = [arg for arg in sys.argv[1:] if not arg.startswith("--")]
    root = pathlib.Path(args[0] if args else pathlib.Path(__file__).parent)
    found, problems = behaviours(root)
    if "--list" in sys.argv:
        for behaviour in sorted(found):
            marks = "".join(binding[0].upper() if binding in found[behaviour] else "-" for binding in BINDINGS)
            print(marks, behaviour)
    counts = {binding: sum(1 for b in found.values() if binding in b) for binding in BINDINGS}
    for behaviour, tested in sorted(found.items()):
        missing = tuple(binding for binding in BINDINGS if binding not in tested)
        excused = EXCEPTIONS.get(behaviour, ((), ""))[0]
        for binding in missing:
            if binding not in excused:
                where = ", ".join(test for tests in tested.values() for test in tests)
                problems.append(f"{behaviour}: tested by {where} but not in {binding}")
        for binding in excused:
            if binding in tested:
                problems.append(f"{behaviour}: EXCEPTIONS excuses {binding}, which tests it ({tested[binding]})")
    for behaviour in sorted(set(EXCEPTIONS) - set(found)):
        problems.append(f"EXCEPTIONS names a behaviour no binding tests: {behaviour}")
    print(f"{len(found)} behaviours; tested in java {counts['java']}, csharp {counts['csharp']}, "
          f"python {counts['python']}; {len(EXCEPTIONS)} exceptions")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
