package scmp.isa;

import java.util.List;

/**
 * Host-call (semihosting) services of {@code hcall n}. Arguments in a0..a3, result in a0 (a negative
 * result is -errno). Host files are read-only and limited to the files the user named on scmpsim's
 * command line. Numbered in declaration order.
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
    TERMINATE("terminate", 1, List.of(Registers.A0), "a0 = status", "ends the whole simulation on every node, also in an SPMD run; the status becomes scmpsim's exit code");

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
