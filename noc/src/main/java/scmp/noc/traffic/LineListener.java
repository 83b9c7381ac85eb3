package scmp.noc.traffic;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;

/**
 * A {@link PacketListener} that writes a text file a line per event ({@link NetTrace.Writer},
 * {@link PacketLog}): one reused line buffer, so a long run allocates nothing per packet but the text itself.
 */
abstract class LineListener implements PacketListener, Closeable {
    private final Writer out;
    /** The line being built; {@link #emit()} writes it and clears it. */
    protected final StringBuilder line = new StringBuilder(64);

    /**
     * Starts the file.
     *
     * @param out    the stream; closed by {@link #close()}
     * @param header the first lines, each ending with a newline
     * @throws IOException when it cannot be written
     */
    LineListener(Writer out, String header) throws IOException {
        this.out = out instanceof BufferedWriter ? out : new BufferedWriter(out);
        this.out.write(header);
    }

    /** Writes the line built and a newline; a write error ends the run as an unchecked exception. */
    protected final void emit() {
        line.append('\n');
        try {
            out.append(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            line.setLength(0);
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
