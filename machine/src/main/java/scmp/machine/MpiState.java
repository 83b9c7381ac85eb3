package scmp.machine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import scmp.cpu.Memory;

/**
 * The MPI state of every rank of a run, read from the guest's libmpi (docs/mpi.md, "Debugging"): per rank, the
 * posted receives, the messages announced to it that no receive has taken (eager payloads and rendezvous
 * announcements) and its pending sends, each with source or destination, tag, communicator and size, as the
 * thesis's debugging simulator showed them. scmpsim adds it to a deadlock report and prints it at the end with
 * {@code --mpi-state}.
 *
 * <p>Nothing here knows libmpi's structures: libmpi exports the symbol {@code __mpi_debug}, a table of
 * {@code {const char *name; int value; int width;}} entries ended by a null name, which its C code fills with
 * the addresses of its state and the offsets and widths of the fields (width 0: an address or a constant).
 * A program without the table (no libmpi) has no MPI state. Guest memory is read defensively: a list that
 * leaves memory or runs too long ends the report of that rank with a note.
 */
public final class MpiState {
    /** The symbol of libmpi's debugging table. */
    public static final String TABLE = "__mpi_debug";
    private static final int MAX_ENTRIES = 256;
    private static final int MAX_LIST = 1000;
    private static final int MAX_COMMS = 4096;     // communicator handles looked at per node

    private final Machine machine;
    private final Map<String, Integer> value = new HashMap<>();
    private final Map<String, Integer> width = new HashMap<>();
    private final Map<Integer, String> states = new HashMap<>();
    private final Map<Integer, String> modes = new HashMap<>();
    private Memory mem;
    private int memSize;

    private MpiState(Machine machine) {
        this.machine = machine;
    }

    /**
     * Describes the MPI state of every rank, or returns an empty string when the program has no libmpi or no
     * node has set up its MPI state.
     *
     * @param machine a machine whose run has ended
     * @return the report, several lines without a final newline, or ""
     */
    public static String report(Machine machine) {
        int table;
        try {
            table = machine.addressOf(TABLE);
        } catch (IllegalArgumentException e) {
            return "";
        }
        MpiState s = new MpiState(machine);
        try {
            s.readTable(table);
            return s.describe();
        } catch (Unreadable e) {
            return "MPI state: unreadable (" + e.getMessage() + ")";
        }
    }

    /**
     * Tells whether node 0 alone has called {@code MPI_Init}: libmpi's {@code __mpi_initialized} is set there and
     * on no other node, which is what an MPI program started without {@code scmpsim -n} leaves behind (its other
     * ranks never ran main).
     *
     * @param machine a machine whose run has ended
     * @return true in that case; false when the program has no libmpi or another node initialized MPI
     */
    public static boolean initializedOnNodeZeroAlone(Machine machine) {
        int flag;
        try {
            flag = machine.addressOf("__mpi_initialized");
        } catch (IllegalArgumentException e) {
            return false;
        }
        for (int node = 0; node < machine.nodeCount(); node++) {
            if (!machine.nodeBuilt(node)) {
                continue;
            }
            Memory mem = machine.node(node).memory();
            boolean set = (flag & 3) == 0 && flag >= 0 && flag <= mem.size() - 4 && mem.peek(flag) != 0;
            if (set != (node == 0)) {
                return false;
            }
        }
        return true;
    }

    /** A guest structure that cannot be read. */
    private static final class Unreadable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Unreadable(String message) {
            super(message);
        }
    }

    // ---------------------------------------------------------------- guest memory

    private int word(int addr) {
        if ((addr & 3) != 0 || addr < 0 || addr > memSize - 4) {
            throw new Unreadable(String.format("address 0x%08x", addr));
        }
        return mem.peek(addr);
    }

    private int field(int base, String name) {
        Integer off = value.get(name);
        Integer w = width.get(name);
        if (off == null || w == null) {
            throw new Unreadable("libmpi's table has no " + name);
        }
        int addr = base + off;
        switch (w) {
            case 1 -> {
                if (addr < 0 || addr >= memSize) {
                    throw new Unreadable(String.format("address 0x%08x", addr));
                }
                return mem.peekByte(addr);
            }
            case 2 -> {
                return (mem.peekByte(addr) | mem.peekByte(addr + 1) << 8) << 16 >> 16;
            }
            default -> {
                return word(addr);
            }
        }
    }

    private int constant(String name) {
        Integer v = value.get(name);
        if (v == null) {
            throw new Unreadable("libmpi's table has no " + name);
        }
        return v;
    }

    private String string(int addr) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            if (addr + i < 0 || addr + i >= memSize) {
                throw new Unreadable(String.format("address 0x%08x", addr + i));
            }
            int b = mem.peekByte(addr + i);
            if (b == 0) {
                return sb.toString();
            }
            sb.append((char) b);
        }
        throw new Unreadable("a name in libmpi's table is not terminated");
    }

    /** Reads the table from node 0's memory (the image is the same on every node). */
    private void readTable(int table) {
        use(0);
        for (int i = 0; i < MAX_ENTRIES; i++) {
            int entry = table + 12 * i;
            int name = word(entry);
            if (name == 0) {
                for (Map.Entry<String, Integer> e : value.entrySet()) {
                    if (e.getKey().startsWith("state.")) {
                        states.put(e.getValue(), e.getKey().substring(6));
                    } else if (e.getKey().startsWith("mode.")) {
                        modes.put(e.getValue(), e.getKey().substring(5));
                    }
                }
                return;
            }
            String n = string(name);
            value.put(n, word(entry + 4));
            width.put(n, word(entry + 8));
        }
        throw new Unreadable("libmpi's table does not end");
    }

    private void use(int node) {
        mem = machine.node(node).memory();
        memSize = mem.size();
    }

    // ---------------------------------------------------------------- the report

    private String describe() {
        List<String> ranks = new ArrayList<>();
        int protocol = -1;
        for (int node = 0; node < machine.nodeCount(); node++) {
            if (!machine.nodeBuilt(node)) {
                continue;
            }
            use(node);
            int comms = word(constant("comms"));     // the communicator table, indexed by handle
            int world = comms == 0 ? 0 : word(comms);
            if (world == 0 || field(world, "comm.used") == 0) {
                continue;   // this node never set up MPI
            }
            if (protocol < 0) {
                protocol = word(constant("protocol"));
            }
            List<String> lines = new ArrayList<>();
            try {
                describeNode(comms, lines);
            } catch (Unreadable e) {
                lines.add("(the rest is unreadable: " + e.getMessage() + ")");
            }
            String head = "  rank " + field(world, "comm.rank") + " (node " + node + ")";
            if (lines.isEmpty()) {
                ranks.add(head + ": nothing pending");
            } else {
                ranks.add(head + ":");
                lines.forEach(l -> ranks.add("    " + l));
            }
        }
        if (ranks.isEmpty()) {
            return "";
        }
        String family = protocol == constant("const.MPI_PROTO_THESIS") ? "thesis" : "ours";
        return "MPI state (libmpi, protocol family " + family + "), per rank of MPI_COMM_WORLD:\n"
                + String.join("\n", ranks);
    }

    private void describeNode(int comms, List<String> out) {
        int count = Math.min(word(constant("comms.cap")), MAX_COMMS);
        int recvs = value.getOrDefault("comm.recvs", 0);
        int sends = value.getOrDefault("comm.sends", 0);
        for (int c = 0; c < count; c++) {
            int comm = word(comms + 4 * c);
            if (comm == 0 || field(comm, "comm.used") == 0) {
                continue;
            }
            for (int q = 0; q < 2; q++) {
                String where = commName(c) + (q == constant("const.Q_COLL") ? " (collective traffic)" : "");
                int n = 0;
                for (int r = word(comm + recvs + 4 * q); r != 0; r = field(r, "request.next")) {
                    if (++n > MAX_LIST) {
                        out.add("... (list too long)");
                        break;
                    }
                    out.add("posted receive: source " + rank(field(r, "request.peer")) + ", tag "
                            + tag(field(r, "request.tag")) + ", " + where + ", " + field(r, "request.bytes")
                            + " bytes");
                }
                n = 0;
                for (int e = word(comm + sends + 4 * q); e != 0; e = field(e, "env.next")) {
                    if (++n > MAX_LIST) {
                        out.add("... (list too long)");
                        break;
                    }
                    out.add(envelope(e, comm, where));
                }
            }
        }
        int n = 0;
        for (String list : new String[] {"early", "limbo"}) {
            for (int e = word(constant(list)); e != 0; e = field(e, "env.next")) {
                if (++n > MAX_LIST) {
                    break;
                }
                out.add(envelope(e, 0, list.equals("early") ? "waiting for an earlier message of its sender"
                        : "for context " + (field(e, "env.context") >> 1) + ", not yet known here"));
            }
        }
        n = 0;
        for (int r = word(constant("active")); r != 0; r = field(r, "request.anext")) {
            if (++n > MAX_LIST) {
                out.add("... (list too long)");
                break;
            }
            int c = field(r, "request.comm");
            boolean coll = field(r, "request.q") == constant("const.Q_COLL");
            String where = commName(c) + (coll ? " (collective traffic)" : "");
            String state = states.getOrDefault(field(r, "request.state"), "state " + field(r, "request.state"));
            String mode = modes.getOrDefault(field(r, "request.mode"), "mode " + field(r, "request.mode"));
            out.add("pending send: dest " + field(r, "request.peer") + ", tag " + field(r, "request.tag") + ", "
                    + where + ", " + field(r, "request.bytes") + " bytes, " + mode + " mode, " + state);
        }
    }

    /** An announced message: source rank (in communicator comm, when known), tag, size and kind. */
    private String envelope(int e, int comm, String where) {
        int node = field(e, "env.src_node");
        String src = "node " + node;
        if (comm != 0) {
            int size = field(comm, "comm.size");
            int nodes = field(comm, "comm.nodes");
            for (int i = 0; i < size && i < MAX_LIST; i++) {
                if (word(nodes + 4 * i) == node) {
                    src = Integer.toString(i);
                    break;
                }
            }
        }
        boolean eager = field(e, "env.kind") == constant("const.ENV_EAGER");
        return (eager ? "unexpected message: source " : "announced message: source ") + src + ", tag "
                + field(e, "env.tag") + ", " + where + ", " + field(e, "env.bytes") + " bytes"
                + (eager ? " (eager, payload held here)" : " (rendezvous, payload still at the sender)");
    }

    private String commName(int c) {
        return switch (c) {
            case 0 -> "MPI_COMM_WORLD";
            case 1 -> "MPI_COMM_SELF";
            default -> "communicator " + c;
        };
    }

    private String rank(int r) {
        return r == constant("const.MPI_ANY_SOURCE") ? "MPI_ANY_SOURCE" : Integer.toString(r);
    }

    private String tag(int t) {
        return t == constant("const.MPI_ANY_TAG") ? "MPI_ANY_TAG" : Integer.toString(t);
    }
}
