package scmp.cli;

import scmp.cpu.Engine;
import scmp.cpu.Interpreter;
import scmp.cpu.JitEngine;

/** The engines {@code scmpsim --engine} and {@code scmpsim bench --engine} name (docs/simulator.md). */
final class Engines {
    private Engines() {
    }

    /** The engines by name. */
    enum Choice {
        /** The reference interpreter. */
        interp,
        /** The compiled engine (JVM bytecode generated with ASM). */
        jit
    }

    /**
     * The engine of a run when no option names one: the compiled engine, which gives the interpreter's results
     * exactly (the identity corpus, tests/golden/identity.tsv, holds both to one record).
     */
    static final Choice DEFAULT = Choice.jit;

    /** Returns an engine's factory. */
    static Engine.Factory factory(Choice c) {
        return switch (c) {
            case interp -> Interpreter::new;
            case jit -> JitEngine::new;
        };
    }
}
