package scmp.isa;

/**
 * Host-call (semihosting) services of {@code hcall n}. Arguments in a0..a3, result in a0 (a negative
 * result is -errno). Host files are read-only and limited to the files the user named on scmpsim's
 * command line. Numbered in declaration order.
 */
public enum HostCall {
    EXIT("exit", "a0 = status", "ends the simulation (in an SPMD run, `scmpsim -n`, only the calling node's program); the status becomes scmpsim's exit code"),
    WRITE("write", "a0 = fd (1 stdout, 2 stderr), a1 = buffer, a2 = length", "writes to the host console; returns the count written"),
    OPEN("open", "a0 = NUL-terminated path", "opens a host file named on the command line for reading; returns fd >= 3 or -2 (ENOENT) / -13 (EACCES)"),
    READ("read", "a0 = fd, a1 = buffer, a2 = length", "reads from a host file (fd 0 is the host's standard input); returns the count read, 0 at end of file"),
    CLOSE("close", "a0 = fd", "closes a host file; returns 0 or -9 (EBADF)"),
    CYCLES("cycles", "none", "returns the low 32 bits of the cycle counter in a0 and the high 32 bits in a1"),
    ABORT("abort", "a0 = NUL-terminated message or 0", "reports a guest abort (message, node, thread, pc) and ends the simulation with exit code 134"),
    LSEEK("lseek", "a0 = fd, a1 = offset, a2 = whence (0 set, 1 cur, 2 end)", "moves a host file's position; returns the new position"),
    TERMINATE("terminate", "a0 = status", "ends the whole simulation on every node, also in an SPMD run; the status becomes scmpsim's exit code");

    public final String asmName;
    public final String arguments;
    public final String description;

    HostCall(String asmName, String arguments, String description) {
        this.asmName = asmName;
        this.arguments = arguments;
        this.description = description;
    }
}
