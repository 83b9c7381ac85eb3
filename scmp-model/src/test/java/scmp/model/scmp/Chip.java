package scmp.model.scmp;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import scmp.asm.Assembler;
import scmp.cpu.DecodedText;
import scmp.cpu.GuestFault;
import scmp.cpu.Memory;
import scmp.cpu.Node;
import scmp.cpu.TimingModel;
import scmp.diag.DiagnosticException;
import scmp.elf.Executable;
import scmp.elf.Executable.PlacedSection;
import scmp.elf.ObjectFile;
import scmp.isa.Abi;
import scmp.isa.HostCall;
import scmp.link.LinkException;
import scmp.link.LinkInput;
import scmp.link.LinkOptions;
import scmp.link.Linker;
import scmp.noc.RouterNetwork;
import scmp.noc.NocConfig;
import scmp.niu.NiuConfig;
import scmp.niu.Watch;

/**
 * A small chip for the NIU tests: cores built from an assembly program, the NIUs and the router network, run
 * in strict lockstep (every core runs core cycle {@code c}, then the network runs the network cycles of
 * {@code c}): the reference the machine's faster loop must match. It records every issued instruction and
 * lets a test look at memory after each core cycle.
 */
final class Chip {
    static final int MEM = 1 << 20;
    static final int STACK = 16 << 10;

    /** Something to check after each core cycle's network cycles. */
    interface Probe {
        void after(long cycle);
    }

    final Executable exe;
    final int width;
    final int height;
    final Node[] cores;
    final Interconnect ic;
    final List<long[]> issues = new ArrayList<>();
    final ByteArrayOutputStream watchBytes = new ByteArrayOutputStream();
    int exitStatus = -1;
    long exitCycle = -1;
    GuestFault fault;
    long cycle;

    Chip(String source, int width, int height, int contexts, NocConfig noc, NiuConfig niu, List<Watch.Selection> watch) {
        this.exe = build(source);
        this.width = width;
        this.height = height;
        int nodes = width * height;
        byte[] textBytes = null;
        int textBase = 0;
        for (PlacedSection s : exe.sections()) {
            if (s.isExec()) {
                textBase = s.address();
                textBytes = s.data();
            }
        }
        DecodedText text = DecodedText.decode(textBase, textBytes);
        Long te = exe.symbolValue(Abi.THREAD_EXIT_SYMBOL);
        this.cores = new Node[nodes];
        for (int n = 0; n < nodes; n++) {
            Memory mem = new Memory(MEM);
            for (PlacedSection s : exe.sections()) {
                if (s.isAlloc() && !s.isNobits()) {
                    mem.load(s.address(), s.data());
                }
            }
            mem.mapNullGuard(0, Abi.NULL_GUARD);
            mem.mapText(text.base(), text.end());
            for (int c = 0; c < contexts; c++) {
                mem.mapStackGuard(Abi.stackTop(MEM, STACK, c) - STACK, Abi.STACK_GUARD, c);
            }
            Node core = new Node(n, contexts, STACK, mem, text, TimingModel.DEFAULT, te == null ? 0 : (int) (long) te);
            core.setHost((k, t, service, cyc) -> {
                if (service == HostCall.EXIT) {
                    exitStatus = t.reg(4);
                    exitCycle = cyc;
                    return false;
                }
                return true;
            });
            core.setTracer((cyc, node, thread, pc, word) -> issues.add(new long[] {cyc, node, thread, pc}));
            core.setStopAfterNetworkInstructions(true);
            cores[n] = core;
        }
        Watch w = watch.isEmpty() ? null
                : new Watch(watch, new PrintStream(watchBytes, true, StandardCharsets.UTF_8), pc -> String.format("pc 0x%08x", pc));
        this.ic = new Interconnect(RouterNetwork.mesh(width, height, noc), niu, contexts, n -> cores[n], w);
        for (int n = 0; n < nodes; n++) {
            cores[n].setNetworkPort(ic.port(n));
            cores[n].setSpecialRegisters(ic.niu(n).registers(width, height));
        }
        cores[0].boot(exe.entry(), 0, 0);
    }

    Chip(String source, int width, int height) {
        this(source, width, height, 8, NocConfig.defaults(), NiuConfig.defaults(), List.of());
    }

    static Executable build(String source) {
        try {
            ObjectFile o = Assembler.assemble("test.s", source);
            return Linker.link(List.of(new LinkInput.ObjectInput(o)), LinkOptions.defaults()).executable();
        } catch (DiagnosticException | LinkException e) {
            throw new IllegalArgumentException("test program does not build: " + e.getMessage(), e);
        }
    }

    /** Runs in strict lockstep until a thread exits, every core is idle with nothing in flight, or the limit. */
    Chip run(long limit, Probe probe) {
        for (cycle = 0; cycle < limit; cycle++) {
            boolean work = false;
            for (Node c : cores) {
                if (c.hasWork()) {
                    work = true;
                    if (c.nextEventCycle() <= cycle) {
                        c.runUntil(cycle + 1);
                    }
                }
                if (c.stop() == Node.Stop.FAULT) {
                    fault = c.fault();
                    return this;
                }
                if (c.stop() == Node.Stop.HALTED) {
                    return this;
                }
            }
            if (!work && !ic.busy()) {
                return this;
            }
            try {
                ic.runCoreCycle(cycle);
            } catch (GuestFault g) {
                fault = g;
                return this;
            }
            if (probe != null) {
                probe.after(cycle);
            }
        }
        throw new AssertionError("still running at cycle " + limit);
    }

    Chip run() {
        return run(100_000, null);
    }

    int addr(String symbol) {
        return (int) (long) exe.symbolValue(symbol);
    }

    int node(int x, int y) {
        return y * width + x;
    }

    /** Returns the issue cycles of the instruction at {@code symbol} (+ offset bytes) on a node, in order. */
    List<Long> issuesAt(int node, String symbol, int offset) {
        int pc = addr(symbol) + offset;
        List<Long> out = new ArrayList<>();
        for (long[] e : issues) {
            if (e[1] == node && e[3] == pc) {
                out.add(e[0]);
            }
        }
        return out;
    }

    long firstIssue(int node, String symbol) {
        List<Long> l = issuesAt(node, symbol, 0);
        if (l.isEmpty()) {
            throw new AssertionError("node " + node + " never issued " + symbol);
        }
        return l.get(0);
    }

    String watchOutput() {
        return watchBytes.toString(StandardCharsets.UTF_8);
    }

    /** The zero-load latency of docs/timing.md section 4, written out: T(n, h) = (h + 1) D + h L + 2 + (n - 1). */
    static long T(int n, int h) {
        return (h + 1) * 4L + h + 2 + (n - 1);
    }
}
