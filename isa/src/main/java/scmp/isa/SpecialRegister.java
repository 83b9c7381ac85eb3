package scmp.isa;

/** Special registers read by {@code rdsr rd, sr}. Numbered in declaration order. */
public enum SpecialRegister {
    NODEID("nodeid", "this node's number, y * xdim + x"),
    XDIM("xdim", "mesh width (nodes in X)"),
    YDIM("ydim", "mesh height (nodes in Y)"),
    TID("tid", "number of the running thread context, 0..nctx-1"),
    NCTX("nctx", "thread contexts per node"),
    CYCLE("cycle", "cycle counter, low 32 bits"),
    CYCLEH("cycleh", "cycle counter, high 32 bits (read cycleh, cycle, cycleh again to get a consistent 64-bit value)"),
    INSTRET("instret", "instructions retired on this node, low 32 bits"),
    MEMSIZE("memsize", "bytes of local memory on this node"),
    HEAPEND("heapend", "first byte above the heap: the bottom of the lowest thread stack (docs/abi.md)"),
    NIUSTAT("niustat", "this node's NIU as seen by the running thread at this cycle: bit 0 the DMA engine is still reading a "
            + "sendm/sendme block, bit 1 the injection queue holds flits, bit 2 a message is open or CTS messages wait to be "
            + "served, bit 3 the chip has the hardware handshake, hwRts (docs/timing.md section 3)");

    public final String asmName;
    public final String description;

    SpecialRegister(String asmName, String description) {
        this.asmName = asmName;
        this.description = description;
    }

    public static SpecialRegister byName(String name) {
        for (SpecialRegister s : values()) {
            if (s.asmName.equalsIgnoreCase(name)) {
                return s;
            }
        }
        return null;
    }
}
