package scmp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The bin/ launchers and {@link Tools}: one launcher per tool, each naming a class of this module with a main. */
class LaunchersTest {
    private static final Pattern LAUNCH = Pattern.compile("_launch\" (\\S+) \"\\$@\"");

    /** The repository's root: the system property {@code scmp.root} (set by the pom), else the parent directory. */
    private static Path root() {
        String p = System.getProperty("scmp.root");
        return (p != null ? Path.of(p) : Path.of("..")).toAbsolutePath().normalize();
    }

    @Test
    void everyLauncherRunsTheMainClassToolsNames() throws IOException {
        Map<String, String> launched = new TreeMap<>();
        try (Stream<Path> bin = Files.list(root().resolve("bin"))) {
            for (Path p : bin.filter(f -> !f.getFileName().toString().startsWith("_")).toList()) {
                Matcher m = LAUNCH.matcher(Files.readString(p));
                assertTrue(m.find(), p + " does not run bin/_launch");
                launched.put(p.getFileName().toString(), m.group(1));
            }
        }
        Map<String, String> listed = new TreeMap<>();
        for (String[] t : Tools.TOOLS) {
            listed.put(t[0], t[1]);
        }
        assertEquals(listed, launched);
    }

    @Test
    void everyToolHasAPublicMainInThisModule() throws Exception {
        for (String[] t : Tools.TOOLS) {
            Class<?> c = Class.forName(t[1]);
            assertEquals("scmp.cli", c.getPackageName(), t[0] + ": the command lines live in cli");
            Method main = c.getMethod("main", String[].class);
            assertTrue(Modifier.isStatic(main.getModifiers()) && main.getReturnType() == void.class, t[1]);
        }
    }
}
