package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Pictures: the SVG net and 3-D view, text nets, steps and plan timelines, as cube/render.h draws them. */
class PicturesTest {
    private static int count(String text, String needle) {
        int n = 0;
        for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void svgNetHasEveryStickerInItsColour() {
        try (Cube cube = new Cube(3)) {
            cube.apply("R U");
            String svg = Pictures.svg(cube, PictureView.NET);
            assertTrue(svg.startsWith("<svg"), svg.substring(0, 20));
            assertTrue(svg.endsWith("</svg>\n"));
            assertEquals(54, count(svg, "class=\"sticker\""));
            assertTrue(svg.contains("id=\"U0\" fill=\"#ffffff\""));
            assertTrue(svg.contains("id=\"F2\" fill=\"#b71234\""));  // R's red sticker after U
        }
    }

    @Test
    void threeDViewAndTwoByTwo() {
        try (Cube cube = new Cube(3); Cube small = new Cube(2)) {
            assertEquals(27, count(Pictures.svg(cube, PictureView.THREE_D), "class=\"sticker\""));
            assertEquals(24, count(Pictures.svg(small, PictureView.NET), "class=\"sticker\""));
            String japanese = Pictures.svg(cube, PictureView.NET, ColorScheme.JAPANESE, "");
            assertTrue(japanese.contains("id=\"D0\" fill=\"#0046ad\""));
            String custom = Pictures.svg(cube, PictureView.NET, ColorScheme.CUSTOM, "U=#123");
            assertTrue(custom.contains("id=\"U0\" fill=\"#112233\""));
        }
    }

    @Test
    void textNetsAndBadSchemes() {
        try (Cube cube = new Cube(2)) {
            assertEquals(cube.net(false), Pictures.text(cube, TextColor.LETTERS, ColorScheme.WESTERN, ""));
            assertTrue(Pictures.text(cube, TextColor.TRUE_COLOR, ColorScheme.WESTERN, "").contains("48;2;255;255;255m"));
            CubeException e = assertThrows(CubeException.class,
                    () -> Pictures.svg(cube, PictureView.NET, ColorScheme.CUSTOM, "X=#fff"));
            assertEquals(Status.PARSE, e.status());
            assertTrue(e.getMessage().contains("face 'X' is not one of U R F D L B"), e.getMessage());
        }
    }

    @Test
    void stepsAndPlanTimeline() {
        try (Cube cube = new Cube(3); Moves moves = Moves.parse("R U F'"); Robot robot = Robot.parse("four-arm");
                Plan plan = robot.plan(moves)) {
            String steps = Pictures.steps(cube, moves, PictureView.NET);
            assertEquals(4 * 54, count(steps, "class=\"sticker\""));
            String timeline = Pictures.timeline(plan);
            assertTrue(timeline.startsWith("<svg"));
            assertEquals(plan.actionCount(), count(timeline, "<rect class=\"action "));
        }
    }
}
