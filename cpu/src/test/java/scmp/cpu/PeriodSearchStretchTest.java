package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static scmp.isa.Instruction.*;

import org.junit.jupiter.api.Test;

/**
 * A period search watches every instruction, and an engine runs on the interpreter while a watch is installed: the
 * node must not hand it a long run then, or a compute-bound thread whose search gave up after a few thousand
 * instructions would be interpreted to the end of that run (docs/performance.md, "Searches in stretches").
 */
class PeriodSearchStretchTest {
    static final int ZERO = 0, T0 = 12, T1 = 13;

    /** An engine that lets the interpreter work and records the longest run it was given under a watch. */
    private static final class Watched implements Engine {
        final Interpreter inner;
        final EngineContext ctx;
        long longestWatched, watchedRuns;

        Watched(EngineContext ctx) {
            this.ctx = ctx;
            this.inner = new Interpreter(ctx);
        }

        @Override
        public Exit run(ThreadContext thread, long limit) {
            if (ctx.tracer() != null) {
                watchedRuns++;
                longestWatched = Math.max(longestWatched, limit - thread.nextIssue);
            }
            return inner.run(thread, limit);
        }

        @Override
        public long exitCycle() {
            return inner.exitCycle();
        }

        @Override
        public GuestFault fault() {
            return inner.fault();
        }
    }

    @Test
    void aSearchThatGivesUpLeavesTheRestOfTheRunToTheEngine() {
        Watched[] engine = new Watched[1];
        Harness h = new Harness()
                .op(ADDI, T0, ZERO, 0)
                .li(T1, 3_000_000)
                .label("L").op(ADDI, T0, T0, 1)
                .branch(BNE, T0, T1, "L")
                .op(ADDI, 4, ZERO, 5).exit();
        h.engines = ctx -> engine[0] = new Watched(ctx);
        Harness.Run r = h.prepare();
        r.node.setTracer(null);
        r.node.setIdleSkip(true);
        r.node.boot(Harness.BASE, 0, 0);
        r.node.runUntil(100_000);     // stops at the limit with its thread running: a search at a recurring point
        assertEquals(Node.Stop.LIMIT, r.node.stop());
        r.node.runUntil(5_000_000);
        assertTrue(engine[0].watchedRuns > 0, "a period search ran");
        assertTrue(engine[0].longestWatched <= 1 << 16,
                "the longest run under the watch: " + engine[0].longestWatched + " cycles");
        r.finish();
        assertEquals(5, (int) r.exitStatus);
        assertEquals(3_000_000, r.reg(T0));
    }
}
