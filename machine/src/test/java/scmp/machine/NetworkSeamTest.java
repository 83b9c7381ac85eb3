package scmp.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;
import scmp.cpu.Core;
import scmp.cpu.NetworkPort;
import scmp.cpu.ThreadContext;
import scmp.elf.Executable;

/**
 * The machine with another network model plugged in through {@link NetworkFactory}: an NIU that refuses a
 * flit blocks the sending thread (a thread switch, docs/timing.md section 2) until the network wakes it.
 */
class NetworkSeamTest {

    /** Wraps the ideal network; refuses the first head flit and wakes the node {@code wakeAfter} cycles later. */
    static final class RefusingNetwork implements Network {
        private final IdealNetwork inner;
        private final Core[] cores;
        private final long wakeAfter;
        private boolean refused;
        private long wakeAt = Long.MAX_VALUE;

        RefusingNetwork(Core[] cores, MachineConfig cfg, long wakeAfter) {
            this.inner = new IdealNetwork(cores, cfg.xdim());
            this.cores = cores;
            this.wakeAfter = wakeAfter;
        }

        @Override
        public NetworkPort port(int node) {
            NetworkPort p = inner.port(node);
            return new NetworkPort() {
                @Override
                public boolean sendHead(long cycle, ThreadContext t, int dest, int type, int address, int stride) {
                    if (!refused) {
                        refused = true;
                        if (wakeAfter > 0) {
                            wakeAt = cycle + wakeAfter;
                        }
                        return false;
                    }
                    return p.sendHead(cycle, t, dest, type, address, stride);
                }

                @Override
                public boolean sendData(long cycle, ThreadContext t, int w0, int w1, int count, boolean tail) {
                    return p.sendData(cycle, t, w0, w1, count, tail);
                }

                @Override
                public boolean sendDma(long cycle, ThreadContext t, int address, int strideCount, boolean tail) {
                    return p.sendDma(cycle, t, address, strideCount, tail);
                }
            };
        }

        @Override
        public int lookahead() {
            return inner.lookahead();
        }

        @Override
        public long nextEventCycle() {
            return Math.min(inner.nextEventCycle(), wakeAt);
        }

        @Override
        public void deliver(long cycle) {
            if (cycle >= wakeAt) {
                cores[0].wakeBlocked(wakeAt);
                wakeAt = Long.MAX_VALUE;
            }
            inner.deliver(cycle);
        }

        @Override
        public boolean idle() {
            return inner.idle() && wakeAt == Long.MAX_VALUE;
        }
    }

    static final String PROGRAM = """
                .text
                .globl _start
            _start:
                sendh_i zero, DATA, flag     # refused at 0: the thread blocks
                li t0, 42                    # after the wake-up
                sende t0
            1:  la t1, flag
                lw a0, 0(t1)
                beqz a0, 1b
                hcall exit
                .data
                .align 4
            flag: .word 0
            """;

    private static Machine.Result run(long wakeAfter) throws Loader.LoadException {
        Executable exe = Sim.build(PROGRAM);
        Machine m = new Machine(MachineConfig.builder("p").maxCycles(10_000).build(), exe, new ByteArrayOutputStream(),
                new ByteArrayOutputStream(), new ByteArrayInputStream(new byte[0]),
                (cores, cfg) -> new RefusingNetwork(cores, cfg, wakeAfter));
        return m.run();
    }

    @Test
    void refusedFlitBlocksTheThreadUntilTheNetworkWakesIt() throws Loader.LoadException {
        Machine.Result r = run(50);
        assertEquals(42, r.exitCode());
        // sendh refused at 0; woken at 50, it issues again at 50 + S = 53; li 54; sende 55 arrives at 63;
        // polling: la 56-57, lw 58, beqz 60 (taken), la 63-64, lw 65 sees 42, beqz 67, exit 68
        assertEquals(69, r.cycles());
        assertEquals(12, r.instructions());
    }

    @Test
    void threadBlockedForeverIsADeadlock() throws Loader.LoadException {
        Machine.Result r = run(0);
        assertEquals(Machine.Outcome.DEADLOCK, r.outcome());
        assertEquals(139, r.exitCode());
        assertEquals("scmpsim: deadlock: 1 thread(s) wait on the network and nothing is in flight", r.message());
    }
}
