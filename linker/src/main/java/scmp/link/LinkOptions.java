package scmp.link;

import java.util.Objects;
import scmp.elf.MachineKind;
import scmp.isa.Abi;

/**
 * Options of one link.
 *
 * @param textBase the address of the output {@code .text} section, {@link Abi#TEXT_BASE} by default
 *                 ({@code scmpld -Ttext}); it must lie at or above the null guard and be a multiple of the
 *                 alignment of {@code .text}
 * @param entry    the entry symbol, {@code _start} by default ({@code scmpld -e}); when no symbol of that name
 *                 is defined and the text is a number ({@code 0x1000}, {@code 4096}), that number is the entry
 *                 address
 * @param memSize  the local memory size of a node in bytes, {@link Abi#DEFAULT_MEM_SIZE} by default; the
 *                 image must end below the stacks of a node of this size with the default number of contexts
 *                 and stack size
 * @param machine  the machine model the program is for, or null (the default) for the one its objects are for,
 *                 SCMP when none names one; an object for another model is an error
 */
public record LinkOptions(int textBase, String entry, int memSize, MachineKind machine) {

    /** The entry symbol used when none is given. */
    public static final String DEFAULT_ENTRY = "_start";

    /**
     * Checks that the entry is present.
     *
     * @throws NullPointerException when {@code entry} is null
     */
    public LinkOptions {
        Objects.requireNonNull(entry, "entry");
    }

    /**
     * Returns the default options: text at {@link Abi#TEXT_BASE}, entry {@code _start}, memory
     * {@link Abi#DEFAULT_MEM_SIZE}, the machine model of the objects.
     *
     * @return the default options
     */
    public static LinkOptions defaults() {
        return new LinkOptions(Abi.TEXT_BASE, DEFAULT_ENTRY, Abi.DEFAULT_MEM_SIZE, null);
    }

    /**
     * Returns a copy with another text base.
     *
     * @param address the new address of {@code .text}
     * @return the changed options
     */
    public LinkOptions withTextBase(int address) {
        return new LinkOptions(address, entry, memSize, machine);
    }

    /**
     * Returns a copy with another entry symbol.
     *
     * @param symbol the new entry symbol (or address)
     * @return the changed options
     */
    public LinkOptions withEntry(String symbol) {
        return new LinkOptions(textBase, symbol, memSize, machine);
    }

    /**
     * Returns a copy with another memory size for the fit check.
     *
     * @param bytes the node's memory size in bytes
     * @return the changed options
     */
    public LinkOptions withMemSize(int bytes) {
        return new LinkOptions(textBase, entry, bytes, machine);
    }

    /**
     * Returns a copy for a machine model.
     *
     * @param model the model the program must be for, or null for the one its objects are for
     * @return the changed options
     */
    public LinkOptions withMachine(MachineKind model) {
        return new LinkOptions(textBase, entry, memSize, model);
    }
}
