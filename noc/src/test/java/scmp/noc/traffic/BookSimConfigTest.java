package scmp.noc.traffic;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** BookSim configuration files translated into scmpsim noc's options. */
class BookSimConfigTest {

    private static Map<String, String> options(String text) {
        return BookSimConfig.parse(text, "t.cfg").options();
    }

    private static String error(String text) {
        return assertThrows(IllegalArgumentException.class, () -> options(text)).getMessage();
    }

    @Test
    void bookSimsMeshExample() {
        // the shape of BookSim2's examples/mesh88_lat, with the keys this model takes
        Map<String, String> o = options("""
                // 8x8 mesh
                topology = mesh;
                k = 8;
                n = 2;

                // Routing
                routing_function = dor;

                // Flow control
                num_vcs     = 8;
                vc_buf_size = 8;
                wait_for_tail_credit = 0;

                vc_allocator = separable_input_first; sw_allocator = separable_input_first;
                alloc_iters  = 1;

                credit_delay   = 2;
                routing_delay  = 0;
                vc_alloc_delay = 1;
                sw_alloc_delay = 1;

                traffic = transpose;
                packet_size = 20;
                sim_type = latency;
                injection_rate = 0.005;
                """);
        assertEquals(Map.of("--mesh", "8x8", "--vcs", "8", "--buffer", "8", "--vc-allocator", "input_first",
                "--credit-delay", "3", "--stages", "0,1,1,1", "--traffic", "transpose", "--packet-flits", "20",
                "--packet-rate", "0.005"), o);
    }

    @Test
    void ratesPeriodsAndBursts() {
        Map<String, String> o = options("injection_rate = 0.3; injection_rate_uses_flits = 1; sample_period = 500;"
                + "injection_process = on_off; burst_alpha = 0.1; burst_beta = 0.3; seed = 42; latency_thres = 300.0;"
                + "arb_type = matrix; traffic = hotspot({27,36},{1,1}); hotspot_fraction = 0.3;");
        assertEquals("0.3", o.get("--rate"));
        assertNull(o.get("--packet-rate"));
        assertEquals("1500", o.get("--warmup"));     // BookSim's 3 warm-up periods of sample_period
        assertEquals("5000", o.get("--measure"));    // and its 10 samples
        assertEquals("on_off", o.get("--injection"));
        assertEquals("0.1", o.get("--burst-alpha"));
        assertEquals("0.3", o.get("--burst-beta"));
        assertEquals("42", o.get("--seed"));
        assertEquals("300.0", o.get("--latency-limit"));
        assertEquals("matrix", o.get("--arbiter"));
        assertEquals("hotspot({27,36},{1,1})", o.get("--traffic"));
        assertEquals("0.3", o.get("--hotspot-fraction"));
        assertEquals(Map.of("--warmup", "6000"), options("warmup_periods = 6;"));
        assertEquals(Map.of("--measure", "20000"), options("max_samples = 20;"));
    }

    @Test
    void statementsMaySpanLinesAndCommentsAreIgnored() {
        assertEquals(Map.of("--vcs", "2", "--buffer", "4"),
                options("num_vcs =\n  2; // two\nvc_buf_size // the depth\n = 4\n;"));
        assertEquals(Map.of(), options("// nothing\n\n"));
    }

    @Test
    void unknownKeysAreNamed() {
        String e = error("num_vcs = 2;\nfoo_bar = 3;\n");
        assertTrue(e.startsWith("t.cfg:2: unknown key 'foo_bar'"), e);
        e = error("num_vcs = 2;\n\n  buf_size\n = 3;\n");
        assertTrue(e.startsWith("t.cfg:3: unknown key 'buf_size'"), e);
    }

    @Test
    void valuesTheModelDoesNotHaveAreErrors() {
        assertEquals("t.cfg:1: topology = fly: only mesh, torus and sp are modelled", error("topology = fly;"));
        assertEquals("t.cfg:1: input_speedup = 2: only 1 is modelled", error("input_speedup = 2;"));
        assertEquals("t.cfg:1: n = 3: only n = 2 is modelled for a mesh", error("n = 3;"));
        assertEquals("t.cfg:1: n = 4: a torus of 1 to 3 dimensions is modelled", error("n = 4; topology = torus; k = 4;"));
        assertEquals("t.cfg:1: n = 3 needs k (the torus's side)", error("n = 3; topology = torus;"));
        assertTrue(error("routing_function = min_adapt;").contains("only dimension-order routing"));
        assertTrue(error("vc_allocator = islip;").contains("vc_allocator = islip"));
        assertTrue(error("traffic = randperm;").contains("unknown traffic pattern 'randperm'"));
        assertTrue(error("injection_process = poisson;").contains("bernoulli or on_off"));
        assertEquals("t.cfg:2: num_vcs = four: not an integer", error("k = 4;\nnum_vcs = four;"));
        assertEquals("t.cfg:1: seed = time: not an integer", error("seed = time;"));
        assertTrue(error("num_vcs = 2;\nnum_vcs = 3;").startsWith("t.cfg:2: 'num_vcs' is given twice (first on line 1)"));
        assertTrue(error("num_vcs = 2").startsWith("t.cfg:1: missing ';'"));
        assertTrue(error("num_vcs 2;").startsWith("t.cfg:1: expected 'key = value;'"));
        // BookSim's own defaults are accepted
        assertEquals(Map.of(), options("internal_speedup = 1.0; router = iq; sim_count = 1; topology = mesh; n = 2;"));
    }

    @Test
    void aTorusIsAKAryNCube() {
        assertEquals(Map.of("--topology", "torus", "--mesh", "4x4x4"), options("topology = torus; k = 4; n = 3;"));
        assertEquals(Map.of("--topology", "torus", "--mesh", "8x8x1"), options("topology = torus; k = 8;"));
        assertEquals(Map.of("--topology", "torus", "--mesh", "6x1x1"),
                options("topology = torus; k = 6; n = 1; routing_function = dim_order_torus;"));
        assertEquals(Map.of("--topology", "torus"), options("topology = torus;"));
    }
}
