package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CubeTest {
    static final String SOLVED3 = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    static final String SOLVED2 = "UUUURRRRFFFFDDDDLLLLBBBB";

    @Test
    void solvedCubes() {
        try (Cube three = new Cube(3); Cube two = new Cube(2)) {
            assertEquals(3, three.size());
            assertEquals(2, two.size());
            assertTrue(three.isSolved());
            assertEquals(SOLVED3, three.facelets());
            assertEquals(SOLVED3, three.toString());
            assertEquals(SOLVED2, two.toString());
        }
    }

    @Test
    void faceletsRoundTrip() {
        try (Cube cube = TestTables.scrambled(3, "R U F' L2 D B");
            Cube same = Cube.fromFacelets(cube.facelets());
            Cube sized = Cube.fromFacelets(cube.facelets(), 3)) {
            assertFalse(cube.isSolved());
            assertEquals(cube, same);
            assertEquals(cube, sized);
            assertEquals(cube.hashCode(), same.hashCode());
            Cube.validate(cube.facelets(), 3);
        }
    }

    @Test
    void randomCubesDependOnTheSeedOnly() {
        try (Cube a = Cube.random(3, 42); Cube b = Cube.random(3, 42); Cube c = Cube.random(3, 43);
            Cube small = Cube.random(2, 42)) {
            assertEquals(a, b);
            assertEquals(a.hashCode(), b.hashCode());
            assertNotEquals(a, c);
            assertEquals(2, small.size());
            assertEquals(24, small.facelets().length());
        }
    }

    @Test
    void equalityNeedsTheSameSizeAndFacelets() {
        try (Cube three = new Cube(3); Cube two = new Cube(2); Cube other = new Cube(3)) {
            assertNotEquals(three, two);
            assertNotEquals(three, (Object) "not a cube");
            assertEquals(three, other);
            other.apply("U");
            assertNotEquals(three, other);
        }
    }

    @Test
    void copiesAreIndependent() {
        try (Cube cube = new Cube(3); Cube copy = cube.copy()) {
            copy.apply("R");
            assertTrue(cube.isSolved());
            assertFalse(copy.isSolved());
        }
    }

    @Test
    void applyingMovesAndTheirInverse() {
        try (Cube cube = new Cube(3); Moves moves = Moves.parse("R U R' U' F2")) {
            cube.apply(moves);
            assertFalse(cube.isSolved());
            moves.invert();
            cube.apply(moves);
            assertTrue(cube.isSolved());
        }
    }

    @Test
    void net() {
        try (Cube cube = new Cube(3)) {
            String plain = cube.net(false);
            assertTrue(plain.contains("U U U"), plain);
            assertTrue(cube.net(true).contains("\u001b["), "colours are ANSI sequences");
        }
    }

    @Test
    void closingIsIdempotentAndBlocksUse() {
        Cube cube = new Cube(3);
        cube.close();
        cube.close();
        assertEquals("Cube(closed)", cube.toString());
        assertEquals(0, cube.hashCode());
        assertNotEquals(cube, new Cube(3));
        CubeException e = assertThrows(CubeException.class, cube::isSolved);
        assertEquals(Status.INVALID_ARGUMENT, e.status());
        assertEquals("Cube is closed", e.getMessage());
    }

    @Test
    void closedOrNullArguments() {
        Moves moves = Moves.parse("R");
        moves.close();
        try (Cube cube = new Cube(3)) {
            CubeException closed = assertThrows(CubeException.class, () -> cube.apply(moves));
            assertEquals("Moves is closed", closed.getMessage());
            CubeException missing = assertThrows(CubeException.class, () -> cube.apply((Moves) null));
            assertEquals("moves is null", missing.getMessage());
            assertEquals(Status.INVALID_ARGUMENT, missing.status());
            CubeException text = assertThrows(CubeException.class, () -> Cube.fromFacelets(null));
            assertEquals("facelets is null", text.getMessage());
        }
    }
}
