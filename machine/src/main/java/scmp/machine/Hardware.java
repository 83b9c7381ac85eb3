package scmp.machine;

import java.util.List;
import scmp.cpu.Engine;
import scmp.cpu.Interpreter;
import scmp.cpu.Node;

/**
 * The model-specific hardware of one machine, as {@link MachineModel#build} made it: what it wires into each node
 * the machine builds (the device port of the network instructions, the special registers, any other per-node
 * hardware), the clocked networks, and its part of the reports.
 */
public interface Hardware {

    /**
     * Wires a node the machine has just built: at least its device port ({@link Node#setNetworkPort}) and its
     * special registers ({@link Node#setSpecialRegisters}). Called once per node, in the order the nodes are built.
     *
     * @param node the node
     */
    void attach(Node node);

    /**
     * Returns the engine that executes the nodes' threads: the {@link Interpreter} by default. A model whose nodes
     * see memory differently (through a data cache, say) brings an engine generated for that (docs/architecture.md).
     */
    default Engine.Factory engines() {
        return Interpreter::new;
    }

    /**
     * Whether the nodes must run on {@link #engines()} whatever engine the run asks for (for example the T3D's
     * data cache, which only its own engine models); false lets the run choose (scmpsim's {@code --engine}).
     */
    default boolean needsOwnEngine() {
        return false;
    }

    /**
     * Returns the machine's clocked networks, in the order the machine runs them within a core cycle (after the
     * nodes); an empty list for a machine whose nodes do not communicate.
     */
    List<ClockedNetwork> networks();

    /**
     * Whether the nodes' threads wait by spinning (polling their memory without {@code suspend}, as a T3D PE or an
     * SP node does): then the livelock proof takes periods without {@code suspend}, and stores that put back what
     * the memory held (a frame pushed and popped), as waiting too. False by default: the SCMP chip's threads wait
     * in {@code suspend} loops, and its proof keeps refusing any store (docs/simulator.md, "Deadlocks and
     * livelocks"). Either proof is exact.
     */
    default boolean waitsBySpinning() {
        return false;
    }

    /**
     * Returns a copy of a node's hardware state that its loads change without effects outside the thread (a data
     * cache's lines: a load that misses fills one, a store updates a cached word), or null when there is none. The
     * livelock proof requires it to come back with the core's state (docs/simulator.md, "Deadlocks and
     * livelocks"); null for hardware that only sends, host calls and networks change.
     *
     * @param node the node
     * @return the copy, compared with {@link java.util.Arrays#equals(long[], long[])}, or null
     */
    default long[] silentState(int node) {
        return null;
    }

    /**
     * Describes why a blocked thread waits, or returns null when it does not wait on this hardware.
     *
     * @param node    the node
     * @param context the thread context
     * @return a few words, for deadlock reports
     */
    default String blockedReason(int node, int context) {
        return null;
    }

    /** Returns how deadlock reports name the device a thread blocks on ({@code the NIU}). */
    default String deviceName() {
        return "its device";
    }

    /** Describes every device not at rest and everything in flight, one line each (ending with a newline). */
    default String stateReport() {
        return "";
    }

    /**
     * Returns words a deadlock report adds after its core cycle, such as the networks' own clock: {@code
     * " (network cycle 492)"}; empty by default.
     */
    default String clockNote() {
        return "";
    }

    /**
     * Tells the hardware that a node's program has exited (an SPMD rank's {@code exit}): no thread of it waits on a
     * device any more.
     *
     * @param node the node
     */
    default void nodeExited(int node) {
    }

    /** Returns what the hardware adds to the run's statistics ({@code --stats}). */
    default StatsLayout stats() {
        return StatsLayout.GENERIC;
    }

    /**
     * Sets what sees the devices' events (messages, DMA blocks, queues, links) for a timeline; hardware without
     * such events ignores it.
     *
     * @param events the events' receiver, or null for none
     */
    default void setDeviceEvents(scmp.cpu.DeviceEvents events) {
    }
}
