package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.machine.Machine;

/** The host calls of docs/isa.md as a guest sees them. */
public class HostCallTest {

    @TempDir
    Path dir;

    @Test
    void writeToStdoutAndStderrAndExitStatus() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    li a0, 1
                    la a1, msg
                    li a2, 6
                    hcall write
                    mv s0, a0
                    li a0, 2
                    la a1, emsg
                    li a2, 4
                    hcall write
                    add s0, s0, a0
                    li a0, 7
                    la a1, msg
                    li a2, 1
                    hcall write          # bad fd: -EBADF
                    add a0, a0, s0
                    hcall exit           # 6 + 4 - 9 = 1
                    .data
                msg: .ascii "hello\\n"
                emsg: .ascii "oops"
                """);
        assertNull(r.message());
        assertEquals("hello\n", r.out());
        assertEquals("oops", r.err());
        assertEquals(1, r.exit());
    }

    @Test
    void exitStatusIsTheLowByte() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    li a0, 0x1ff
                    hcall exit
                """);
        assertEquals(255, r.exit());
        assertEquals(Machine.Outcome.EXIT, r.result().outcome());
        assertEquals(2, r.cycles());
    }

    /** Opens argv[1], reads it, copies it to stdout, seeks, and exits with the byte at offset 2. */
    public static final String CAT = """
                .text
                .globl _start
            _start:
                lw a0, 4(a1)         # argv[1]
                hcall open
                bltz a0, fail
                mv s0, a0
                la a1, buf
                li a2, 100
                hcall read
                mv a2, a0
                li a0, 1
                la a1, buf
                hcall write
                mv a0, s0
                li a1, 2
                li a2, 0
                hcall lseek
                li t0, 2
                bne a0, t0, fail
                mv a0, s0
                la a1, buf
                li a2, 1
                hcall read
                mv a0, s0
                hcall close
                bnez a0, fail
                mv a0, s0
                hcall close          # closed twice: -EBADF
                li t0, -9
                bne a0, t0, fail
                la t0, buf
                lbu a0, 0(t0)
                hcall exit
            fail:
                neg a0, a0
                hcall exit
                .data
            buf: .space 128
            """;

    @Test
    void openReadLseekCloseOfAFileNamedAsAnArgument() throws IOException {
        Path f = dir.resolve("data.txt");
        Files.writeString(f, "abcdef\n");
        Sim.Run r = Sim.run(CAT, b -> b.args(List.of(f.toString())));
        assertNull(r.message());
        assertEquals("abcdef\n", r.out());
        assertEquals('c', r.exit());
    }

    @Test
    void openOfAFileNamedWithFileOption() throws IOException {
        Path f = dir.resolve("named.txt");
        Files.writeString(f, "xyz");
        String src = CAT.replace("lw a0, 4(a1)         # argv[1]", "la a0, path")
                + "path: .asciz \"" + f + "\"\n";
        Sim.Run refused = Sim.run(src);
        assertEquals(13, refused.exit(), "a file the user did not name is refused with EACCES");
        Sim.Run r = Sim.run(src, b -> b.file(f));
        assertEquals("xyz", r.out());
        assertEquals('z', r.exit());
    }

    @Test
    void namedButMissingFileIsEnoent() {
        Sim.Run r = Sim.run(CAT, b -> b.args(List.of(dir.resolve("missing").toString())));
        assertEquals(2, r.exit());
    }

    @Test
    void readOfStdinStopsAtTheEndOfALine() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    li a0, 0
                    la a1, buf
                    li a2, 100
                    hcall read
                    mv s0, a0
                    li a0, 0
                    la a1, buf
                    li a2, 100
                    hcall read
                    slli s0, s0, 4
                    add a0, a0, s0       # 16 * 6 + 5
                    hcall exit
                    .data
                buf: .space 128
                """, b -> { }, "line1\nrest!");
        assertEquals(16 * 6 + 5, r.exit());
    }

    @Test
    void cyclesReturnsTheIssueCycle() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    nop
                    nop
                    hcall cycles         # 2
                    add a0, a0, a1
                    hcall exit
                """);
        assertEquals(2, r.exit());
        assertEquals(5, r.cycles());
    }

    @Test
    void abortReportsTheMessageAndWhere() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    la a0, m
                    hcall abort
                    .data
                m: .asciz "assertion failed: x > 0"
                """);
        assertEquals(134, r.exit());
        assertEquals(Machine.Outcome.ABORT, r.result().outcome());
        assertEquals("scmpsim: node 0 thread 0: abort: assertion failed: x > 0 at pc 0x00001008 (_start+0x8)",
                r.message());
    }

    @Test
    void hostCallWithABadBufferIsAFault() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    li a0, 1
                    li a1, 0
                    li a2, 4
                    hcall write
                """);
        assertEquals(139, r.exit());
        assertEquals("scmpsim: node 0 thread 0: host call reading guest memory from unmapped memory (a null pointer?)"
                + " at pc 0x0000100c (_start+0xc), address 0x00000000", r.message());
    }

    @Test
    void programArgumentsAreInTheArgumentArea() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    lw t0, 8(a1)         # argv[2]
                    lbu t0, 1(t0)        # its second byte
                    lw t1, 12(a1)        # argv[3] == NULL
                    bnez t1, bad
                    slli a0, a0, 4
                    add a0, a0, t0
                    addi a0, a0, -0x60   # 16 * argc + ('b' - 0x60)
                    hcall exit
                bad:
                    li a0, 99
                    hcall exit
                """, b -> b.args(List.of("x", "ab")));
        assertEquals(16 * 3 + 2, r.exit());
        String argv0 = "test";
        int base = r.machine().node(0).memory().size() - 4096;
        int p0 = r.machine().node(0).memory().peek(base);
        byte[] s = new byte[argv0.length()];
        for (int i = 0; i < s.length; i++) {
            s[i] = (byte) r.machine().node(0).memory().peekByte(p0 + i);
        }
        assertEquals(argv0, new String(s, StandardCharsets.UTF_8));
    }

    /** Sleeps N nanoseconds (a0 low word), suspends, and exits with nothing in particular. */
    private static Sim.Run sleep(long ns) {
        return Sim.run("""
                    .text
                    .globl _start
                _start:
                    li a0, %d
                    li a1, %d
                    hcall sleep          # the wake-up cycle: this cycle + ns at 1 GHz
                    suspend              # out of the ready queue until then
                    li a0, 0
                    hcall exit
                """.formatted((int) ns, (int) (ns >>> 32)));
    }

    @Test
    void sleepKeepsTheThreadOutOfTheReadyQueueForExactlyTheCyclesAsked() {
        Sim.Run none = sleep(0);
        Sim.Run some = sleep(1000);
        Sim.Run more = sleep(3_000_001);
        assertEquals(0, some.exit());
        // hcall sleep issues at cycle 2 (after two li), the suspend at 3: with 0 ns the thread issues again at
        // 3 + 1 + S (the switch), with N ns at 2 + N + S (ready at 2 + N cycles at 1 GHz): N - 2 cycles later
        assertEquals(none.cycles() + 998, some.cycles());
        // li of 3000001 takes two instructions (lui, addi): hcall sleep at 3, the wake-up at 3 + N
        assertEquals(none.cycles() + 3_000_000, more.cycles());
        assertEquals(more.cycles(), sleep(3_000_001).cycles(), "deterministic");
    }

    @Test
    void sleepOfALongTimeCostsTheHostNothing() {
        // 2^32 + 5 ns: the high word counts; the node is idle meanwhile, so the run takes no host time to speak of
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    li a0, 5
                    li a1, 1
                    hcall sleep
                    suspend
                    li a0, 0
                    hcall exit
                """, b -> b.maxCycles(5_000_000_000L));
        assertNull(r.message());
        assertEquals(sleep(0).cycles() + (1L << 32) + 3, r.cycles());
    }

    @Test
    void timeReturnsTheNanosecondsOfTheIssueCycle() {
        Sim.Run r = Sim.run("""
                    .text
                    .globl _start
                _start:
                    nop
                    nop
                    nop
                    hcall time           # 3 ns at 1 GHz
                    add a0, a0, a1
                    hcall exit
                """);
        assertEquals(3, r.exit());
    }

    /** Opens argv[1] with the flags in argv[2]'s first byte minus '0' (as octal digits below), writes "data". */
    private static final String WRITE = """
                .text
                .globl _start
            _start:
                mv s1, a1
                lw a0, 4(s1)         # argv[1]
                li a1, 0101          # O_WRONLY | O_CREAT
                li a2, 0644
                hcall openw
                bltz a0, fail
                mv s0, a0
                la a1, text
                li a2, 4
                hcall write
                mv a0, s0
                hcall close
                li a0, 0
                hcall exit
            fail:
                neg a0, a0
                hcall exit
                .data
            text: .ascii "data"
            """;

    @Test
    void openwCreatesAFileInsideTheWritableDirectoryOnly() throws IOException {
        Path w = Files.createDirectory(dir.resolve("w"));
        Path inside = w.resolve("out.txt");
        Sim.Run r = Sim.run(WRITE, b -> b.dir(w).args(List.of(inside.toString())));
        assertNull(r.message());
        assertEquals(0, r.exit());
        assertEquals("data", Files.readString(inside));
        Path escape = w.resolve("../escaped.txt");
        assertEquals(13, Sim.run(WRITE, b -> b.dir(w).args(List.of(escape.toString()))).exit(), "EACCES");
        assertEquals(false, Files.exists(dir.resolve("escaped.txt")));
        Files.createSymbolicLink(w.resolve("link"), dir);
        assertEquals(13, Sim.run(WRITE, b -> b.dir(w).args(List.of(w.resolve("link/x.txt").toString()))).exit(),
                "a link out of the directory is outside it");
        assertEquals(30, Sim.run(WRITE, b -> b.args(List.of(inside.toString()))).exit(), "EROFS without --dir");
        assertEquals(2, Sim.run(WRITE, b -> b.dir(w).args(List.of(w.resolve("no/such.txt").toString()))).exit(),
                "ENOENT: the directory inside does not exist");
    }
}
