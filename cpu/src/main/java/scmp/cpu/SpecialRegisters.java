package scmp.cpu;

import scmp.isa.SpecialRegister;

/**
 * The special registers a machine model defines ({@code rdsr}): the machine's shape ({@code xdim}, {@code ydim})
 * and its devices' state ({@code niustat}). The node answers the others itself (its number, thread context,
 * counters, memory size and heap end), the same on every model. A model gives each node its registers with
 * {@link Node#setSpecialRegisters}.
 */
@FunctionalInterface
public interface SpecialRegisters {

    /**
     * Returns a register's value.
     *
     * @param sr     {@link SpecialRegister#XDIM}, {@link SpecialRegister#YDIM} or {@link SpecialRegister#NIUSTAT}
     * @param cycle  the issue cycle of the {@code rdsr}
     * @param thread the running thread
     * @return the value
     */
    int read(SpecialRegister sr, long cycle, ThreadContext thread);

    /** The registers of a node alone: a 1x1 machine without devices ({@code niustat} 0). */
    SpecialRegisters LONE_NODE = line(1);

    /**
     * Returns the registers of a machine seen as a line of nodes without an NIU: {@code xdim} the number of nodes,
     * {@code ydim} 1, {@code niustat} 0.
     *
     * @param nodes the machine's nodes
     * @return the registers
     */
    static SpecialRegisters line(int nodes) {
        return (sr, cycle, thread) -> switch (sr) {
            case XDIM -> nodes;
            case YDIM -> 1;
            default -> 0;
        };
    }
}
