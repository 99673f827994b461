package org.libcube;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A JVM that cannot find libcube_jni.so says which library is missing, where it looked and what to do. */
class LoadingTest {
    /** Run in a JVM of its own: touches the library. */
    static final class Probe {
        public static void main(String[] args) {
            System.out.println(CubeLib.version());
        }
    }

    @Test
    void missingNativeLibraryIsExplained() throws Exception {
        String classPath = jarOf(CubeLib.class) + File.pathSeparator + jarOf(Probe.class);
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process process = new ProcessBuilder(java.toString(), "-Djava.library.path=/nonexistent/jni", "-cp", classPath,
            Probe.class.getName()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(1, process.exitValue(), output);
        assertTrue(output.contains("UnsatisfiedLinkError: cannot load libcube_jni.so"), output);
        assertTrue(output.contains("java.library.path is /nonexistent/jni"), output);
        assertTrue(output.contains("-Djava.library.path="), output);
    }

    private static String jarOf(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
