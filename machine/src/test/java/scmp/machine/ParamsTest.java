package scmp.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one loader of model parameters: every kind of value, the defaults, the checks, the messages. */
class ParamsTest {
    @TempDir
    Path dir;

    enum Shape { RING, LINE }

    /** A point, read as {@code X:Y} through its parse method. */
    record Point(int x, int y) {
        public static Point parse(String text) {
            String[] p = text.split(":");
            if (p.length != 2) {
                throw new IllegalArgumentException("'" + text + "' is not X:Y");
            }
            return new Point(Integer.parseInt(p[0]), Integer.parseInt(p[1]));
        }
    }

    record Sample(int bytes, long cycles, boolean fast, String label, Shape shape, Point at, List<Integer> ports) {
        Sample() {
            this(64, 10, false, "none", Shape.LINE, null, List.of(7));
        }

        Sample {
            if (bytes < 1) {
                throw new ParamException("bytes", ": must be at least 1, got " + bytes);
            }
            ports = List.copyOf(ports);
        }
    }

    private static Sample load(Params.Given... given) {
        return Params.load(Sample.class, "sample", List.of(given));
    }

    @Test
    void keysNotGivenKeepTheDefaults() {
        assertEquals(new Sample(), load());
        assertEquals(List.of("bytes", "cycles", "fast", "label", "shape", "at", "ports"), Params.keys(Sample.class));
    }

    @Test
    void everyKindOfValueIsRead() {
        Sample s = load(new Params.Given("bytes", "64K"), new Params.Given("cycles", "3G"),
                new Params.Given("fast", "TRUE"), new Params.Given("label", "a b"), new Params.Given("shape", "ring"),
                new Params.Given("at", "3:4"), new Params.Given("ports", "1,2"), new Params.Given("ports", "3"));
        assertEquals(new Sample(64 << 10, 3L << 30, true, "a b", Shape.RING, new Point(3, 4), List.of(1, 2, 3)), s);
        assertEquals(2, load(new Params.Given("bytes", "1"), new Params.Given("bytes", "2")).bytes(),
                "a later value replaces an earlier one");
    }

    @Test
    void mistakesAreOneLineNamingTheParameterAsGiven() {
        assertEquals("--param nope: the sample model has no such parameter; its parameters: bytes, cycles, fast, "
                + "label, shape, at, ports", assertThrows(ConfigException.class,
                () -> load(new Params.Given("nope", "1"))).getMessage());
        assertEquals("--size: 'big' is not a number", assertThrows(ConfigException.class,
                () -> load(new Params.Given("bytes", "big", "--size"))).getMessage());
        assertEquals("--param fast: 'yes' is not true or false", assertThrows(ConfigException.class,
                () -> load(new Params.Given("fast", "yes"))).getMessage());
        assertEquals("--param shape: 'star' is not one of [ring, line]", assertThrows(ConfigException.class,
                () -> load(new Params.Given("shape", "star"))).getMessage());
        assertEquals("--param at: '3' is not X:Y", assertThrows(ConfigException.class,
                () -> load(new Params.Given("at", "3"))).getMessage());
        assertEquals("--size: must be at least 1, got 0", assertThrows(ConfigException.class,
                () -> load(new Params.Given("bytes", "0", "--size"))).getMessage());
        assertEquals("--param bytes: expected KEY=VALUE",
                assertThrows(ConfigException.class, () -> Params.Given.parse("bytes")).getMessage());
    }

    @Test
    void aFileHoldsPairsCommentsAndBlankLines() throws IOException {
        Path f = dir.resolve("p.txt");
        Files.writeString(f, "# a comment\n\nbytes = 128\n  ports=5,6\n");
        List<Params.Given> given = Params.read(f);
        assertEquals(new Sample(128, 10, false, "none", Shape.LINE, null, List.of(5, 6)),
                Params.load(Sample.class, "sample", given));
        Files.writeString(f, "bytes=0\n");
        assertEquals(f + ":1: bytes: must be at least 1, got 0", assertThrows(ConfigException.class,
                () -> Params.load(Sample.class, "sample", Params.read(f))).getMessage());
        Files.writeString(f, "bytes\n");
        assertEquals(f + ":1: expected KEY=VALUE, got 'bytes'",
                assertThrows(ConfigException.class, () -> Params.read(f)).getMessage());
    }

    @Test
    void withReplacesOneParameterAndChecksAgain() {
        assertEquals(new Sample(9, 10, false, "none", Shape.LINE, null, List.of(7)), Params.with(new Sample(), "bytes", 9));
        assertThrows(ParamException.class, () -> Params.with(new Sample(), "bytes", 0));
    }
}
