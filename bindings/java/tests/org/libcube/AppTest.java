package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * The shapes an application meets (bindings/README.md): the naming scheme, names that do not clash with
 * java.lang, the constructors and convenience forms both languages share, enums, null arguments.
 * (csharp/tests/AppTests.cs is the same set for C#.)
 */
class AppTest {
    /** The public classes of org.libcube, read from the jar the tests run against. */
    private static List<Class<?>> publicClasses() throws Exception {
        Path jar = Path.of(CubeLib.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        List<Class<?>> classes = new ArrayList<>();
        try (JarFile file = new JarFile(jar.toFile())) {
            for (String name : file.stream().map(e -> e.getName()).toList()) {
                if (name.startsWith("org/libcube/") && name.endsWith(".class") && !name.contains("$")) {
                    Class<?> type = Class.forName(name.replace('/', '.').replace(".class", ""));
                    if (Modifier.isPublic(type.getModifiers())) {
                        classes.add(type);
                    }
                }
            }
        }
        assertTrue(classes.size() > 40, classes.toString());
        return classes;
    }

    @Test
    void noPublicClassSharesANameWithJavaLang() throws Exception {
        for (Class<?> type : publicClasses()) {
            assertThrows(ClassNotFoundException.class, () -> Class.forName("java.lang." + type.getSimpleName()),
                type.getSimpleName());
        }
    }

    @Test
    void queriesHavePlainNamesAndBeanGettersAreOnlyDeprecatedAliases() throws Exception {
        List<String> getters = new ArrayList<>();
        for (Class<?> type : publicClasses()) {
            for (Method method : type.getDeclaredMethods()) {
                boolean bean = method.getName().matches("get[A-Z]\\w*") && method.getParameterCount() == 0;
                if (bean && Modifier.isPublic(method.getModifiers()) && !method.isAnnotationPresent(Deprecated.class)) {
                    getters.add(type.getSimpleName() + "." + method.getName());
                }
            }
        }
        assertEquals(List.of(), getters);
    }

    @Test
    @SuppressWarnings("deprecation")
    void deprecatedAliasesAnswerAsThePlainNames() {
        try (Robot robot = new Robot(RobotFamily.FOUR_ARM); Moves moves = Moves.parse("R U");
            Plan plan = robot.plan(moves); PlanAction action = plan.action(0)) {
            assertEquals(action.actuator(), action.getActuator());
            assertEquals(action.kind(), action.getKind());
            assertEquals(action.endUs(), action.getEndUs());
        }
        CubeException e = assertThrows(CubeException.class, () -> Moves.parse("X"));
        assertEquals(e.status(), e.getStatus());
    }

    @Test
    void solverConstructorsTakeNullForTheDefaultFolder() {
        try (Solver solver = new Solver((String) null); Cube cube = TestTables.scrambled(2, "R U");
            Moves solution = solver.solve(cube)) {
            assertEquals(2, solution.count());
        }
        try (Solver solver = new Solver(null, (ProgressCallback) null); Cube cube = Cube.random(2, 3);
            Moves solution = solver.solve(cube)) {
            assertTrue(TestTables.solves(solution, cube));
        }
        try (Solver solver = new Solver(null, TablePolicy.COMPACT, null); Cube cube = Cube.random(3, 4);
            Moves solution = solver.solve(cube)) {
            assertTrue(TestTables.solves(solution, cube));
        }
        assertEquals(Tables.path(""), Tables.path(null));
    }

    @Test
    void fullPolicyPrepareWaitsForTheFullTables() {
        List<String> stages = new ArrayList<>();
        try (Solver solver = new Solver(TestTables.dir(), TablePolicy.FULL, progress -> stages.add(progress.stage()))) {
            solver.prepare(3);
            int reported = stages.size();
            assertTrue(reported > 0, "prepare(3) reported loading the full tables");
            try (Cube cube = Cube.random(3, 5); Moves solution = solver.solve(cube)) {
                assertTrue(TestTables.solves(solution, cube));
            }
            assertEquals(reported, stages.size(), "nothing was left to load after prepare(3): " + stages);
        }
    }

    @Test
    void distanceAndCountOptimalWithoutTargetOrOptions() {
        try (Cube cube = TestTables.scrambled(2, "R U R'"); SolveOptions options = new SolveOptions()) {
            assertEquals(3, TestTables.solver().distance(cube));
            assertEquals(TestTables.solver().distance(cube, options), TestTables.solver().distance(cube));
            assertEquals(TestTables.solver().countOptimal(cube, options), TestTables.solver().countOptimal(cube));
            assertTrue(TestTables.solver().countOptimal(cube) >= 1);
        }
    }

    @Test
    void robotSolveWithoutOptionsAndPlanActions() {
        try (Robot robot = new Robot(RobotFamily.FOUR_ARM); Cube cube = Cube.random(3, 6);
            Plan plan = robot.solve(TestTables.solver(), cube)) {
            plan.check();
            List<PlanAction> actions = plan.actions();
            assertEquals(plan.actionCount(), actions.size());
            assertEquals(plan.action(1).startUs(), actions.get(1).startUs());
            assertThrows(UnsupportedOperationException.class, () -> actions.clear());
            try (Moves moves = plan.moves(); Cube copy = cube.copy()) {
                copy.apply(moves);
                assertTrue(copy.isSolved());
            }
        }
    }

    @Test
    void scanFramesNameTheirFaceAsAnEnum() {
        try (Robot robot = Robot.parse("turntable-flipper"); Plan scanPlan = robot.scanPlan()) {
            Set<Face> faces = EnumSet.noneOf(Face.class);
            for (int f = 0; f < scanPlan.scanFrameCount(); f++) {
                try (ScanFrame frame = scanPlan.scanFrame(f)) {
                    faces.add(frame.face());
                }
            }
            assertEquals(EnumSet.allOf(Face.class), faces);
            List<String> names = List.of(Face.values()).stream().map(Face::name).toList();
            assertEquals(List.of("U", "R", "F", "D", "L", "B"), names);
        }
    }

    private static void assertNull(String name, Executable call) {
        CubeException e = assertThrows(CubeException.class, call, name);
        assertEquals(Status.INVALID_ARGUMENT, e.status(), name);
        assertEquals(name + " is null", e.getMessage());
    }

    @Test
    void nullArgumentsAreCubeExceptionsNamingTheArgument() {
        try (Cube cube = new Cube(3); Robot robot = new Robot(RobotFamily.FOUR_ARM);
            DriverRegistry registry = new DriverRegistry()) {
            assertNull("cube", () -> TestTables.solver().solve(null));
            assertNull("options", () -> TestTables.solver().solve(cube, null));
            assertNull("facelets", () -> Cube.fromFacelets(null));
            assertNull("notation", () -> Moves.parse(null));
            assertNull("notation", () -> cube.apply((String) null));
            assertNull("moves", () -> robot.plan(null));
            assertNull("solver", () -> robot.solve(null, cube));
            assertNull("uri", () -> registry.open(null));
            assertNull("text", () -> Scan.parse(null));
        }
    }

    @Test
    void aMissingLibraryOfTheGlueIsNamed() {
        String message = NativeLibrary.explain("/opt/x/lib/jni/libcube_jni.so: libcube.so.2: cannot open shared object "
            + "file: No such file or directory");
        assertTrue(message.startsWith("cannot load libcube.so.2, which /opt/x/lib/jni/libcube_jni.so"), message);
        assertTrue(message.contains("LD_LIBRARY_PATH"), message);
        String missingGlue = NativeLibrary.explain("no cube_jni in java.library.path: /nowhere");
        assertTrue(missingGlue.startsWith("cannot load libcube_jni.so"), missingGlue);
        assertFalse(missingGlue.contains("libcube.so.2"), missingGlue);
    }
}
