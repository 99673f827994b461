package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MovesTest {
    @Test
    void parseAndRead() {
        try (Moves moves = Moves.parse("R U R' U2")) {
            assertEquals(4, moves.count());
            assertEquals("R U R' U2", moves.toString());
            assertEquals(moves.text(), moves.toString());
            assertEquals(MoveKind.R, moves.kindAt(0));
            assertEquals(MoveKind.U, moves.kindAt(1));
            assertEquals(1, moves.amountAt(0));
            assertEquals(3, moves.amountAt(2));
            assertEquals(2, moves.amountAt(3));
            assertEquals(4, moves.length(Metric.HTM));
            assertEquals(5, moves.length(Metric.QTM));
        }
    }

    @Test
    void wideSliceAndRotationMoves() {
        try (Moves moves = Moves.parse("Rw M x")) {
            assertEquals(MoveKind.RW, moves.kindAt(0));
            assertEquals(MoveKind.M, moves.kindAt(1));
            assertEquals(MoveKind.X, moves.kindAt(2));
        }
    }

    @Test
    void buildEditAndCompare() {
        try (Moves moves = new Moves(3); Moves tail = Moves.parse("U'"); Moves expected = Moves.parse("R2 U'")) {
            moves.push(MoveKind.R, 1);
            moves.push(MoveKind.R, 1);
            moves.append(tail);
            assertEquals("R R U'", moves.toString());
            moves.simplify();
            assertEquals(expected, moves);
            assertEquals(expected.hashCode(), moves.hashCode());
            assertTrue(moves.sameAs(expected));
            try (Moves copy = moves.copy()) {
                copy.invert();
                assertEquals("U R2", copy.toString());
                assertNotEquals(moves, copy);
            }
        }
    }

    @Test
    void twoByTwoNotation() {
        try (Moves moves = Moves.parse("R U F2", 2); Cube cube = new Cube(2)) {
            cube.apply(moves);
            assertEquals(3, moves.count());
        }
    }

    @Test
    void scramblesDependOnTheSeed() {
        try (Moves a = Moves.scramble(3, 7, 25); Moves b = Moves.scramble(3, 7, 25); Moves c = Moves.scramble(3, 8, 25)) {
            assertEquals(25, a.count());
            assertEquals(a, b);
            assertNotEquals(a, c);
        }
    }

    @Test
    void parseErrorSaysWhere() {
        CubeException e = assertThrows(CubeException.class, () -> Moves.parse("R U Q"));
        assertEquals(Status.PARSE, e.status());
        assertTrue(e.getMessage().contains("Q"), e.getMessage());
    }

    @Test
    void indexOutOfRange() {
        try (Moves moves = Moves.parse("R U")) {
            CubeException e = assertThrows(CubeException.class, () -> moves.kindAt(2));
            assertEquals(Status.INVALID_ARGUMENT, e.status());
            assertTrue(e.getMessage().contains("2"), e.getMessage());
            assertThrows(CubeException.class, () -> moves.amountAt(-1));
        }
    }

    @Test
    void useAfterClose() {
        Moves moves = Moves.parse("R");
        moves.close();
        assertEquals("Moves(closed)", moves.toString());
        CubeException e = assertThrows(CubeException.class, moves::count);
        assertEquals("Moves is closed", e.getMessage());
    }

    @Test
    void lengthCountsInEachMetric() {
        try (Moves turns = Moves.parse("R2 U"); Moves slice = Moves.parse("M")) {
            assertEquals(3, turns.length(Metric.QTM));
            assertEquals(2, turns.length(Metric.HTM));
            assertEquals(1, slice.length(Metric.STM));
        }
    }
}
