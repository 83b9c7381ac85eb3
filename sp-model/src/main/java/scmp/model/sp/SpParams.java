package scmp.model.sp;

import scmp.machine.ParamException;
import scmp.noc.sp.MultistageSwitch;

/**
 * The parameters of an IBM RS/6000 SP system, each set by {@code scmpsim --param KEY=VALUE}. The figures the seed
 * document gives, Banikazemi et al., <i>MPI-LAPI: An Efficient Implementation of MPI for IBM RS/6000 SP Systems</i>
 * (the project's seed {@code 003}), are cited by line of its plain-text copy; the others are assumptions until
 * the SP model calibrates them and gives their sources. The nodes run the SCMP instruction set in place
 * of the POWER processor, at the SP node's clock, so that cycles are SP cycles.
 *
 * @param nodes               nodes of the system, 1..{@link #MAX_NODES}; 0: as many as {@code -n} asks, else 1
 * @param clockMhz            the node clock in MHz: 332, "Power-PC 332MHz nodes" (seed 003 line 399)
 * @param memoryBytes         memory per node in bytes, the default of {@code --mem}: 8 MB, an assumption that fits
 *                            the programs simulated here (an SP node had far more); at most 64 MB
 * @param pairMBps            the switch's data rate between a pair of nodes in MB/s: 160, "bi-directional
 *                            data-transfer rate of up to 160 MB/s between each node pair" (seed 003 line 51)
 * @param routes              routes through the multistage switch between a pair of nodes: 4, "the switch network
 *                            has four routes between each pair of nodes" (seed 003 line 74)
 * @param packetBytes         the most bytes of a switch packet, headers included: 1024, an assumption
 * @param switchLatencyCycles cycles a packet's head takes through the switch when nothing else is in the way: 332
 *                            (one microsecond), an assumption
 * @param fifoPackets         packets each adapter's send and receive FIFOs hold: 64, an assumption
 * @param interruptCycles     cycles from a packet's landing in the receive ring to the first instruction of the
 *                            interrupt handler: 3320 (ten microseconds), an assumption
 * @param hopCycles           cycles each further switch chip of a longer route adds to the head's latency: 42
 *                            (about 125 ns), an assumption
 * @param dmaStartCycles      cycles the adapter takes to start a DMA between node memory and a FIFO: 66 (about
 *                            0.2 us), an assumption
 * @param dmaWordCycles       cycles per word the adapter's DMA takes: 4 (332 MB/s), an assumption
 * @param hysteresisCycles    cycles an interrupt handler polls for further packets before it returns, passed to
 *                            the handler: 1660 (five microseconds), an assumption (the seed, line 414, names the
 *                            scheme but gives no figure)
 * @param threadSwitchCycles  cycles an operating-system thread switch costs the node, passed to a thread the
 *                            adapter starts (operation 7, LAPI's completion-handler thread), which pays it when it
 *                            starts and again when it ends: 6640 (20 us), a context switch of the seed's era,
 *                            "on the order of 20 microseconds" (McVoy and Staelin, lmbench, USENIX 1996); the
 *                            core's own thread contexts switch in 3 cycles, an AIX thread did not (docs/sp.md)
 * @param dropEvery           0 (the default): the switch loses no packet; N: it loses every N-th packet that enters
 *                            it (counted over the whole switch, in the order they enter), a deterministic loss for
 *                            testing the layers that recover from it (docs/sp.md, "Losing packets")
 */
public record SpParams(int nodes, int clockMhz, int memoryBytes, int pairMBps, int routes, int packetBytes,
                       int switchLatencyCycles, int fifoPackets, int interruptCycles, int hopCycles,
                       int dmaStartCycles, int dmaWordCycles, int hysteresisCycles, int threadSwitchCycles,
                       int dropEvery) {

    /** The most nodes: "configurations ranging from 2-node systems to 128-node systems" (seed 003 line 51). */
    public static final int MAX_NODES = 128;
    /** The most memory per node. */
    public static final int MAX_MEMORY = 64 << 20;

    /** The defaults: the nodes of the run, the seed's figures and the assumptions above. */
    public SpParams() {
        this(0, 332, 8 << 20, 160, 4, 1024, 332, 64, 3320, 42, 66, 4, 1660, 6640, 0);
    }

    /**
     * Checks the parameters.
     *
     * @throws ParamException naming the parameter at fault
     */
    public SpParams {
        if (nodes < 0 || nodes > MAX_NODES) {
            throw new ParamException("nodes", ": must be 1.." + MAX_NODES + ", got " + nodes);
        }
        if (memoryBytes < 64 << 10 || memoryBytes > MAX_MEMORY || memoryBytes % 4096 != 0) {
            throw new ParamException("memoryBytes", ": must be a multiple of 4K from 64K to 64M, got " + memoryBytes);
        }
        positive("clockMhz", clockMhz);
        positive("pairMBps", pairMBps);
        positive("routes", routes);
        if (packetBytes < 64) {
            throw new ParamException("packetBytes", ": must be at least 64, got " + packetBytes);
        }
        positive("switchLatencyCycles", switchLatencyCycles);
        positive("fifoPackets", fifoPackets);
        positive("interruptCycles", interruptCycles);
        notNegative("hopCycles", hopCycles);
        positive("dmaStartCycles", dmaStartCycles);
        positive("dmaWordCycles", dmaWordCycles);
        notNegative("hysteresisCycles", hysteresisCycles);
        notNegative("threadSwitchCycles", threadSwitchCycles);
        if (dropEvery < 0 || dropEvery == 1) {
            throw new ParamException("dropEvery", ": must be 0 (no loss) or at least 2, got " + dropEvery);
        }
    }

    private static void notNegative(String key, int value) {
        if (value < 0) {
            throw new ParamException(key, ": must be at least 0, got " + value);
        }
    }

    private static void positive(String key, int value) {
        if (value < 1) {
            throw new ParamException(key, ": must be at least 1, got " + value);
        }
    }

    /**
     * Returns these parameters for a system of {@code n} nodes.
     *
     * @param n the nodes
     * @return the parameters
     */
    public SpParams withNodes(int n) {
        return new SpParams(n, clockMhz, memoryBytes, pairMBps, routes, packetBytes, switchLatencyCycles, fifoPackets,
                interruptCycles, hopCycles, dmaStartCycles, dmaWordCycles, hysteresisCycles, threadSwitchCycles,
                dropEvery);
    }

    /** Returns the most payload words of a packet: its bytes less the 8-byte header, in words. */
    public int payloadWords() {
        return (packetBytes - SpSwitch.HEADER_BYTES) / 4;
    }

    /**
     * Returns the cycles a packet of {@code words} payload words occupies a link: its bytes, header included, at
     * {@code pairMBps} and {@code clockMhz}, rounded up.
     *
     * @param words the payload words
     * @return the cycles
     */
    public long linkCycles(int words) {
        return MultistageSwitch.linkCycles(words, clockMhz, pairMBps);
    }

    /**
     * Returns the cycles a packet's head takes through the idle switch on route {@code r}: route {@code r} goes
     * {@code e = (2r mod routes) + (2r div routes)} stages further into the switch and back than the shortest, so
     * it crosses {@code 2e} switch chips more (for four routes: 0, 4, 2 and 6 more), and consecutive packets of a
     * pair alternate between shorter and longer routes.
     *
     * @param r the route, 0..routes-1
     * @return the cycles
     */
    public long routeCycles(int r) {
        return MultistageSwitch.routeCycles(r, routes, switchLatencyCycles, hopCycles);
    }

    /**
     * Returns the fewest cycles from a send's tail instruction at core cycle {@code t} to the first cycle another
     * node can see anything of it: a one-word packet on the pair's shortest route through an idle switch, landing
     * in the target's receive ring at {@code t + dmaStartCycles + dmaWordCycles} (the send DMA has read it) {@code
     * + switchLatencyCycles} (route 0 crosses no extra chip; every other route takes {@code hopCycles >= 0} more
     * per chip) {@code + linkCycles(1)} (its tail out of the switch) {@code + dmaStartCycles + 3 dmaWordCycles}
     * (the receive DMA writes the slot's header, user word and payload word). Every term grows with the payload
     * and every wait (a busy DMA, link or FIFO, a full ring) only adds to it (docs/sp.md, "Timing"). 505 with the
     * defaults.
     *
     * @return the cycles
     */
    public long minDeliveryCycles() {
        return 2L * dmaStartCycles + 4L * dmaWordCycles + switchLatencyCycles + linkCycles(1);
    }
}
