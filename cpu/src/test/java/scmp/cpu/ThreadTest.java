package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static scmp.isa.Instruction.*;

import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.isa.Abi;
import scmp.isa.SpecialRegister;

/** Thread contexts and cooperative multitasking, docs/timing.md section 2 (switch cost S = 3). */
class ThreadTest {
    static final int ZERO = 0, RA = 1, SP = 2, A0 = 4, A1 = 5, A2 = 6, T0 = 12, T1 = 13, T2 = 14;

    private static long[] threads(Harness.Run r) {
        return r.trace.stream().mapToLong(e -> e[2]).toArray();
    }

    @Test
    void suspendWithNoOtherReadyThreadContinuesAfterTheSwitchCost() {
        Harness.Run r = new Harness().op(ADDI, T0, ZERO, 1).op(SUSPEND).op(ADDI, T1, ZERO, 2).exit().run();
        assertArrayEquals(new long[] {0, 1, 5, 6}, r.issues());
        assertEquals(7, r.cycles());
    }

    @Test
    void suspendSwitchesToTheNextReadyThread() {
        Harness h = new Harness()
                .op(ADDI, T0, ZERO, 1)      // A 0
                .op(SUSPEND)                // A 1 -> B at 5
                .op(ADDI, T1, ZERO, 2)      // A 10
                .exit()                     // A 11
                .label("B")
                .op(ADDI, T2, ZERO, 3)      // B 5
                .op(SUSPEND)                // B 6 -> A at 10
                .op(ENDT);
        Harness.Run r = h.run(run -> assertTrue(run.node.startThread(0, h.addr("B"), new int[0], 0)));
        assertArrayEquals(new long[] {0, 1, 5, 6, 10, 11}, r.issues());
        assertArrayEquals(new long[] {0, 0, 1, 1, 0, 0}, threads(r));
        assertEquals(12, r.cycles());
    }

    @Test
    void endtFreesTheContextAndSwitches() {
        Harness h = new Harness()
                .op(ADDI, T0, ZERO, 1)      // A 0
                .op(ENDT)                   // A 1 -> B at 5
                .label("B")
                .op(ADDI, T2, ZERO, 3)      // B 5
                .op(ENDT);                  // B 6: the last thread ends
        Harness.Run r = h.run(run -> run.node.startThread(0, h.addr("B"), new int[0], 0));
        assertArrayEquals(new long[] {0, 1, 5, 6}, r.issues());
        assertEquals(7, r.cycles());
        assertEquals(Node.Stop.IDLE, r.node.stop());
        assertEquals(0, r.node.liveThreads());
        assertEquals(Long.MAX_VALUE, r.node.nextEventCycle());
    }

    @Test
    void threadStartedOnAnIdleCoreIssuesAfterTheSwitchCost() {
        Harness h = new Harness().op(ENDT).label("C").op(ADDI, T0, ZERO, 1).op(ENDT);
        Harness.Run r = h.run();
        assertEquals(1, r.cycles());
        assertTrue(r.node.startThread(100, h.addr("C"), new int[0], 0));
        assertEquals(103, r.node.nextEventCycle());
        r.finish();
        assertArrayEquals(new long[] {0, 103, 104}, r.issues());
        assertEquals(104, r.node.lastEndCycle());
    }

    @Test
    void readyThreadsRunInFifoOrder() {
        Harness h = new Harness()
                .op(SUSPEND)                // A 0 -> B 4
                .op(ENDT)                   // A 12 -> B? no: C 8 came first
                .label("B").op(SUSPEND).op(ENDT)
                .label("C").op(SUSPEND).op(ENDT);
        Harness.Run r = h.run(run -> {
            run.node.startThread(0, h.addr("B"), new int[0], 0);
            run.node.startThread(0, h.addr("C"), new int[0], 0);
        });
        // A0 B4 C8 A12(endt) B16(endt) C20(endt)
        assertArrayEquals(new long[] {0, 4, 8, 12, 16, 20}, r.issues());
        assertArrayEquals(new long[] {0, 1, 2, 0, 1, 2}, threads(r));
        assertEquals(21, r.cycles());
    }

    @Test
    void threadReadyInTheFutureIsNotTakenBeforeItArrives() {
        Harness h = new Harness()
                .op(SUSPEND)                // A 0: B is not ready yet, A goes on at 4
                .op(ENDT)                   // A 4: core idle until B arrives at 50
                .label("B").op(ENDT);       // B 53
        Harness.Run r = h.run(run -> run.node.startThread(50, h.addr("B"), new int[0], 0));
        assertArrayEquals(new long[] {0, 4, 53}, r.issues());
        assertArrayEquals(new long[] {0, 0, 1}, threads(r));
    }

    @Test
    void threadMessageArgumentsStackAndReturnAddress() {
        Harness h = new Harness();
        h.threadExit = Harness.BASE + 4;   // the endt below
        h.op(ENDT)                        // A 0
                .op(ENDT)                 // __thread_exit
                .label("f")
                .op(ADD, T0, A0, A1)
                .op(ADD, T0, T0, A2)
                .op(ADDI, 27, 27, 0)
                .op(RDSR, T1, SpecialRegister.TID.ordinal())
                .op(JALR, ZERO, RA, 0);
        Harness.Run r = h.prepare();
        r.node.boot(Harness.BASE, 0, 0);
        int[] args = new int[24];
        for (int k = 0; k < 24; k++) {
            args[k] = 10 + k;
        }
        assertTrue(r.node.startThread(0, h.addr("f"), args, 24));
        ThreadContext c1 = r.node.context(1);
        assertEquals(Abi.stackTop(Harness.MEM, Harness.STACK, 1), c1.reg(SP));
        assertEquals(Harness.BASE + 4, c1.reg(RA));
        assertEquals(33, c1.reg(27));
        r.finish();
        assertNull(r.fault());
        assertEquals(10 + 11 + 12, c1.reg(T0));
        assertEquals(1, c1.reg(T1));
        assertEquals(ThreadContext.State.FREE, c1.state());
        // A endt 0; f at 4..8, jalr 8 (+2), __thread_exit endt at 11
        assertArrayEquals(new long[] {0, 4, 5, 6, 7, 8, 11}, r.issues());
    }

    @Test
    void noFreeContextRefusesTheThread() {
        Harness h = new Harness();
        h.contexts = 2;
        h.op(SUSPEND).op(ENDT);
        Harness.Run r = h.prepare();
        r.node.boot(Harness.BASE, 0, 0);
        assertTrue(r.node.startThread(0, Harness.BASE, new int[0], 0));
        assertFalse(r.node.startThread(0, Harness.BASE, new int[0], 0));
        assertEquals(0, r.node.freeContexts());
    }

    @Test
    void refusedSendBlocksTheThreadUntilTheNiuWakesIt() {
        Harness h = new Harness()
                .op(SENDH_I, ZERO, 1, 0x100)    // A 0: refused, blocks -> B at 4
                .op(SENDE, ZERO)                // A
                .exit()
                .label("B").op(ENDT);           // B 4: core idle, A blocked
        Harness.Run r = h.run(run -> {
            run.port.refuse = 1;
            run.node.startThread(0, h.addr("B"), new int[0], 0);
        });
        assertEquals(Node.Stop.IDLE, r.node.stop());
        assertEquals(1, r.node.blockedThreads());
        r.node.wakeBlocked(20);
        r.finish();
        // A re-issues the send at 23 (ready at 20 + S), then sende 24 (returns MESSAGE_SENT), exit 25
        assertArrayEquals(new long[] {0, 4, 23, 24, 25}, r.issues());
        assertEquals(List.of("refused head@0 t0 dest=0 type=1 addr=0x100 stride=1", "head@23 t0 dest=0 type=1 addr=0x100 stride=1",
                "data@24 0 0 n=1 tail"), r.port.calls);
        assertEquals(26, r.cycles());
    }

    @Test
    void specialRegisters() {
        Harness h = new Harness();
        h.contexts = 3;
        int[] regs = new int[SpecialRegister.values().length];
        for (SpecialRegister s : SpecialRegister.values()) {
            h.op(RDSR, 4 + s.ordinal(), s.ordinal());
        }
        Harness.Run r = h.exit().run();
        assertEquals(0, r.reg(4));          // nodeid
        assertEquals(1, r.reg(5));          // xdim
        assertEquals(1, r.reg(6));          // ydim
        assertEquals(0, r.reg(7));          // tid
        assertEquals(3, r.reg(8));          // nctx
        assertEquals(5, r.reg(9));          // cycle
        assertEquals(0, r.reg(10));         // cycleh
        assertEquals(7, r.reg(11));         // instret: seven instructions retired before
        assertEquals(Harness.MEM, r.reg(12));
        assertEquals(Abi.heapEnd(Harness.MEM, Harness.STACK, 3), r.reg(13));
        assertEquals(0, r.reg(14));         // niustat: no network
        assertEquals(11, regs.length);
        assertEquals(12, r.node.instructions());
    }
}
