package scmp.machine;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import scmp.cpu.Tracer;
import scmp.isa.Disassembler;

/**
 * Writes one line per executed instruction (scmpsim --trace): the issue cycle, node, thread context, pc and
 * the function and offset the pc is at, and the disassembled instruction, with branch targets named by the
 * program's symbols.
 * <pre>
 *          12  n0 t0  0x00001004  main+0x4              addi a0, a0, 1
 * </pre>
 */
final class TraceWriter implements Tracer {
    private final OutputStream out;
    private final Disassembler disassembler;
    private final StringBuilder line = new StringBuilder(96);
    private final Symbolizer symbolizer;
    /** Names of the pcs traced so far: a loop's pcs are named once. */
    private final java.util.Map<Integer, String> names = new java.util.HashMap<>();

    TraceWriter(OutputStream out, Symbolizer symbolizer) {
        this.out = out;
        this.symbolizer = symbolizer;
        this.disassembler = new Disassembler(symbolizer::describe, false);
    }

    /** The width of the function+offset column; longer names push the instruction right. */
    private static final int NAME_WIDTH = 20;

    @Override
    public void issue(long cycle, int node, int thread, int pc, int word) {
        line.setLength(0);
        String c = Long.toString(cycle);
        for (int k = c.length(); k < 12; k++) {
            line.append(' ');
        }
        line.append(c).append("  n").append(node).append(" t").append(thread).append("  0x");
        String h = Integer.toHexString(pc);
        for (int k = h.length(); k < 8; k++) {
            line.append('0');
        }
        String name = names.computeIfAbsent(pc, a -> {
            String d = symbolizer.describe(a);
            return d == null ? "?" : d;
        });
        line.append(h).append("  ").append(name);
        for (int k = name.length(); k < NAME_WIDTH; k++) {
            line.append(' ');
        }
        line.append("  ").append(disassembler.disassemble(pc, word)).append('\n');
        try {
            out.write(line.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
