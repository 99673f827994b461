package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Tables.search(): the state of the table search path, as `cube tables path --search` prints it. */
class TableSearchTest {
    @Test
    void theSuitesTablesAreUsed() {
        try (TableSearch search = Tables.search()) {
            assertTrue(search.count() >= 1 && search.count() <= 3);
            assertEquals(TableFolderRole.ENV, search.role(0));
            assertEquals(TestTables.dir(), search.folder(0));
            assertEquals(Tables.path(TestTables.dir()), search.file(0));
            assertEquals(TableFileState.SOUND, search.state(0));
            assertEquals("", search.error(0));
            assertEquals("", search.otherOrderFile(0));
            assertEquals("", search.otherOrderNotice(0));
            assertEquals(0, search.usedIndex());
            assertEquals(-1, search.buildSavesIndex());
            assertEquals(search.file(0), search.path());
        }
    }

    @Test
    void textAndJsonAreTheCommandsAnswers() {
        try (TableSearch search = Tables.search()) {
            String file = search.file(0);
            assertTrue(search.text().startsWith("CUBE_TABLE_DIR  " + file + ": sound (used)\n"), search.text());
            assertTrue(search.text().endsWith("\n"));
            String json = search.json();
            assertTrue(json.startsWith("{\"ok\":true,\"path\":\"" + file + "\",\"search\":[{\"role\":\"env\",\"file\":\""
                + file + "\",\"state\":\"sound\",\"used\":true}"), json);
            assertTrue(json.endsWith("]}"), json);
        }
    }

    @Test
    void badIndexAndClosedSearch() {
        TableSearch search = Tables.search();
        int count = search.count();
        CubeException e = assertThrows(CubeException.class, () -> search.state(count));
        assertEquals(Status.INVALID_ARGUMENT, e.status());
        assertTrue(e.getMessage().contains("out of range"), e.getMessage());
        assertThrows(CubeException.class, () -> search.role(-1));
        search.close();
        CubeException closed = assertThrows(CubeException.class, search::text);
        assertTrue(closed.getMessage().contains("TableSearch is closed"), closed.getMessage());
    }
}
