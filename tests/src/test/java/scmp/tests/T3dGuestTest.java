package scmp.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Guest programs on the T3D model with libt3d and libshmem (programs/t3d, docs/t3d.md): every primitive and every
 * SHMEM call checked on 2, 8 and 32 PEs, the data cache's coherence caveat, and the calibration the seed asks for, measured by guest programs: put latency 1-2 us, put bandwidth about
 * 120 MB/s and get bandwidth about 60 MB/s (seed 001 line 40).
 */
class T3dGuestTest {
    @TempDir
    Path dir;

    private Path build(String name) {
        return E2e.buildProgram(dir, "t3d", "t3d", name);
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 8, 32})
    void everyPrimitiveWorksOnEveryPe(int pes) {
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(pes), "--mem", "1M", build("primitives").toString());
        assertEquals("PE 0 of " + pes + ": 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
    }

    @ParameterizedTest(name = "{0} PEs")
    @ValueSource(ints = {2, 8, 32})
    void everyShmemCallWorksOnEveryPe(int pes) {
        E2e.Sim s = E2e.scmpsim("-n", String.valueOf(pes), "--mem", "1M", build("shmem").toString());
        assertEquals("PE 0 of " + pes + ": 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
    }

    @Test
    void shmemWorksWithTheDataCacheAndAProgramMayEnlargeTheSymmetricHeap() {
        E2e.Sim s = E2e.scmpsim("-n", "8", "--mem", "1M", "--param", "dataCache=true", build("shmem").toString());
        assertEquals("PE 0 of 8: 0 error(s)\n", s.stdout());
        assertEquals(0, s.exit(), s.stderr());
        E2e.Sim big = E2e.scmpsim("-n", "4", "--mem", "2M", build("shmem_heap").toString());
        assertEquals("PE 0: 49152 words, 0 wrong\n", big.stdout());
        assertEquals(0, big.exit(), big.stderr());
    }

    @Test
    void aPutLeavesAStaleCachedWordUntilInvalidatedWhenPesHaveTheDataCache() {
        Path exe = build("cache");
        E2e.Sim cached = E2e.scmpsim("-n", "2", "--param", "dataCache=true", exe.toString());
        assertEquals("PE 1 read 7 after the put, 42 after invalidating\n", cached.stdout());
        assertEquals(0, cached.exit(), cached.stderr());
        E2e.Sim plain = E2e.scmpsim("-n", "2", exe.toString());
        assertEquals("PE 1 read 42 after the put, 42 after invalidating\n", plain.stdout());
        // libt3d invalidates what it reads back, so every primitive also works with the cache
        E2e.Sim s = E2e.scmpsim("-n", "8", "--mem", "1M", "--param", "dataCache=true", build("primitives").toString());
        assertEquals("PE 0 of 8: 0 error(s)\n", s.stdout());
    }

    private static double number(String text, String regex) {
        Matcher m = Pattern.compile(regex).matcher(text);
        assertTrue(m.find(), regex + " in " + text);
        return Double.parseDouble(m.group(1));
    }

    @Test
    void putLatencyIsOneToTwoMicroseconds() {
        Path exe = build("put_latency");
        // the other PE of the node, and the farthest node of a 64-PE 4x4x2 torus (PE 63 at (3,3,1): 3 hops)
        for (String[] run : new String[][] {{"-n", "2", exe.toString()},
            {"-n", "64", "--torus", "4x4x2", "--mem", "1M", exe.toString(), "63"}}) {
            E2e.Sim s = E2e.scmpsim(run);
            assertEquals(0, s.exit(), s.stderr());
            double us = number(s.stdout(), "cycles, ([0-9.]+) us");
            assertTrue(us >= 1.0 && us <= 2.0, s.stdout());
        }
    }

    @Test
    void putBandwidthIsAbout120AndGetBandwidthAbout60MegabytesPerSecond() {
        E2e.Sim s = E2e.scmpsim("-n", "2", build("bandwidth").toString());
        assertEquals(0, s.exit(), s.stderr());
        double put = number(s.stdout(), "put bandwidth, 65536 bytes: [0-9]+ cycles, ([0-9.]+) MB/s");
        double get = number(s.stdout(), "get bandwidth, 65536 bytes: [0-9]+ cycles, ([0-9.]+) MB/s");
        assertTrue(put >= 114 && put <= 126, s.stdout());
        assertTrue(get >= 57 && get <= 63, s.stdout());
        assertTrue(Math.abs(put / get - 2) < 0.05, "the put/get ratio is 2:1 (seed 001 line 40): " + s.stdout());
    }
}
