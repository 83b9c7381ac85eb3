package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static scmp.isa.Instruction.*;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import scmp.isa.HostCall;

/** A second engine plugs into a node through its factory, sees the node through its context, and is driven alike. */
class EngineSeamTest {
    static final int ZERO = 0, A0 = 4, T0 = 12;

    /** An engine that lets the interpreter work and records every exit. */
    private record Recording(Engine inner, List<Engine.Exit> exits) implements Engine {
        @Override
        public Exit run(ThreadContext thread, long limit) {
            Exit e = inner.run(thread, limit);
            exits.add(e);
            return e;
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

    /** Three rounds of suspend, a host call that returns, then exit. */
    private static Harness program() {
        return new Harness()
                .op(ADDI, T0, ZERO, 3)
                .label("L").op(SUSPEND)
                .op(ADDI, T0, T0, -1)
                .branch(BNE, T0, ZERO, "L")
                .op(HCALL, HostCall.CYCLES.ordinal())
                .op(ADDI, A0, ZERO, 7).exit();
    }

    @Test
    void aSecondEngineIsAConstructorArgument() {
        Harness.Run reference = program().run();
        List<Engine.Exit> exits = new ArrayList<>();
        Harness h = program();
        h.engines = ctx -> new Recording(new Interpreter(ctx), exits);
        Harness.Run r = h.run();
        assertEquals(List.of(Engine.Exit.SUSPEND, Engine.Exit.SUSPEND, Engine.Exit.SUSPEND, Engine.Exit.HALT), exits);
        assertArrayEquals(reference.issues(), r.issues());
        assertEquals(reference.cycles(), r.cycles());
        assertEquals(7, (int) r.exitStatus);
        assertEquals(reference.node.stats().switches(), r.node.stats().switches());
        assertEquals(reference.node.instructions(), r.node.instructions());
    }

    @Test
    void theFactoryReceivesTheNodesContext() {
        EngineContext[] seen = new EngineContext[1];
        Harness h = program();
        h.engines = ctx -> {
            seen[0] = ctx;
            return new Interpreter(ctx);
        };
        Harness.Run r = h.run();
        assertSame(r.mem, seen[0].memory());
        assertEquals(0, seen[0].nodeId());
        assertSame(r.port, seen[0].port());
        assertEquals(r.node.instructions(), seen[0].retired());
    }
}
