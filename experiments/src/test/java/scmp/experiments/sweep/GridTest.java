package scmp.experiments.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import scmp.model.scmp.ScmpConfig;
import scmp.noc.FlitFormat;

/** Grids, points and the settings a point may have. */
class GridTest {

    @Test
    void fileAndCommandLineMakeEveryCombinationFirstSettingSlowest() {
        Grid g = Grid.parse("""
                # CG under both protocols
                program = cg/cg_mpi.c
                mesh = 2x2, 4x4      # two meshes
                vcs = 1, 2
                protocol = thesis, ours
                """, "grid.txt");
        g.set("args=\"480 96\",960 96");
        g.set("vcs=1..3");
        List<Point> ps = g.points();
        assertEquals(2 * 3 * 2 * 2, ps.size());
        assertEquals(List.of("program", "mesh", "vcs", "protocol", "args"), List.copyOf(g.settings().keySet()),
                "a setting given again keeps its place");
        assertEquals(Map.of("program", "cg/cg_mpi.c", "mesh", "2x2", "vcs", "1", "protocol", "thesis", "args", "480 96"),
                ps.get(0).settings());
        assertEquals("960 96", ps.get(1).settings().get("args"));
        assertEquals("ours", ps.get(2).settings().get("protocol"));
        assertEquals("4x4", ps.get(ps.size() - 1).settings().get("mesh"));
        assertEquals("3", ps.get(ps.size() - 1).settings().get("vcs"));
        assertEquals(ps.size(), ps.stream().map(Point::id).distinct().count());
    }

    @Test
    void quotedValuesKeepCommasAndHashes() {
        Grid g = Grid.parse("args = \"1,2\", \"a # b\", \"\"\n", "g");
        assertEquals(List.of("1,2", "a # b", ""), g.settings().get("args"));
    }

    @Test
    void aPointsIdDependsOnItsSettingsNotTheirOrder() {
        Map<String, String> a = new LinkedHashMap<>();
        a.put("mesh", "2x2");
        a.put("vcs", "1");
        Map<String, String> b = new LinkedHashMap<>();
        b.put("vcs", "1");
        b.put("mesh", "2x2");
        assertEquals(new Point(a).id(), new Point(b).id());
        b.put("vcs", "2");
        assertNotEquals(new Point(a).id(), new Point(b).id());
        assertTrue(new Point(a).id().matches("[0-9a-f]{16}"));
    }

    @Test
    void malformedGridsNameTheLine() {
        assertEquals("g.txt:2: expected 'key = value, value, ...'",
                assertThrows(Grid.GridException.class, () -> Grid.parse("vcs = 1\nmesh 2x2\n", "g.txt")).getMessage());
        assertTrue(assertThrows(Grid.GridException.class, () -> Grid.parse("\nMesh = 2x2\n", "g.txt")).getMessage()
                .startsWith("g.txt:2: 'Mesh' is not a setting name"));
        assertTrue(assertThrows(Grid.GridException.class, () -> Grid.parse("vcs = 4..1\n", "g")).getMessage()
                .contains("vcs: 4..1 is not a range"));
        assertTrue(assertThrows(Grid.GridException.class, () -> new Grid().set("vcs=")).getMessage()
                .startsWith("vcs: no value"));
        Grid big = new Grid();
        big.set("a=1..1000");
        big.set("b=1..1000");
        assertTrue(assertThrows(Grid.GridException.class, big::points).getMessage().contains("more than"));
    }

    @Test
    void settingsBecomeTheMachineScmpsimWouldBuild() {
        Simulation s = Simulation.of(Map.of("program", "prog.c", "args", " 1  2 ", "n", "8", "vcs", "2",
                "buffer", "4", "protocol", "thesis", "env.X", "y", "mem", "1M", "wide-flits", "yes"), Path.of("/tmp/d"));
        assertEquals("/tmp/d/prog.c", s.program());
        assertEquals(1, s.optLevel());
        assertEquals(List.of(), s.defines());
        ScmpConfig c = s.config();
        assertEquals(List.of("1", "2"), c.run().args());
        assertEquals(8, c.run().ranks());
        assertEquals(4, c.params().mesh().x());
        assertEquals(2, c.params().mesh().y());
        assertEquals(2, c.params().noc().vcs());
        assertEquals(4, c.params().noc().bufferDepth());
        assertEquals(FlitFormat.WIDE, c.params().noc().format());
        assertEquals(1 << 20, c.run().memSize());
        assertTrue(c.run().env().containsAll(List.of("SCMP_MPI_PROTOCOL=thesis", "X=y", "SCMP_NPROCS=8")), c.run().env().toString());
        assertFalse(c.params().hwRts(), "the thesis family on the chip without the handshake");
        // thesis-hw is the thesis family's variant on the chip with the hardware handshake, as scmpsim spells it
        ScmpConfig hw = Simulation.of(Map.of("program", "cg/cg_mpi.c", "protocol", "thesis-hw"), Path.of("/")).config();
        assertTrue(hw.params().hwRts());
        assertTrue(hw.run().env().contains("SCMP_MPI_PROTOCOL=thesis-hw"), hw.run().env().toString());
        // a benchmark is named as it is; the defaults are scmpsim's
        Simulation d = Simulation.of(Map.of("program", "cg/cg_native.c", "opt", "2", "defines", "X N=4"), Path.of("/"));
        assertEquals("cg/cg_native.c", d.program());
        assertEquals(2, d.optLevel());
        assertEquals(List.of("X", "N=4"), d.defines());
        assertEquals(4, d.config().params().mesh().x());
        assertEquals(0, d.config().run().ranks());
        assertEquals(FlitFormat.SCMP, d.config().params().noc().format());
        assertEquals(FlitFormat.WIDE, Simulation.of(Map.of("program", "p", "mesh", "16x2"), Path.of("/")).config()
                .params().noc().format());
    }

    @Test
    void badSettingsSayWhich() {
        Path base = Path.of("/");
        assertTrue(message(Map.of("program", "p", "vsc", "2"), base).startsWith("vsc: unknown setting; the settings are"));
        assertEquals("vcs: must be 1..12, got 20", message(Map.of("program", "p", "vcs", "20"), base));
        assertEquals("vcs: 'two' is not a number", message(Map.of("program", "p", "vcs", "two"), base));
        assertEquals("opt: must be 0..2, got 3", message(Map.of("program", "p", "opt", "3"), base));
        assertEquals("mesh: '4' is not WxH (e.g. 4x4)", message(Map.of("program", "p", "mesh", "4"), base));
        assertEquals("protocol: 'fast' is not an MPI protocol family (thesis, thesis-hw, ours)",
                message(Map.of("program", "p", "protocol", "fast"), base));
        assertTrue(message(Map.of("args", "1"), base).startsWith("program: every point needs a program"));
        assertTrue(message(Map.of("program", "p", "mesh", "2x2", "n", "5"), base).startsWith("n 5: the 2x2 mesh"),
                message(Map.of("program", "p", "mesh", "2x2", "n", "5"), base));
    }

    private static String message(Map<String, String> settings, Path base) {
        return assertThrows(IllegalArgumentException.class, () -> Simulation.of(settings, base)).getMessage();
    }
}
