/**
 * The SCMP assembler, {@code scmpas}: assembly source to ELF relocatable objects.
 *
 * <p>{@link scmp.asm.Assembler#assemble(String, String)} is the entry point for programs (the C compiler
 * calls it on its own output); the command line is {@code scmp.cli.AsmMain} in the cli module. The grammar
 * is {@code src/main/antlr4/scmp/asm/Asm.g4}; the language is documented in docs/assembler.md. Everything
 * about instructions (mnemonics, operand syntax, encodings, pseudo-instruction expansions, relocation types)
 * comes from the declaration in {@code scmp.isa}, so that adding an instruction there needs no change here.
 */
package scmp.asm;
