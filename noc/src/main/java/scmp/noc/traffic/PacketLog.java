package scmp.noc.traffic;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes one CSV line per delivered packet of a run ({@code scmpsim noc --packet-log FILE}), in order of
 * arrival: its number in order of creation, when it was created, injected and taken, where it went, and its
 * two latencies. Two runs are compared packet by packet by the first column (a trace replayed on the same
 * settings gives every packet the latency it had).
 */
public final class PacketLog implements PacketListener, Closeable {
    /** The header line. */
    public static final String HEADER = "packet,created,source,destination,flits,injected,arrived,latency,network_latency";

    private final Writer out;
    private final StringBuilder line = new StringBuilder(64);

    /**
     * Opens the log and writes its header.
     *
     * @param file the file, replaced if it exists
     * @throws IOException when it cannot be written
     */
    public PacketLog(Path file) throws IOException {
        this(Files.newBufferedWriter(file));
    }

    /**
     * Writes the log to a stream, starting with its header.
     *
     * @param out the stream; closed by {@link #close()}
     * @throws IOException when it cannot be written
     */
    public PacketLog(Writer out) throws IOException {
        this.out = out instanceof BufferedWriter ? out : new BufferedWriter(out);
        this.out.write(HEADER + "\n");
    }

    @Override
    public void delivered(long id, int src, int dst, int flits, long created, long injected, long arrived) {
        line.setLength(0);
        line.append(id).append(',').append(created).append(',').append(src).append(',').append(dst).append(',')
                .append(flits).append(',').append(injected).append(',').append(arrived).append(',')
                .append(arrived - created).append(',').append(arrived - injected).append('\n');
        try {
            out.append(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
