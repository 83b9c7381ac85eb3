package scmp.noc.traffic;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes one CSV line per delivered packet of a run ({@code scmpsim noc --packet-log FILE}), in order of
 * arrival: its number in order of creation, when it was created, injected and taken, where it went, and its
 * two latencies. Two runs are compared packet by packet by the first column (a trace replayed on the same
 * settings gives every packet the latency it had).
 */
public final class PacketLog extends LineListener {
    /** The header line. */
    public static final String HEADER = "packet,created,source,destination,flits,injected,arrived,latency,network_latency";

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
        super(out, HEADER + "\n");
    }

    @Override
    public void delivered(long id, int src, int dst, int flits, long created, long injected, long arrived) {
        line.append(id).append(',').append(created).append(',').append(src).append(',').append(dst).append(',')
                .append(flits).append(',').append(injected).append(',').append(arrived).append(',')
                .append(arrived - created).append(',').append(arrived - injected);
        emit();
    }
}
