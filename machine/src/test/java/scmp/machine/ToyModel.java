package scmp.machine;

import java.util.List;
import java.util.PriorityQueue;
import scmp.cpu.NetworkPort;
import scmp.cpu.Node;
import scmp.cpu.SpecialRegisters;
import scmp.elf.MachineKind;

/**
 * A second machine model, as small as a model gets, written against the machine's seam alone: two nodes joined by
 * a remote-write port. Any network instruction, in practice {@code send2 rs1, rs2}, writes the word {@code rs2}
 * at address {@code rs1} of the other node's memory, through that node's remote port; the word lands
 * {@link Params#latencyCycles()} cycles after the instruction issues, carried by a trivial clocked network, or,
 * for node 1's words when {@link Params#backLatencyCycles()} is set, by a second network with that latency. It is
 * registered for {@link java.util.ServiceLoader} by this module's test resources, as a model module registers its
 * own, and runs programs built for the SCMP instruction set (the assembler's default kind).
 */
public final class ToyModel implements MachineModel<ToyModel.Params> {

    /**
     * The toy's parameters.
     *
     * @param latencyCycles      cycles from the instruction to the word's landing, at least 1
     * @param lookaheadCycles    what the network claims as its lookahead; a truthful network claims at most its
     *                           latency
     * @param backLatencyCycles  0: one network carries both nodes' words; else node 1's words go over a second
     *                           network, which lands them this many cycles after the instruction (and claims it)
     */
    public record Params(int latencyCycles, int lookaheadCycles, int backLatencyCycles) {

        /** The defaults: one network, 5 cycles, claimed truthfully. */
        public Params() {
            this(5, 5, 0);
        }

        /**
         * One network.
         *
         * @param latencyCycles   cycles from the instruction to the word's landing
         * @param lookaheadCycles the lookahead the network claims
         */
        public Params(int latencyCycles, int lookaheadCycles) {
            this(latencyCycles, lookaheadCycles, 0);
        }

        /** Checks the parameters. */
        public Params {
            if (latencyCycles < 1) {
                throw new ParamException("latencyCycles", ": must be at least 1, got " + latencyCycles);
            }
            if (lookaheadCycles < 1) {
                throw new ParamException("lookaheadCycles", ": must be at least 1, got " + lookaheadCycles);
            }
            if (backLatencyCycles < 0) {
                throw new ParamException("backLatencyCycles", ": must be at least 0, got " + backLatencyCycles);
            }
        }
    }

    @Override
    public String name() {
        return "toy";
    }

    @Override
    public MachineKind kind() {
        return MachineKind.SCMP;
    }

    @Override
    public Class<Params> parametersType() {
        return Params.class;
    }

    @Override
    public String description() {
        return "two nodes joined by a remote-write port";
    }

    @Override
    public int nodes(Params params) {
        return 2;
    }

    @Override
    public int maxNodes() {
        return 2;
    }

    @Override
    public int ranks(Params params, int ranks) {
        return ranks > 0 ? ranks : 2;
    }

    @Override
    public Hardware build(Params params, Context context) {
        Wire forth = new Wire(params.latencyCycles(), params.lookaheadCycles(), context);
        Wire back = params.backLatencyCycles() == 0 ? forth
                : new Wire(params.backLatencyCycles(), params.backLatencyCycles(), context);
        List<ClockedNetwork> networks = forth == back ? List.of(forth) : List.of(forth, back);
        return new Hardware() {
            @Override
            public void attach(Node node) {
                int other = 1 - node.nodeId();
                Wire wire = node.nodeId() == 0 ? forth : back;
                node.setNetworkPort((NetworkPort) (op, cycle, thread, v0, v1, v2, v3) -> {
                    wire.post(cycle, other, v0, v1);
                    return NetworkPort.ENDED;
                });
                node.setSpecialRegisters(SpecialRegisters.line(2));
            }

            @Override
            public List<ClockedNetwork> networks() {
                return networks;
            }
        };
    }

    /** The network: words in flight, each written in the core cycle before the one it lands at. */
    static final class Wire implements ClockedNetwork {
        private final int latency;
        private final int lookahead;
        private final Context context;
        /** landing cycle, sequence, node, address, value; ordered by landing, then by posting */
        private final PriorityQueue<long[]> inFlight = new PriorityQueue<>((a, b) -> a[0] != b[0]
                ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        private long posted;
        private long time;
        private long lastProgress;

        Wire(int latency, int lookahead, Context context) {
            this.latency = latency;
            this.lookahead = lookahead;
            this.context = context;
        }

        void post(long cycle, int node, int address, int value) {
            inFlight.add(new long[] {cycle + latency, posted++, node, address, value});
        }

        @Override
        public long time() {
            return time;
        }

        @Override
        public boolean busy() {
            return !inFlight.isEmpty();
        }

        @Override
        public long nextActivity() {
            return inFlight.isEmpty() ? Long.MAX_VALUE : Math.max(time, inFlight.peek()[0] - 1);
        }

        @Override
        public void advanceTo(long cycle) {
            while (!inFlight.isEmpty() && inFlight.peek()[0] - 1 < cycle) {
                long[] w = inFlight.poll();
                context.node((int) w[2]).remote().write(w[0], (int) w[3], (int) w[4]);
                lastProgress = w[0] - 1;
            }
            time = cycle;
        }

        @Override
        public long stallWindow() {
            return latency;
        }

        @Override
        public long lastProgressCycle() {
            return lastProgress;
        }

        @Override
        public long lookahead() {
            return lookahead;
        }
    }
}
