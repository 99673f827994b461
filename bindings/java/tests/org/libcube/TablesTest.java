package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TablesTest {
    @Test
    void pathAndVerify() {
        String path = Tables.path(TestTables.dir());
        assertTrue(path.startsWith(TestTables.dir()), path);
        assertTrue(Files.isRegularFile(Path.of(path)), path);
        Tables.verify(TestTables.dir());
    }

    @Test
    void missingTables(@TempDir Path empty) {
        CubeException e = assertThrows(CubeException.class, () -> Tables.verify(empty.toString()));
        assertEquals(Status.NOT_FOUND, e.status());
        assertFalse(e.getMessage().isEmpty());
    }

    @Test
    void generateKeepsSoundTables() {
        Tables.generate(TestTables.dir(), null);
        Tables.generate(TestTables.dir(), progress -> true);
    }

    @Test
    void buildCancelledByTheCallback(@TempDir Path empty) {
        AtomicInteger calls = new AtomicInteger();
        CubeException e = assertThrows(CubeException.class,
            () -> Tables.generate(empty.toString(), progress -> calls.incrementAndGet() < 3));
        assertEquals(Status.CANCELLED, e.status());
        assertEquals(3, calls.get());
        assertFalse(Files.exists(Path.of(Tables.path(empty.toString()))), "no table file is left");
    }

    @Test
    void buildCancelledByAToken(@TempDir Path empty) {
        try (CancelToken cancel = new CancelToken()) {
            cancel.cancel();
            CubeException e = assertThrows(CubeException.class, () -> Tables.generate(empty.toString(), null, cancel));
            assertEquals(Status.CANCELLED, e.status());
        }
    }

    @Test
    void buildCallbackExceptionIsRethrownUnchanged(@TempDir Path empty) {
        IllegalArgumentException thrown = new IllegalArgumentException("no room for tables");
        IllegalArgumentException caught = assertThrows(IllegalArgumentException.class,
            () -> Tables.generate(empty.toString(), progress -> {
                throw thrown;
            }));
        assertSame(thrown, caught);
    }
}
