package scmp.experiments;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scmpexp t3d msg} on a tiny configuration: both kernels under the three libraries on 2 T3D PEs land in
 * the section of t3d-tables.md, which replaces its earlier self and leaves the file's other sections alone, and in
 * the paper's Figures 3 to 10, which the section links.
 */
class T3dMsgKernelsTest {
    @Test
    void theSectionIsSplicedBetweenItsMarkers() {
        String first = T3dMsgKernels.splice("# T\n\nother\n", T3dMsgKernels.BEGIN + "\nA\n" + T3dMsgKernels.END);
        assertEquals("# T\n\nother\n\n" + T3dMsgKernels.BEGIN + "\nA\n" + T3dMsgKernels.END + "\n", first);
        String again = T3dMsgKernels.splice(first + "\n## later\n", T3dMsgKernels.BEGIN + "\nB\n" + T3dMsgKernels.END);
        assertEquals("# T\n\nother\n\n" + T3dMsgKernels.BEGIN + "\nB\n" + T3dMsgKernels.END + "\n\n## later\n", again);
    }

    @Test
    void runsBothKernelsUnderEveryLibrary(@TempDir Path out) throws Exception {
        Files.writeString(out.resolve("t3d-tables.md"), "# Tables\n\nsomeone else's section\n");
        StringWriter log = new StringWriter();
        int status = new T3dMsgKernels(new T3dMsgKernels.Options(List.of(2), 8, 8, 1, out), new PrintWriter(log))
                .run();
        assertEquals(0, status, log.toString());
        String md = Files.readString(out.resolve("t3d-tables.md"));
        assertTrue(md.startsWith("# Tables\n\nsomeone else's section\n\n" + T3dMsgKernels.BEGIN), md);
        for (String kernel : List.of("fft2d", "sor")) {
            // the three libraries compute the same array: one checksum per kernel in the log
            List<String> sums = log.toString().lines().filter(l -> l.startsWith(kernel + " "))
                    .map(l -> l.substring(l.lastIndexOf(' ') + 1)).distinct().toList();
            assertEquals(1, sums.size(), log.toString());
            for (String lib : List.of("pvm", "rrmsg", "dmsg")) {
                assertTrue(md.contains("| " + kernel + " | " + lib + " | 2 | 8 |"), md);
            }
        }
        // the paper's Figures 3 to 10, each linked from the section
        for (String f : List.of("fft2d-mflops", "sor-mflops", "fft2d-mflops-node", "sor-mflops-node", "fft2d-mbps",
                "sor-mbps", "fft2d-mbps-node", "sor-mbps-node")) {
            assertTrue(Files.size(out.resolve(T3dMsgKernels.FIGURES).resolve(f + ".png")) > 0, f);
            assertTrue(md.contains("(" + T3dMsgKernels.FIGURES + "/" + f + ".png)"), md);
        }
    }
}
