package scmp.machine;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import scmp.cpu.DecodedText;
import scmp.cpu.Memory;
import scmp.elf.Executable;
import scmp.elf.Executable.PlacedSection;
import scmp.isa.Abi;

/**
 * Puts an executable into the nodes' memories, following docs/abi.md: every allocated section at its address
 * in every node (NOBITS sections zeroed), the text read-only and pre-decoded once for all nodes, the null guard
 * and each context's stack guard unmapped, and node 0's argument area ({@code argv} pointers and strings in
 * the top 4 KiB).
 */
public final class Loader {
    private Loader() {
    }

    /** Thrown when an executable cannot run in the configured machine; the message is one line. */
    public static final class LoadException extends Exception {
        private static final long serialVersionUID = 1L;

        /**
         * Creates the exception.
         *
         * @param message the one-line reason
         */
        public LoadException(String message) {
            super(message);
        }
    }

    /**
     * A checked executable, ready to be loaded into nodes.
     *
     * @param executable the executable
     * @param text       the decoded text, shared by all nodes
     * @param entry      the entry point
     * @param threadExit the address of {@code __thread_exit}, or 0 when the program does not define it
     * @param sections   the allocated sections, by address
     */
    public record Program(Executable executable, DecodedText text, int entry, int threadExit,
                          List<PlacedSection> sections) {
    }

    /**
     * Checks that an executable fits the configured memory layout and decodes its text.
     *
     * @param exe the executable
     * @param cfg the machine configuration
     * @return the program
     * @throws LoadException when a section falls outside the usable memory, sections overlap, the text is
     *                       missing or misplaced, or the entry point is not in the text
     */
    public static Program prepare(Executable exe, MachineConfig cfg) throws LoadException {
        int heapEnd = Abi.heapEnd(cfg.memSize(), cfg.stackSize(), cfg.contexts());
        List<PlacedSection> alloc = new ArrayList<>();
        for (PlacedSection s : exe.sections()) {
            if (s.isAlloc() && s.size() > 0) {
                alloc.add(s);
            }
        }
        alloc.sort(Comparator.comparingLong(s -> s.address() & 0xFFFFFFFFL));
        if (alloc.isEmpty()) {
            throw new LoadException("the program has no loadable sections");
        }
        PlacedSection prev = null;
        for (PlacedSection s : alloc) {
            long start = s.address() & 0xFFFFFFFFL;
            long end = start + s.size();
            if (start < Abi.NULL_GUARD) {
                throw new LoadException(String.format("section %s at 0x%x lies in the null guard below 0x%x",
                        s.name(), start, Abi.NULL_GUARD));
            }
            if (end > heapEnd) {
                throw new LoadException(String.format("section %s (0x%x..0x%x) does not fit below the stacks at 0x%x;"
                        + " use a larger --mem or a smaller --stack or --contexts", s.name(), start, end, heapEnd));
            }
            if (!s.isNobits() && s.data().length > s.size()) {
                throw new LoadException("section " + s.name() + " has more bytes than its size");
            }
            if (prev != null && start < (prev.address() & 0xFFFFFFFFL) + prev.size()) {
                throw new LoadException("sections " + prev.name() + " and " + s.name() + " overlap");
            }
            prev = s;
        }
        int textStart = -1;
        int textEnd = -1;
        for (PlacedSection s : alloc) {
            if (s.isExec()) {
                if (textStart < 0) {
                    textStart = s.address();
                }
                textEnd = s.address() + s.size();
            }
        }
        if (textStart < 0) {
            throw new LoadException("the program has no executable section (.text)");
        }
        if ((textStart & 3) != 0) {
            throw new LoadException(String.format("the text at 0x%x is not word-aligned", textStart));
        }
        byte[] text = new byte[textEnd - textStart];
        for (PlacedSection s : alloc) {
            if (s.address() >= textStart && s.address() < textEnd) {
                if (!s.isExec()) {
                    throw new LoadException("section " + s.name() + " lies between executable sections");
                }
                if (!s.isNobits()) {
                    System.arraycopy(s.data(), 0, text, s.address() - textStart, s.data().length);
                }
            }
        }
        DecodedText decoded = DecodedText.decode(textStart, text);
        if (!decoded.contains(exe.entry())) {
            throw new LoadException(String.format("the entry point 0x%x is not an instruction of the text", exe.entry()));
        }
        Long te = exe.symbolValue(Abi.THREAD_EXIT_SYMBOL);
        int threadExit = te == null ? 0 : (int) (long) te;
        return new Program(exe, decoded, exe.entry(), threadExit, List.copyOf(alloc));
    }

    /**
     * Creates and fills the memory of one node: sections, text protection and guards.
     *
     * @param p   the program
     * @param cfg the machine configuration
     * @return the node's memory
     */
    public static Memory loadNode(Program p, MachineConfig cfg) {
        Memory mem = new Memory(cfg.memSize());
        for (PlacedSection s : p.sections()) {
            if (s.isNobits()) {
                mem.zero(s.address(), s.size());
            } else {
                mem.load(s.address(), s.data());
            }
        }
        mem.mapNullGuard(0, Abi.NULL_GUARD);
        mem.mapText(p.text().base(), p.text().end());
        for (int c = 0; c < cfg.contexts(); c++) {
            int bottom = Abi.stackTop(cfg.memSize(), cfg.stackSize(), c) - cfg.stackSize();
            mem.mapStackGuard(bottom, Abi.STACK_GUARD, c);
        }
        return mem;
    }

    /**
     * Writes the argument vector into the argument area at the top of a node's memory: {@code argc + 1}
     * pointers ({@code argv[argc]} is 0) followed by the NUL-terminated UTF-8 strings.
     *
     * @param mem  the node's memory
     * @param argv the arguments, {@code argv[0]} the program name
     * @return the address of {@code argv}
     * @throws LoadException when the arguments do not fit in the {@link Abi#ARG_AREA}-byte area
     */
    public static int writeArguments(Memory mem, List<String> argv) throws LoadException {
        int base = mem.size() - Abi.ARG_AREA;
        int strings = base + 4 * (argv.size() + 1);
        int at = strings;
        List<byte[]> encoded = new ArrayList<>();
        for (String a : argv) {
            byte[] b = a.getBytes(StandardCharsets.UTF_8);
            encoded.add(b);
            at += b.length + 1;
        }
        if (at - base > Abi.ARG_AREA) {
            throw new LoadException("the program's arguments take " + (at - base) + " bytes, more than the "
                    + Abi.ARG_AREA + "-byte argument area");
        }
        at = strings;
        for (int i = 0; i < encoded.size(); i++) {
            mem.poke(base + 4 * i, at);
            byte[] b = encoded.get(i);
            byte[] z = new byte[b.length + 1];
            System.arraycopy(b, 0, z, 0, b.length);
            mem.load(at, z);
            at += z.length;
        }
        mem.poke(base + 4 * argv.size(), 0);
        return base;
    }
}
