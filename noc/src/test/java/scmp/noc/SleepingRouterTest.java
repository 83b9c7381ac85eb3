package scmp.noc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A router whose flits are all blocked leaves the stepped set until a flit or a credit is sent to it
 * ({@link Router#mustStep}, {@link Fabric}): the network must deliver exactly what a network of routers that never
 * sleep delivers, flit by flit and cycle by cycle. The traffic is random and its receivers stop taking flits for long
 * stretches, so that worms block back to their sources and routers sleep and wake often.
 */
class SleepingRouterTest {

    /** A {@link VcRouter} that is stepped whenever it holds anything (the default of {@link Router#mustStep}). */
    private record NeverSleeps(VcRouter r) implements Router {
        @Override
        public int id() {
            return r.id();
        }

        @Override
        public void read(long now) {
            r.read(now);
        }

        @Override
        public void evaluate(long now) {
            r.evaluate(now);
        }

        @Override
        public boolean busy() {
            return r.busy();
        }

        @Override
        public int bufferedFlits() {
            return r.bufferedFlits();
        }

        @Override
        public int buffered(int inPort, int vc) {
            return r.buffered(inPort, vc);
        }

        @Override
        public int credits(int outPort, int vc) {
            return r.credits(outPort, vc);
        }

        @Override
        public void describe(StringBuilder out, Topology topology) {
            r.describe(out, topology);
        }
    }

    /** The deliveries (cycle, node, flit) and the number of router steps over the whole run. */
    private record Run(List<String> deliveries, long routerSteps) {
    }

    private static Run run(long seed, NocConfig config, boolean sleeping) {
        Mesh2D mesh = new Mesh2D(4, 4);
        RoutingFunction routing = new DimensionOrderRouting(mesh, config.format());
        RouterNetwork net = sleeping ? new RouterNetwork(mesh, routing, config)
                : new RouterNetwork(mesh, routing, config,
                        (id, c, rf, in, out, f) -> new NeverSleeps(new VcRouter(id, c, rf, in, out, f)));
        int nodes = mesh.nodes();
        SplittableRandom rnd = new SplittableRandom(seed);
        int[] left = new int[nodes];          // flits of the open message still to inject
        int[] dest = new int[nodes];
        long[] drainFrom = new long[nodes];   // a receiver takes flits only from this cycle on
        List<String> log = new ArrayList<>();
        long steps = 0;
        for (long cycle = 0; cycle < 4000 || !net.isIdle() && cycle < 40000; cycle++) {
            for (int n = 0; n < nodes; n++) {
                if (cycle < 4000 && left[n] == 0 && rnd.nextInt(8) == 0) {
                    int d = rnd.nextInt(nodes - 1);
                    dest[n] = d >= n ? d + 1 : d;
                    left[n] = 1 + rnd.nextInt(12);
                }
                if (left[n] > 0) {
                    boolean head = !net.messageOpen(n);
                    long flit = head ? net.headFlit(n, dest[n], 1, 1) : Flit.of((int) cycle, false, false);
                    if (left[n] == 1) {
                        flit |= Flit.TAIL;
                    }
                    if (net.canInject(n, flit)) {
                        net.inject(n, flit);
                        left[n]--;
                    }
                }
                if (cycle >= drainFrom[n]) {
                    if (cycle < 4000 && rnd.nextInt(40) == 0) {
                        drainFrom[n] = cycle + 50 + rnd.nextInt(400);     // stops taking flits for a while
                    } else {
                        long f = net.pollEject(n);
                        if (f != Flit.NONE) {
                            log.add(cycle + " " + n + " " + Long.toHexString(f));
                        }
                    }
                }
            }
            net.step();
            steps += net.activeRouters();
        }
        assertTrue(net.isIdle(), "every flit delivered");
        return new Run(log, steps);
    }

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void sleepingRoutersDeliverWhatRoutersThatNeverSleepDeliver(long seed) {
        for (NocConfig config : List.of(NocConfig.defaults(), NocConfig.defaults().withVcs(2).withBufferDepth(2),
                NocConfig.defaults().withVcs(4).withBufferDepth(3).withVcSelection(VcSelection.FLOW))) {
            Run awake = run(seed, config, false);
            Run sleeping = run(seed, config, true);
            assertEquals(awake.deliveries(), sleeping.deliveries(), config.toString());
            assertTrue(awake.deliveries().size() > 1000, "enough traffic: " + awake.deliveries().size());
            assertTrue(sleeping.routerSteps() < awake.routerSteps() * 3 / 4,
                    "blocked routers sleep: " + sleeping.routerSteps() + " steps against " + awake.routerSteps());
        }
    }
}
