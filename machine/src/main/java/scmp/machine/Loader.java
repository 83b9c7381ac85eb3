package scmp.machine;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
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
 * and each context's stack guard unmapped, and the argument area in the top 4 KiB of every node: the {@code argv}
 * and {@code envp} vectors and their strings, with libc's {@code environ} pointing at {@code envp}.
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
     * @param environ    the address of the word {@code environ} (libc's environment pointer), or 0 when the
     *                   program does not define it as a word of writable data
     */
    public record Program(Executable executable, DecodedText text, int entry, int threadExit,
                          List<PlacedSection> sections, int environ) {
    }

    /** The name of the C library's environment pointer, which the loader sets in every node. */
    public static final String ENVIRON_SYMBOL = "environ";

    /**
     * The contents of the argument area, the same on every node: at its base the {@code argv} vector
     * ({@code argc + 1} pointers, the last 0), then the {@code envp} vector (one pointer per variable, then 0),
     * then the NUL-terminated UTF-8 strings.
     *
     * @param base  the address of the area (the top {@link Abi#ARG_AREA} bytes of memory)
     * @param image the bytes from {@code base} on
     * @param argc  the argument count
     * @param argv  the address of {@code argv}
     * @param envp  the address of {@code envp}
     */
    public record ArgumentArea(int base, byte[] image, int argc, int argv, int envp) {
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
    public static Program prepare(Executable exe, RunConfig cfg) throws LoadException {
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
        return new Program(exe, decoded, exe.entry(), threadExit, List.copyOf(alloc), environWord(exe, alloc));
    }

    /** The address of {@code environ} when it is an aligned word inside a writable data section, else 0. */
    private static int environWord(Executable exe, List<PlacedSection> alloc) {
        Long v = exe.symbolValue(ENVIRON_SYMBOL);
        if (v == null || (v & 3) != 0) {
            return 0;
        }
        long a = v & 0xFFFFFFFFL;
        for (PlacedSection s : alloc) {
            long start = s.address() & 0xFFFFFFFFL;
            if (!s.isExec() && a >= start && a + 4 <= start + s.size()) {
                return (int) a;
            }
        }
        return 0;
    }

    /**
     * Creates and fills the memory of one node: sections, text protection and guards, the argument area, and
     * {@code environ} set to the area's {@code envp}.
     *
     * @param p    the program
     * @param cfg  the machine configuration
     * @param area the argument area ({@link #argumentArea})
     * @return the node's memory
     */
    public static Memory loadNode(Program p, RunConfig cfg, ArgumentArea area) {
        Memory mem = loadNode(p, cfg);
        mem.load(area.base(), area.image());
        if (p.environ() != 0) {
            mem.poke(p.environ(), area.envp());
        }
        return mem;
    }

    /**
     * Creates and fills the memory of one node: sections, text protection and guards (no argument area).
     *
     * @param p   the program
     * @param cfg the machine configuration
     * @return the node's memory
     */
    public static Memory loadNode(Program p, RunConfig cfg) {
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
     * Lays out the argument area of a memory of {@code memSize} bytes: the {@code argv} pointers ({@code argv[argc]}
     * is 0), the {@code envp} pointers (the last is 0), then the NUL-terminated UTF-8 strings, arguments first.
     *
     * @param memSize the node's memory size
     * @param argv    the arguments, {@code argv[0]} the program name
     * @param env     the environment, {@code NAME=VALUE} strings
     * @return the area
     * @throws LoadException when the arguments and environment do not fit in the {@link Abi#ARG_AREA}-byte area
     */
    public static ArgumentArea argumentArea(int memSize, List<String> argv, List<String> env) throws LoadException {
        int base = memSize - Abi.ARG_AREA;
        int vectors = 4 * (argv.size() + 1 + env.size() + 1);
        List<byte[]> encoded = new ArrayList<>();
        int size = vectors;
        for (String a : argv) {
            byte[] b = a.getBytes(StandardCharsets.UTF_8);
            encoded.add(b);
            size += b.length + 1;
        }
        for (String e : env) {
            byte[] b = e.getBytes(StandardCharsets.UTF_8);
            encoded.add(b);
            size += b.length + 1;
        }
        if (size > Abi.ARG_AREA) {
            throw new LoadException("the program's arguments" + (env.isEmpty() ? "" : " and environment") + " take "
                    + size + " bytes, more than the " + Abi.ARG_AREA + "-byte argument area");
        }
        ByteBuffer img = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        int at = base + vectors;
        for (int i = 0; i < encoded.size(); i++) {
            if (i == argv.size()) {
                img.putInt(0);   // argv[argc]
            }
            img.putInt(at);
            at += encoded.get(i).length + 1;
        }
        if (encoded.size() == argv.size()) {
            img.putInt(0);
        }
        img.putInt(0);   // the end of envp
        for (byte[] b : encoded) {
            img.put(b).put((byte) 0);
        }
        return new ArgumentArea(base, img.array(), argv.size(), base, base + 4 * (argv.size() + 1));
    }
}
