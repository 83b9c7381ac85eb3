package scmp.machine;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import scmp.cpu.HostInterface;
import scmp.cpu.Memory;
import scmp.cpu.Node;
import scmp.cpu.ThreadContext;
import scmp.isa.HostCall;
import scmp.isa.Registers;

/**
 * The host side of {@code hcall}: every {@link HostCall} service (docs/isa.md, Host calls). Arguments come in
 * a0..a3, the result goes to a0 (a negative result is -errno).
 *
 * <ul>
 *   <li>{@code write} to fd 1 and 2 goes to the host's stdout and stderr through buffers that the machine
 *       flushes at the end of the run (and stdout before every read of stdin);</li>
 *   <li>{@code open} opens, read-only, only host files the user named ({@code scmpsim --file PATH} or a
 *       program argument); any other path gives -EACCES, a named but missing file -ENOENT;</li>
 *   <li>{@code read} of fd 0 reads the host's stdin up to the end of a line, so that the count does not
 *       depend on how the host delivers its input; files are read as far as the request goes;</li>
 *   <li>with a writable directory ({@link #setWritableDirectory}, {@code scmpsim --dir}), {@code open} also
 *       reads files inside it, and {@code openw}, {@code unlink} and {@code rename} create, write, remove and
 *       rename files inside it; a path that leads outside it (through {@code ..} or a symbolic link) is refused
 *       with -EACCES, and without the directory these services answer -EROFS;</li>
 *   <li>{@code sleep} and {@code time} convert between nanoseconds and cycles at the model's clock
 *       ({@link #setClockMhz}, 1 GHz unless the model says otherwise);</li>
 *   <li>{@code exit}, {@code terminate} and {@code abort} end the simulation (in an SPMD run, {@code exit} ends
 *       the calling node's program only): the machine reads {@link #ending()}.</li>
 * </ul>
 * In an SPMD run ({@link #forwardLines}) the output of each node is passed on in whole lines, as MPICH forwards
 * its processes' output: a write that ends a line sends the node's pending line(s) on; a partial line waits for
 * its end, or for {@link #flushLines(int)} when the node's program exits.
 * Guest memory is accessed under the node's access map: a bad buffer is a guest fault of the {@code hcall}.
 */
public final class HostCalls implements HostInterface {
    static final int EBADF = 9, ENOENT = 2, EACCES = 13, EINVAL = 22, EIO = 5, EISDIR = 21, EMFILE = 24,
            ESPIPE = 29, ENAMETOOLONG = 36, EOVERFLOW = 75, EEXIST = 17, EROFS = 30, ENOTDIR = 20, ENOTEMPTY = 39;
    /** The flags of {@code openw} (Linux's values, clib's fcntl.h). */
    static final int O_ACCMODE = 3, O_RDONLY = 0, O_WRONLY = 1, O_CREAT = 0100, O_EXCL = 0200, O_TRUNC = 01000,
            O_APPEND = 02000;
    /** The most host files a program may have open at once (fds 3..). */
    static final int MAX_FILES = 64;
    private static final int CHUNK = 64 << 10;
    private static final int A0 = Registers.A0, A1 = Registers.A0 + 1, A2 = Registers.A0 + 2;

    /** How the simulation ended through a host call. */
    public enum EndKind {
        /** {@code hcall exit}. */
        EXIT,
        /** {@code hcall abort}. */
        ABORT,
        /** {@code hcall terminate}: the whole run ends, also in an SPMD run. */
        TERMINATE
    }

    /**
     * The host call that ended the simulation.
     *
     * @param kind    exit or abort
     * @param status  the exit status (for EXIT)
     * @param message the abort message, or null
     * @param node    the calling node
     * @param thread  the calling thread context
     * @param pc      the address of the {@code hcall}
     * @param cycle   its issue cycle
     */
    public record Ending(EndKind kind, int status, String message, int node, int thread, int pc, long cycle) {
    }

    private final OutputStream out;
    /** The stream the guest wrote to last (stdout or stderr), or null. */
    private OutputStream lastStream;
    private final OutputStream err;
    private final InputStream in;
    private final Set<Path> allowed = new HashSet<>();
    private final RandomAccessFile[] files = new RandomAccessFile[MAX_FILES + 3];
    /** Per fd, whether it was opened for writing ({@code openw} without O_RDONLY), and for appending. */
    private final boolean[] writable = new boolean[MAX_FILES + 3], appending = new boolean[MAX_FILES + 3],
            readable = new boolean[MAX_FILES + 3];
    /** The writable directory, absolute and with its links resolved, or null. */
    private Path dir;
    /** The model's clock in kHz (1 GHz: 10^6 kHz). */
    private long clockKhz = 1_000_000;
    private Ending ending;
    /** Per fd (1, 2) and node, the line being assembled, or null when output is not forwarded in lines. */
    private java.io.ByteArrayOutputStream[][] lines;

    /**
     * Creates the host.
     *
     * @param out     the guest's stdout (buffered by the caller)
     * @param err     the guest's stderr (buffered by the caller)
     * @param in      the guest's stdin
     * @param allowed host paths the guest may open; each is compared after making it absolute and normal
     */
    public HostCalls(OutputStream out, OutputStream err, InputStream in, List<String> allowed) {
        this.out = out;
        this.err = err;
        this.in = in;
        for (String a : allowed) {
            Path p = normal(a);
            if (p != null) {
                this.allowed.add(p);
            }
        }
    }

    /**
     * Lets the guest create, write, remove and rename files inside a host directory (and read them).
     *
     * @param directory an existing directory
     * @throws java.io.UncheckedIOException when its real path cannot be found
     */
    public void setWritableDirectory(Path directory) {
        try {
            dir = directory.toRealPath();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * Sets the model's clock, at which {@code sleep} and {@code time} convert nanoseconds and cycles.
     *
     * @param mhz the clock in MHz, positive
     */
    public void setClockMhz(double mhz) {
        clockKhz = Math.max(1, Math.round(mhz * 1000));
    }

    /** Returns the cycles of {@code ns} nanoseconds at the clock, rounded up (saturated far beyond any run). */
    long cyclesOf(long ns) {
        if (ns <= 0) {
            return 0;
        }
        if (ns > Long.MAX_VALUE / 4 / clockKhz) {
            return Long.MAX_VALUE / 4;
        }
        return (ns * clockKhz + 999_999) / 1_000_000;
    }

    /** Returns the nanoseconds of {@code cycles} cycles at the clock, rounded down. */
    long nanosOf(long cycles) {
        if (clockKhz == 1_000_000) {
            return cycles;
        }
        return cycles / clockKhz * 1_000_000L + cycles % clockKhz * 1_000_000L / clockKhz;
    }

    private static Path normal(String s) {
        try {
            return Path.of(s).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            return null;
        }
    }

    /**
     * Forwards the output of every node in whole lines (SPMD runs), so that lines of different nodes never mix.
     *
     * @param nodes the number of nodes
     */
    public void forwardLines(int nodes) {
        lines = new java.io.ByteArrayOutputStream[2][nodes];
    }

    /**
     * Sends a node's partial output lines on (its program has exited, or the run ends).
     *
     * @param node the node
     */
    public void flushLines(int node) {
        if (lines == null) {
            return;
        }
        for (int k = 0; k < 2; k++) {
            java.io.ByteArrayOutputStream b = lines[k][node];
            if (b != null && b.size() > 0) {
                try {
                    b.writeTo(k == 0 ? out : err);
                } catch (IOException e) {
                    // the host's stream is gone: nothing left to tell it
                }
                b.reset();
            }
        }
    }

    /** Sends every node's partial output lines on, in node order. */
    public void flushLines() {
        if (lines != null) {
            for (int n = 0; n < lines[0].length; n++) {
                flushLines(n);
            }
        }
    }

    /** Returns the host call that ended the simulation, or null. */
    public Ending ending() {
        return ending;
    }

    @Override
    public boolean call(Node node, ThreadContext t, HostCall service, long cycle) {
        Memory mem = node.memory();
        switch (service) {
            case EXIT -> {
                ending = new Ending(EndKind.EXIT, t.reg(A0), null, node.nodeId(), t.id(), t.pc(), cycle);
                return false;
            }
            case WRITE -> t.setReg(A0, write(mem, node.nodeId(), t.reg(A0), t.reg(A1), t.reg(A2)));
            case OPEN -> t.setReg(A0, open(mem, t.reg(A0)));
            case READ -> t.setReg(A0, read(mem, t.reg(A0), t.reg(A1), t.reg(A2)));
            case CLOSE -> t.setReg(A0, close(t.reg(A0)));
            case CYCLES -> {
                t.setReg(A0, (int) cycle);
                t.setReg(A1, (int) (cycle >>> 32));
            }
            case ABORT -> {
                int at = t.reg(A0);
                String msg = null;
                if (at != 0) {
                    String s = mem.hostReadCString(at, 1024);
                    msg = s == null ? utf8(readPrefix(mem, at, 1024)) + "..." : utf8(s);
                }
                ending = new Ending(EndKind.ABORT, 134, msg, node.nodeId(), t.id(), t.pc(), cycle);
                return false;
            }
            case LSEEK -> t.setReg(A0, lseek(t.reg(A0), t.reg(A1), t.reg(A2)));
            case TERMINATE -> {
                ending = new Ending(EndKind.TERMINATE, t.reg(A0), null, node.nodeId(), t.id(), t.pc(), cycle);
                return false;
            }
            case SLEEP -> {
                long ns = (t.reg(A0) & 0xffffffffL) | ((long) t.reg(A1) << 32);
                t.sleepUntil(cycle + cyclesOf(ns));
                t.setReg(A0, 0);
            }
            case TIME -> {
                long ns = nanosOf(cycle);
                t.setReg(A0, (int) ns);
                t.setReg(A1, (int) (ns >>> 32));
            }
            case OPENW -> t.setReg(A0, openWritable(mem, t.reg(A0), t.reg(A1)));
            case UNLINK -> t.setReg(A0, unlink(mem, t.reg(A0)));
            case RENAME -> t.setReg(A0, rename(mem, t.reg(A0), t.reg(A1)));
        }
        return true;
    }

    private static String readPrefix(Memory mem, int at, int n) {
        byte[] b = new byte[n];
        mem.hostRead(at, b, 0, n);
        return new String(b, StandardCharsets.ISO_8859_1);
    }

    /** Re-reads a byte-per-char string as the UTF-8 it holds. */
    private static String utf8(String latin1) {
        return new String(latin1.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
    }

    private int write(Memory mem, int node, int fd, int buf, int len) {
        OutputStream o = fd == 1 ? out : fd == 2 ? err : null;
        if (o == null) {
            return writeFile(mem, fd, buf, len);
        }
        if (len < 0) {
            return -EINVAL;
        }
        byte[] chunk = new byte[Math.min(len, CHUNK)];
        int done = 0;
        try {
            if (o != lastStream) {
                // stdout and stderr are buffered apart; on a switch the other one goes out first, so that a
                // terminal showing both shows them in the order the guest wrote them
                if (lastStream != null) {
                    lastStream.flush();
                }
                lastStream = o;
            }
            while (done < len) {
                int n = Math.min(chunk.length, len - done);
                mem.hostRead(buf + done, chunk, 0, n);
                if (lines != null) {
                    forward(o, fd - 1, node, chunk, n);
                } else {
                    o.write(chunk, 0, n);
                }
                done += n;
            }
        } catch (IOException e) {
            return done > 0 ? done : -EIO;
        }
        return len;
    }

    /** Passes the complete lines of a node's output on and keeps the rest. */
    private void forward(OutputStream o, int k, int node, byte[] data, int n) throws IOException {
        java.io.ByteArrayOutputStream b = lines[k][node];
        if (b == null) {
            b = new java.io.ByteArrayOutputStream();
            lines[k][node] = b;
        }
        int last = n - 1;
        while (last >= 0 && data[last] != '\n') {
            last--;
        }
        if (last < 0) {
            b.write(data, 0, n);
            return;
        }
        if (b.size() > 0) {
            b.writeTo(o);
            b.reset();
        }
        o.write(data, 0, last + 1);
        b.write(data, last + 1, n - last - 1);
    }

    private int open(Memory mem, int pathAddr) {
        String raw = mem.hostReadCString(pathAddr, 4096);
        if (raw == null) {
            return -ENAMETOOLONG;
        }
        Path p = normal(utf8(raw));
        if (p == null || !allowed.contains(p) && (dir == null || inside(p) != 0)) {
            return -EACCES;
        }
        if (Files.isDirectory(p)) {
            return -EISDIR;
        }
        int fd = freeFd();
        if (fd < 0) {
            return -EMFILE;
        }
        try {
            files[fd] = new RandomAccessFile(p.toFile(), "r");
            readable[fd] = true;
            writable[fd] = false;
            appending[fd] = false;
            return fd;
        } catch (FileNotFoundException e) {
            return -ENOENT;
        }
    }

    private int freeFd() {
        for (int k = 3; k < files.length; k++) {
            if (files[k] == null) {
                return k;
            }
        }
        return -1;
    }

    /**
     * Tells whether a normal absolute path lies inside the writable directory, its links resolved: 0 when it does,
     * else -errno (-EROFS without a directory, -EACCES outside it, -ENOENT when its parent does not exist).
     */
    private int inside(Path p) {
        if (dir == null) {
            return -EROFS;
        }
        Path parent = p.getParent();
        if (parent == null) {
            return -EACCES;
        }
        try {
            // the parent's real path decides (a link to elsewhere among the parents is outside); the file itself,
            // when it is a link, must lead inside too
            Path real = parent.toRealPath().resolve(p.getFileName());
            if (Files.isSymbolicLink(real)) {
                real = real.toRealPath();
            }
            return real.startsWith(dir) && !real.equals(dir) ? 0 : -EACCES;
        } catch (java.nio.file.NoSuchFileException e) {
            return p.startsWith(dir) ? -ENOENT : -EACCES;
        } catch (IOException e) {
            return -EACCES;
        }
    }

    /** Reads a path argument: the normal absolute path, or null when it is too long or not a path. */
    private static Path pathArg(Memory mem, int at) {
        String raw = mem.hostReadCString(at, 4096);
        return raw == null ? null : normal(utf8(raw));
    }

    private int openWritable(Memory mem, int pathAddr, int flags) {
        Path p = pathArg(mem, pathAddr);
        int in = p == null ? -ENAMETOOLONG : inside(p);
        if (in != 0) {
            return in;
        }
        int acc = flags & O_ACCMODE;
        if (acc == O_ACCMODE) {
            return -EINVAL;
        }
        if (Files.isDirectory(p)) {
            return -EISDIR;
        }
        boolean exists = Files.exists(p);
        if (exists && (flags & (O_CREAT | O_EXCL)) == (O_CREAT | O_EXCL)) {
            return -EEXIST;
        }
        if (!exists && (flags & O_CREAT) == 0) {
            return -ENOENT;
        }
        int fd = freeFd();
        if (fd < 0) {
            return -EMFILE;
        }
        try {
            RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw");
            if ((flags & O_TRUNC) != 0 && acc != O_RDONLY) {
                f.setLength(0);
            }
            files[fd] = f;
            readable[fd] = acc != O_WRONLY;
            writable[fd] = acc != O_RDONLY;
            appending[fd] = (flags & O_APPEND) != 0;
            return fd;
        } catch (FileNotFoundException e) {
            return Files.exists(p) ? -EACCES : -ENOENT;
        } catch (IOException e) {
            return -EIO;
        }
    }

    private int writeFile(Memory mem, int fd, int buf, int len) {
        RandomAccessFile f = file(fd);
        if (f == null || !writable[fd]) {
            return -EBADF;
        }
        if (len < 0) {
            return -EINVAL;
        }
        byte[] chunk = new byte[Math.min(len, CHUNK)];
        int done = 0;
        try {
            if (appending[fd]) {
                f.seek(f.length());
            }
            while (done < len) {
                int n = Math.min(chunk.length, len - done);
                mem.hostRead(buf + done, chunk, 0, n);
                f.write(chunk, 0, n);
                done += n;
            }
        } catch (IOException e) {
            return done > 0 ? done : -EIO;
        }
        return len;
    }

    private int unlink(Memory mem, int pathAddr) {
        Path p = pathArg(mem, pathAddr);
        int in = p == null ? -ENAMETOOLONG : inside(p);
        if (in != 0) {
            return in;
        }
        if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return -EISDIR;
        }
        try {
            Files.delete(p);
            return 0;
        } catch (java.nio.file.NoSuchFileException e) {
            return -ENOENT;
        } catch (IOException e) {
            return -EACCES;
        }
    }

    private int rename(Memory mem, int fromAddr, int toAddr) {
        Path from = pathArg(mem, fromAddr);
        Path to = pathArg(mem, toAddr);
        if (from == null || to == null) {
            return -ENAMETOOLONG;
        }
        int in = inside(from);
        if (in == 0) {
            in = inside(to);
        }
        if (in != 0) {
            return in;
        }
        if (!Files.exists(from, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return -ENOENT;
        }
        if (Files.isDirectory(to) && !Files.isDirectory(from)) {
            return -EISDIR;
        }
        try {
            Files.move(from, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return 0;
        } catch (java.nio.file.DirectoryNotEmptyException e) {
            return -ENOTEMPTY;
        } catch (java.nio.file.NoSuchFileException e) {
            return -ENOENT;
        } catch (IOException e) {
            return -EACCES;
        }
    }

    private int read(Memory mem, int fd, int buf, int len) {
        if (len < 0) {
            return -EINVAL;
        }
        try {
            if (fd == 0) {
                return readStdin(mem, buf, len);
            }
            RandomAccessFile f = file(fd);
            if (f == null || !readable[fd]) {
                return -EBADF;
            }
            byte[] chunk = new byte[Math.min(len, CHUNK)];
            int done = 0;
            while (done < len) {
                int n = f.read(chunk, 0, Math.min(chunk.length, len - done));
                if (n <= 0) {
                    break;
                }
                mem.hostWrite(buf + done, chunk, 0, n);
                done += n;
            }
            return done;
        } catch (IOException e) {
            return -EIO;
        }
    }

    /** Reads stdin up to {@code len} bytes or the end of a line, whichever comes first. */
    private int readStdin(Memory mem, int buf, int len) throws IOException {
        flushLines();
        out.flush();
        byte[] one = new byte[1];
        int done = 0;
        while (done < len) {
            int c = in.read();
            if (c < 0) {
                break;
            }
            one[0] = (byte) c;
            mem.hostWrite(buf + done, one, 0, 1);
            done++;
            if (c == '\n') {
                break;
            }
        }
        return done;
    }

    private RandomAccessFile file(int fd) {
        return fd >= 3 && fd < files.length ? files[fd] : null;
    }

    private int close(int fd) {
        if (fd >= 0 && fd <= 2) {
            return 0;
        }
        RandomAccessFile f = file(fd);
        if (f == null) {
            return -EBADF;
        }
        files[fd] = null;
        try {
            f.close();
        } catch (IOException e) {
            return -EIO;
        }
        return 0;
    }

    private int lseek(int fd, int offset, int whence) {
        if (fd >= 0 && fd <= 2) {
            return -ESPIPE;
        }
        RandomAccessFile f = file(fd);
        if (f == null) {
            return -EBADF;
        }
        try {
            long base = switch (whence) {
                case 0 -> 0;
                case 1 -> f.getFilePointer();
                case 2 -> f.length();
                default -> -1;
            };
            if (base < 0) {
                return -EINVAL;
            }
            long pos = base + offset;
            if (pos < 0) {
                return -EINVAL;
            }
            if (pos > Integer.MAX_VALUE) {
                return -EOVERFLOW;
            }
            f.seek(pos);
            return (int) pos;
        } catch (IOException e) {
            return -EIO;
        }
    }

    /** Closes every host file the guest left open. */
    public void closeAll() {
        for (int k = 3; k < files.length; k++) {
            if (files[k] != null) {
                try {
                    files[k].close();
                } catch (IOException e) {
                    // nothing left to do for the guest: the run is over
                }
                files[k] = null;
            }
        }
    }
}
