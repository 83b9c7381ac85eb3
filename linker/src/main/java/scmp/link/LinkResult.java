package scmp.link;

import scmp.elf.Executable;

/**
 * The outcome of a successful link.
 *
 * @param executable the linked program: the entry address, the output sections placed at their addresses,
 *                   and the symbol table with absolute addresses
 * @param map        the link map text, as {@code scmpld -Map} writes it (docs/linker.md describes the format)
 */
public record LinkResult(Executable executable, String map) {
}
