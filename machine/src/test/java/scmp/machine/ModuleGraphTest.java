package scmp.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module graph of docs/architecture.md holds in the code: every module's main sources use only packages of the
 * modules its pom declares (so that a dependency Maven brings in transitively cannot hide a wrong arrow, and the
 * poms, which Maven keeps acyclic, are the real graph), machine knows no machine model, no model knows another,
 * and no library depends on the command lines.
 */
class ModuleGraphTest {
    private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");
    private static final Pattern DEPENDENCY = Pattern.compile(
            "<dependency>\\s*<groupId>scmp</groupId>\\s*<artifactId>([^<]+)</artifactId>(.*?)</dependency>",
            Pattern.DOTALL);
    private static final Pattern PACKAGE = Pattern.compile("^package (scmp(?:\\.\\w+)*);", Pattern.MULTILINE);
    private static final Pattern USE = Pattern.compile("\\bscmp(?:\\.[a-z]\\w*)+(?=\\.[A-Z])");
    private static final Set<String> MODELS = Set.of("scmp-model", "t3d-model", "sp-model");

    private static Path root;
    /** Each module's declared main (compile and provided) dependencies on other modules. */
    private static final Map<String, Set<String>> DECLARED = new TreeMap<>();
    /** Each package's module. */
    private static final Map<String, String> OWNER = new LinkedHashMap<>();
    /** Each module's main source files. */
    private static final Map<String, List<Path>> SOURCES = new TreeMap<>();

    @BeforeAll
    static void read() throws IOException {
        root = Path.of(System.getProperty("scmp.root", "..")).toAbsolutePath().normalize();
        Matcher m = MODULE.matcher(Files.readString(root.resolve("pom.xml")));
        while (m.find()) {
            String module = m.group(1);
            Set<String> deps = new TreeSet<>();
            Matcher d = DEPENDENCY.matcher(Files.readString(root.resolve(module).resolve("pom.xml")));
            while (d.find()) {
                if (!d.group(2).contains("<scope>test</scope>")) {
                    deps.add(d.group(1));
                }
            }
            DECLARED.put(module, deps);
            Path src = root.resolve(module).resolve("src/main/java");
            List<Path> files = new ArrayList<>();
            if (Files.isDirectory(src)) {
                try (Stream<Path> s = Files.walk(src)) {
                    s.filter(p -> p.toString().endsWith(".java")).sorted().forEach(files::add);
                }
            }
            SOURCES.put(module, files);
            for (Path f : files) {
                Matcher p = PACKAGE.matcher(Files.readString(f));
                if (p.find()) {
                    OWNER.putIfAbsent(p.group(1), module);
                }
            }
        }
    }

    /** The modules whose packages a module's main sources name, in imports or fully qualified in code. */
    private static Set<String> used(String module) {
        Set<String> used = new TreeSet<>();
        for (Path f : SOURCES.get(module)) {
            String text;
            try {
                text = Files.readString(f);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            for (String line : text.split("\n")) {
                String code = line.strip();
                if (code.startsWith("*") || code.startsWith("/*") || code.startsWith("//") || code.startsWith("package ")) {
                    continue;   // documentation may name any package
                }
                Matcher u = USE.matcher(code.replaceAll("\"(?:[^\"\\\\]|\\\\.)*\"", "\"\""));
                while (u.find()) {
                    String owner = OWNER.get(u.group());
                    if (owner != null && !owner.equals(module)) {
                        used.add(owner);
                    }
                }
            }
        }
        return used;
    }

    @Test
    void everyModuleUsesOnlyTheModulesItDeclares() {
        assertTrue(DECLARED.keySet().containsAll(List.of("machine", "cpu", "niu", "noc", "scmp-model", "t3d-model",
                "sp-model", "cli")), DECLARED.keySet().toString());
        Map<String, Set<String>> undeclared = new TreeMap<>();
        for (String module : DECLARED.keySet()) {
            Set<String> extra = used(module);
            extra.removeAll(DECLARED.get(module));
            if (!extra.isEmpty()) {
                undeclared.put(module, extra);
            }
        }
        assertEquals(Map.of(), undeclared, "modules used without a dependency in the pom");
    }

    @Test
    void theMachineKnowsNoModelAndNoModelAnother() {
        Set<String> machine = DECLARED.get("machine");
        for (String forbidden : List.of("niu", "noc", "scmp-model", "t3d-model", "sp-model", "cli")) {
            assertFalse(machine.contains(forbidden), "machine depends on " + forbidden);
        }
        for (String model : MODELS) {
            Set<String> others = new TreeSet<>(DECLARED.get(model));
            others.retainAll(MODELS);
            assertEquals(Set.of(), others, model + " depends on another model");
            assertTrue(DECLARED.get(model).contains("machine"), model + " plugs into machine");
        }
        assertEquals(Set.of("isa"), DECLARED.get("cpu"), "the node knows the instruction set only");
    }

    @Test
    void onlyTheEndToEndTestsDependOnTheCommandLines() {
        for (Map.Entry<String, Set<String>> e : DECLARED.entrySet()) {
            assertFalse(e.getValue().contains("cli"), e.getKey() + " depends on cli");
        }
    }
}
