package scmp.machine;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import scmp.cpu.Tracer;
import scmp.isa.Disassembler;

/**
 * Writes one line per executed instruction (scmpsim --trace): the issue cycle, node, thread context, pc and
 * the disassembled instruction, with branch targets named by the program's symbols.
 * <pre>
 *          12  n0 t0  0x00001004  addi a0, a0, 1
 * </pre>
 */
final class TraceWriter implements Tracer {
    private final OutputStream out;
    private final Disassembler disassembler;
    private final StringBuilder line = new StringBuilder(96);

    TraceWriter(OutputStream out, Symbolizer symbolizer) {
        this.out = out;
        this.disassembler = new Disassembler(symbolizer::describe, false);
    }

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
        line.append(h).append("  ").append(disassembler.disassemble(pc, word)).append('\n');
        try {
            out.write(line.toString().getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
