package scmp.noc.traffic;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import scmp.noc.Mesh2D;

/**
 * A packet trace: the packets of a run, one per line, to be replayed on the router network alone
 * ({@code scmpsim noc --trace FILE}) under other router settings. The format (docs/noc.md section 7):
 *
 * <pre>
 * # scmp network trace: cycle source destination flits
 * # mesh 8x8
 * 0 3 17 5
 * 0 9 2 5
 * 4 3 40 3
 * </pre>
 *
 * One packet per line: the network cycle it was created (replay creates it then and queues it at its source),
 * its source and destination node numbers ({@code y * width + x}) and its length in flits; fields are
 * separated by blanks; cycles never decrease; {@code #} starts a comment, and the comment {@code # mesh WxH}
 * names the mesh the trace was recorded on. Packets of the same cycle are created in file order.
 *
 * <p>Replaying a trace recorded from a run ({@code scmpsim noc --net-trace FILE}) on the same settings creates
 * the same packets at the same cycles, so every packet has the same latency as in the original run.
 */
public final class NetTrace {
    private final String mesh;
    private final long[] cycles;
    private final int[] sources;
    private final int[] destinations;
    private final int[] flits;

    private NetTrace(String mesh, long[] cycles, int[] sources, int[] destinations, int[] flits) {
        this.mesh = mesh;
        this.cycles = cycles;
        this.sources = sources;
        this.destinations = destinations;
        this.flits = flits;
    }

    /**
     * Reads a trace file.
     *
     * @param file the file
     * @return the trace
     * @throws IOException when the file cannot be read; its message names the file
     * @throws IllegalArgumentException with {@code FILE:LINE: message} when a line is not a packet
     */
    public static NetTrace read(Path file) throws IOException {
        try (BufferedReader r = Files.newBufferedReader(file)) {
            return read(r, file.toString());
        } catch (FileSystemException e) {
            throw e;
        } catch (IOException e) {
            // such as reading a directory: the message alone does not name the file
            throw new IOException(file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads a trace.
     *
     * @param in   the text
     * @param name the file name for messages
     * @return the trace
     * @throws IOException when the text cannot be read
     * @throws IllegalArgumentException with {@code NAME:LINE: message} when a line is not a packet
     */
    public static NetTrace read(BufferedReader in, String name) throws IOException {
        String mesh = null;
        int n = 0;
        long[] c = new long[1024];
        int[] s = new int[1024];
        int[] d = new int[1024];
        int[] f = new int[1024];
        String line;
        int lineNo = 0;
        while ((line = in.readLine()) != null) {
            lineNo++;
            int hash = line.indexOf('#');
            if (hash >= 0) {
                String comment = line.substring(hash + 1).trim();
                if (comment.startsWith("mesh ") && mesh == null) {
                    mesh = comment.substring(5).trim();
                    try {
                        Mesh2D.parse(mesh);
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(name + ":" + lineNo + ": '# mesh " + mesh + "': "
                                + e.getMessage());
                    }
                }
                line = line.substring(0, hash);
            }
            line = line.strip();
            if (line.isEmpty()) {
                continue;
            }
            String[] p = line.split("\\s+");
            if (p.length != 4) {
                throw new IllegalArgumentException(name + ":" + lineNo + ": expected 4 numbers (cycle source "
                        + "destination flits), got " + p.length + " field" + (p.length == 1 ? "" : "s"));
            }
            long cycle;
            int src;
            int dst;
            int size;
            try {
                cycle = Long.parseLong(p[0]);
                src = Integer.parseInt(p[1]);
                dst = Integer.parseInt(p[2]);
                size = Integer.parseInt(p[3]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(name + ":" + lineNo + ": '" + line + "' is not 4 integers "
                        + "(cycle source destination flits)");
            }
            if (cycle < 0 || src < 0 || dst < 0 || size < 1) {
                throw new IllegalArgumentException(name + ":" + lineNo + ": cycle and nodes must not be negative and "
                        + "a packet has at least 1 flit: '" + line + "'");
            }
            if (n > 0 && cycle < c[n - 1]) {
                throw new IllegalArgumentException(name + ":" + lineNo + ": cycle " + cycle + " comes after cycle "
                        + c[n - 1] + " (cycles must not decrease)");
            }
            if (n == c.length) {
                c = Arrays.copyOf(c, n * 2);
                s = Arrays.copyOf(s, n * 2);
                d = Arrays.copyOf(d, n * 2);
                f = Arrays.copyOf(f, n * 2);
            }
            c[n] = cycle;
            s[n] = src;
            d[n] = dst;
            f[n] = size;
            n++;
        }
        return new NetTrace(mesh, Arrays.copyOf(c, n), Arrays.copyOf(s, n), Arrays.copyOf(d, n), Arrays.copyOf(f, n));
    }

    /** Returns the mesh named by the trace's {@code # mesh WxH} comment, or null. */
    public String mesh() {
        return mesh;
    }

    /** Returns the number of packets. */
    public int packets() {
        return cycles.length;
    }

    /** Returns the total number of flits. */
    public long flits() {
        long sum = 0;
        for (int x : flits) {
            sum += x;
        }
        return sum;
    }

    /** Returns the cycle after the last packet's creation: the span replay measures (0 for an empty trace). */
    public long span() {
        return cycles.length == 0 ? 0 : cycles[cycles.length - 1] + 1;
    }

    /**
     * Checks that every packet's nodes are nodes of a mesh.
     *
     * @param m the mesh
     * @throws IllegalArgumentException naming the first packet that does not fit
     */
    public void check(Mesh2D m) {
        for (int i = 0; i < cycles.length; i++) {
            if (sources[i] >= m.nodes() || destinations[i] >= m.nodes()) {
                throw new IllegalArgumentException("packet " + (i + 1) + " of the trace (" + sources[i] + " to "
                        + destinations[i] + ") does not fit the " + m.name() + " (nodes 0.." + (m.nodes() - 1) + ")");
            }
        }
    }

    /**
     * Returns a source that creates this trace's packets at their cycles, counted from the start of the run.
     *
     * @param m the mesh it is replayed on
     * @return the source
     */
    public PacketSource source(Mesh2D m) {
        check(m);
        double rate = cycles.length == 0 ? 0 : flits() / ((double) m.nodes() * span());
        return new PacketSource() {
            private int next;

            @Override
            public void emit(long now, TrafficDriver driver) {
                while (next < cycles.length && cycles[next] <= now) {
                    driver.create(sources[next], destinations[next], flits[next], now);
                    next++;
                }
            }

            @Override
            public long nextCycle(long now) {
                return next < cycles.length ? Math.max(now, cycles[next]) : Long.MAX_VALUE;
            }

            @Override
            public double rate() {
                return rate;
            }
        };
    }

    /** The header written at the top of every trace. */
    static String header(Mesh2D m) {
        return "# scmp network trace: cycle source destination flits\n# mesh " + m.width() + "x" + m.height() + "\n";
    }

    /**
     * Writes the packets of a run as they are created, in the trace format; a {@link PacketListener} for a
     * {@link TrafficDriver}, whose packets come in creation order.
     */
    public static final class Writer extends LineListener {
        /**
         * Opens a trace file and writes its header.
         *
         * @param file the file, replaced if it exists
         * @param m    the mesh of the run
         * @throws IOException when it cannot be written
         */
        public Writer(Path file, Mesh2D m) throws IOException {
            this(Files.newBufferedWriter(file), m);
        }

        /**
         * Writes a trace to a stream, starting with its header.
         *
         * @param out the stream; closed by {@link #close()}
         * @param m   the mesh of the run
         * @throws IOException when it cannot be written
         */
        public Writer(java.io.Writer out, Mesh2D m) throws IOException {
            super(out, header(m));
        }

        @Override
        public void created(long id, long cycle, int src, int dst, int flits) {
            line.append(cycle).append(' ').append(src).append(' ').append(dst).append(' ').append(flits);
            emit();
        }
    }
}
