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
 * {@link Params#latencyCycles()} cycles after the instruction issues, carried by a trivial clocked network. It is
 * registered for {@link java.util.ServiceLoader} by this module's test resources, as a model module registers its
 * own, and runs programs built for the SCMP instruction set (the assembler's default kind).
 */
public final class ToyModel implements MachineModel<ToyModel.Params> {

    /**
     * The toy's parameters.
     *
     * @param latencyCycles  cycles from the instruction to the word's landing, at least 1
     * @param lookaheadCycles what the network claims as its lookahead; a truthful network claims at most its latency
     */
    public record Params(int latencyCycles, int lookaheadCycles) {

        /** The defaults: 5 cycles, claimed truthfully. */
        public Params() {
            this(5, 5);
        }

        /** Checks the parameters. */
        public Params {
            if (latencyCycles < 1) {
                throw new ParamException("latencyCycles", ": must be at least 1, got " + latencyCycles);
            }
            if (lookaheadCycles < 1) {
                throw new ParamException("lookaheadCycles", ": must be at least 1, got " + lookaheadCycles);
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
        Wire wire = new Wire(params, context);
        return new Hardware() {
            @Override
            public void attach(Node node) {
                int other = 1 - node.nodeId();
                node.setNetworkPort((NetworkPort) (op, cycle, thread, v0, v1, v2, v3) -> {
                    wire.post(cycle + params.latencyCycles(), other, v0, v1);
                    return NetworkPort.ENDED;
                });
                node.setSpecialRegisters(SpecialRegisters.line(2));
            }

            @Override
            public List<ClockedNetwork> networks() {
                return List.of(wire);
            }
        };
    }

    /** The network: words in flight, each written in the core cycle before the one it lands at. */
    static final class Wire implements ClockedNetwork {
        private final Params params;
        private final Context context;
        /** landing cycle, sequence, node, address, value; ordered by landing, then by posting */
        private final PriorityQueue<long[]> inFlight = new PriorityQueue<>((a, b) -> a[0] != b[0]
                ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
        private long posted;
        private long time;
        private long lastProgress;

        Wire(Params params, Context context) {
            this.params = params;
            this.context = context;
        }

        void post(long landing, int node, int address, int value) {
            inFlight.add(new long[] {landing, posted++, node, address, value});
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
            return params.latencyCycles();
        }

        @Override
        public long lastProgressCycle() {
            return lastProgress;
        }

        @Override
        public long lookahead() {
            return params.lookaheadCycles();
        }
    }
}
