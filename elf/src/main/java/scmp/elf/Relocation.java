package scmp.elf;

import scmp.isa.RelocType;

/**
 * A relocation: patch the word at {@code offset} of its section with {@code symbol}'s address plus
 * {@code addend}, as {@code type} says.
 *
 * @param symbol the name of the symbol (for a reference to a local label the assembler may use a section
 *               symbol: the section's name with {@link Symbol.Type#SECTION})
 */
public record Relocation(int offset, RelocType type, String symbol, int addend) {
}
