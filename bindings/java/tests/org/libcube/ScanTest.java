package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Colour scans and robot scan sequences through the binding: resolve, confidences, frames, errors. */
class ScanTest {
    /** A distinct sRGB colour per face letter U R F D L B. */
    private static final double[][] PALETTE = {{250, 250, 250}, {200, 20, 30}, {20, 160, 60}, {250, 220, 20},
        {250, 120, 10}, {20, 60, 200}};

    private static double[] colourOf(char letter) {
        return PALETTE["URFDLB".indexOf(letter)];
    }

    /** A clean scan of `facelets`, sample i slightly off its colour so that no two are equal. */
    private static Scan scanOf(String facelets) {
        Scan scan = new Scan(ColorSpace.SRGB);
        for (int i = 0; i < 54; i++) {
            double[] c = colourOf(facelets.charAt(i));
            scan.set(i, c[0], c[1], Math.max(0, c[2] - i % 3), 1.0);
        }
        return scan;
    }

    /** The facelet that sample k of a frame shows when the face appears turned `rotation` quarters clockwise. */
    private static int shownFacelet(int face, int rotation, int k) {
        int row = k / 3;
        int col = k % 3;
        for (int r = 0; r < rotation; r++) {
            int wasRow = row;
            row = 2 - col;
            col = wasRow;
        }
        return 9 * face + 3 * row + col;
    }

    @Test
    void resolvesACleanScan() {
        try (Cube cube = Cube.random(3, 17); Scan scan = scanOf(cube.facelets()); ScanResult result = scan.resolve()) {
            assertEquals(54, scan.count());
            assertEquals(ColorSpace.SRGB, scan.colorSpace());
            assertEquals(cube.facelets(), result.facelets());
            assertTrue(result.confidence() > 0.99);
            assertFalse(result.isLow());
            assertTrue(result.searchComplete());
            assertEquals(0, result.doubtfulCount());
            assertTrue(result.stickerConfidence(53) > 0.99);
            assertEquals(3, result.alternativeCount());
            for (int k = 0; k < result.alternativeCount(); k++) {
                assertNotEquals(cube.facelets(), result.alternativeFacelets(k));
                assertTrue(result.alternativeRatio(k) >= 0 && result.alternativeRatio(k) < 1);
            }
        }
    }

    @Test
    void textAndJsonAreTheCliAnswers() {
        try (Cube cube = Cube.random(3, 17); Scan scan = scanOf(cube.facelets()); ScanResult result = scan.resolve()) {
            String text = result.text();
            assertTrue(text.startsWith("facelets: " + cube.facelets() + "\nconfidence: "), text);
            assertTrue(text.contains("\ndoubtful: none\nalternative 1: "), text);
            assertTrue(text.endsWith("\n"), text);
            String json = result.json();
            assertTrue(json.startsWith("{\"ok\":true,\"facelets\":\"" + cube.facelets() + "\",\"confidence\":"), json);
            assertTrue(json.contains(",\"low_confidence\":false,\"search_complete\":true,\"doubtful\":[]"), json);
            assertTrue(json.endsWith("]}"), json);
        }
    }

    @Test
    void optionsAndText() {
        StringBuilder text = new StringBuilder();
        String solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
        for (int i = 0; i < 54; i++) {
            double[] c = colourOf(solved.charAt(i));
            text.append(String.format("#%02x%02x%02x", (int) c[0], (int) c[1], (int) c[2]));
            text.append(i % 9 == 8 ? "\n" : " ");
        }
        try (Scan scan = Scan.parse(text.toString()); ScanOptions options = new ScanOptions()) {
            assertEquals(3, options.alternatives());
            options.setAlternatives(0);
            options.setLowConfidence(0.5);
            try (ScanResult result = scan.resolve(options)) {
                assertEquals(solved, result.facelets());
                assertEquals(0, result.alternativeCount());
            }
            assertTrue(scan.isSet(0));
            assertEquals(250, scan.value(0, 0));
            assertEquals(1.0, scan.weight(0));
        }
    }

    @Test
    void badInputRaisesTheLibrarysMessage() {
        CubeException parse = assertThrows(CubeException.class, () -> Scan.parse("#zzzzzz"));
        assertEquals(Status.PARSE, parse.status());
        assertTrue(parse.getMessage().contains("line 1, sample 0 (U1)"), parse.getMessage());
        CubeException small = assertThrows(CubeException.class, () -> Scan.parse("#ffffff #ffffff #ffffff #ffffff\n"));
        assertEquals(Status.UNSUPPORTED, small.status());
        assertTrue(small.getMessage().contains("2x2"), small.getMessage());
        try (Scan scan = new Scan(ColorSpace.LAB)) {
            CubeException index = assertThrows(CubeException.class, () -> scan.set(54, 50, 0, 0, 1));
            assertEquals(Status.INVALID_ARGUMENT, index.status());
            assertFalse(scan.isSet(0));
            CubeException unset = assertThrows(CubeException.class, scan::resolve);
            assertTrue(unset.getMessage().contains("sample 0 (U1) is not set"), unset.getMessage());
            assertThrows(CubeException.class, () -> scan.value(0, 0));
        }
        Scan closed = new Scan(ColorSpace.SRGB);
        closed.close();
        CubeException after = assertThrows(CubeException.class, closed::count);
        assertTrue(after.getMessage().contains("Scan is closed"), after.getMessage());
    }

    @Test
    @SuppressWarnings("deprecation")
    void oldColourSpellingStillWorks() throws NoSuchMethodException {
        assertTrue(ColourSpace.class.isAnnotationPresent(Deprecated.class));
        assertTrue(Scan.class.getConstructor(ColourSpace.class).isAnnotationPresent(Deprecated.class));
        assertTrue(Scan.class.getMethod("colourSpace").isAnnotationPresent(Deprecated.class));
        try (Scan scan = new Scan(ColourSpace.LAB)) {
            assertEquals(ColourSpace.LAB, scan.colourSpace());
            assertEquals(ColorSpace.LAB, scan.colorSpace());
        }
    }

    @Test
    void robotScanSequenceMapsFramesToFacelets() {
        try (Robot robot = Robot.parse("turntable-flipper"); Plan scanPlan = robot.scanPlan();
            Cube cube = Cube.random(3, 99); Scan frames = new Scan(ColorSpace.SRGB)) {
            assertEquals(6, scanPlan.scanFrameCount());
            int faces = 0;
            String facelets = cube.facelets();
            for (int f = 0; f < 6; f++) {
                try (ScanFrame frame = scanPlan.scanFrame(f)) {
                    faces |= 1 << frame.face().swigValue();
                    assertTrue(frame.rotation() >= 0 && frame.rotation() < 4);
                    assertTrue(frame.timeUs() <= scanPlan.totalUs());
                    for (int k = 0; k < 9; k++) {
                        double[] c = colourOf(facelets.charAt(shownFacelet(frame.face().swigValue(), frame.rotation(), k)));
                        frames.set(9 * f + k, c[0], c[1], c[2], 1.0);
                    }
                }
            }
            assertEquals(63, faces);
            try (Scan mapped = Scan.fromFrames(scanPlan, frames); ScanResult result = mapped.resolve()) {
                assertEquals(facelets, result.facelets());
            }
            try (Moves moves = Moves.parse("R U F'"); Plan solve = robot.plan(moves); Plan both = scanPlan.then(solve)) {
                assertEquals(6, both.scanFrameCount());
                assertEquals(scanPlan.totalUs() + solve.totalUs(), both.totalUs());
                both.check();
                CubeException noFrames = assertThrows(CubeException.class, () -> Scan.fromFrames(solve, frames));
                assertTrue(noFrames.getMessage().contains("camera frames"), noFrames.getMessage());
            }
        }
        CubeException camera = assertThrows(CubeException.class, () -> Robot.parse("four-arm:camera=F"));
        assertTrue(camera.getMessage().contains("can look at U or D"), camera.getMessage());
    }
}
