package scmp.isa;

import java.util.List;

/**
 * Host-call (semihosting) services of {@code hcall n}. Arguments in a0..a3, result in a0 (a negative
 * result is -errno). Host files are read-only and limited to the files the user named on scmpsim's
 * command line, unless the user names a writable directory ({@code scmpsim --dir}), inside which the guest may
 * also create, write, remove and rename files. Numbered in declaration order.
 *
 * <p>Each row declares how many argument registers (a0 upward) the service reads and which registers it writes:
 * the timing model makes an {@code hcall} wait for its arguments and its results ready a latency later, like any
 * instruction's operands. A service that ends the simulation declares a0 as its result like the others, so that a
 * host that lets the thread go on (a test's) answers there.
 */
public enum HostCall {
    EXIT("exit", 1, List.of(Registers.A0), "a0 = status", "ends the simulation (in an SPMD run, `scmpsim -n`, only the calling node's program); the status becomes scmpsim's exit code"),
    WRITE("write", 3, List.of(Registers.A0), "a0 = fd (1 stdout, 2 stderr), a1 = buffer, a2 = length", "writes to the host console; returns the count written"),
    OPEN("open", 1, List.of(Registers.A0), "a0 = NUL-terminated path", "opens a host file named on the command line for reading; returns fd >= 3 or -2 (ENOENT) / -13 (EACCES)"),
    READ("read", 3, List.of(Registers.A0), "a0 = fd, a1 = buffer, a2 = length", "reads from a host file (fd 0 is the host's standard input); returns the count read, 0 at end of file"),
    CLOSE("close", 1, List.of(Registers.A0), "a0 = fd", "closes a host file; returns 0 or -9 (EBADF)"),
    CYCLES("cycles", 0, List.of(Registers.A0, Registers.A1), "none", "returns the low 32 bits of the cycle counter in a0 and the high 32 bits in a1"),
    ABORT("abort", 1, List.of(Registers.A0), "a0 = NUL-terminated message or 0", "reports a guest abort (message, node, thread, pc) and ends the simulation with exit code 134"),
    LSEEK("lseek", 3, List.of(Registers.A0), "a0 = fd, a1 = offset, a2 = whence (0 set, 1 cur, 2 end)", "moves a host file's position; returns the new position"),
    TERMINATE("terminate", 1, List.of(Registers.A0), "a0 = status", "ends the whole simulation on every node, also in an SPMD run; the status becomes scmpsim's exit code"),
    SLEEP("sleep", 2, List.of(Registers.A0), "a0 = nanoseconds, low 32 bits, a1 = high 32 bits", "makes the calling thread's next `suspend` keep it out of the ready queue until the cycle of this call plus the nanoseconds at the model's clock (rounded up to whole cycles; docs/timing.md \"Sleeping\"); returns 0"),
    TIME("time", 0, List.of(Registers.A0, Registers.A1), "none", "returns the simulated time since the start of the run in nanoseconds (the cycle counter at the model's clock, rounded down): low 32 bits in a0, high 32 bits in a1"),
    OPENW("openw", 3, List.of(Registers.A0), "a0 = NUL-terminated path, a1 = flags (1 O_WRONLY, 2 O_RDWR, 0100 O_CREAT, 0200 O_EXCL, 01000 O_TRUNC, 02000 O_APPEND), a2 = mode (ignored)", "opens a file inside the writable directory (`scmpsim --dir`) for writing; returns fd >= 3 or -errno (-30 EROFS without `--dir` or outside it)"),
    UNLINK("unlink", 1, List.of(Registers.A0), "a0 = NUL-terminated path", "removes a file inside the writable directory; returns 0 or -errno (-30 EROFS outside it)"),
    RENAME("rename", 2, List.of(Registers.A0), "a0 = old path, a1 = new path (NUL-terminated)", "renames a file inside the writable directory, both paths inside it; returns 0 or -errno (-30 EROFS outside it)");

    public final String asmName;
    /** How many argument registers the service reads, a0 upward. */
    public final int argumentCount;
    /** The registers the service writes, the first being its result. */
    public final List<Integer> results;
    public final String arguments;
    public final String description;

    HostCall(String asmName, int argumentCount, List<Integer> results, String arguments, String description) {
        this.asmName = asmName;
        this.argumentCount = argumentCount;
        this.results = results;
        this.arguments = arguments;
        this.description = description;
    }

    /**
     * Returns the argument registers the service reads, in order.
     *
     * @return a0 upward, {@link #argumentCount} of them
     */
    public List<Integer> argumentRegisters() {
        Integer[] r = new Integer[argumentCount];
        for (int k = 0; k < r.length; k++) {
            r[k] = Registers.A0 + k;
        }
        return List.of(r);
    }
}
