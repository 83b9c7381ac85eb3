package scmp.asm;

import scmp.elf.Symbol;

/**
 * The assembler's view of one symbol while a file is assembled. It is mutable because a symbol's facts
 * arrive in any order: {@code .globl} may come before or after the label, {@code .type} and {@code .size}
 * after it, and a forward reference creates the entry before anything is known.
 */
final class SymEntry {
    enum Kind {
        /** Referenced or declared, not (yet) defined. */
        UNDEFINED,
        /** A label: an offset in a section. */
        LABEL,
        /** Defined by .equ/.set/=: a constant, or a label plus a constant. */
        EQU,
        /** The section symbol of a section; {@code .} is relative to it. */
        SECTION,
        /** A common symbol (.comm). */
        COMMON
    }

    final String name;
    Kind kind = Kind.UNDEFINED;
    /** The defining section's name (LABEL, SECTION). */
    String section;
    /** Offset in {@link #section} (LABEL). */
    long offset;
    /** The value of an EQU symbol. */
    Value value;
    /** Where the symbol was defined, for duplicate-definition messages. */
    Pos defPos;
    /** GLOBAL or WEAK when declared so; LOCAL when declared with .local; null when not declared. */
    Symbol.Binding binding;
    Symbol.Type type = Symbol.Type.NOTYPE;
    long size;
    long commonSize;
    long commonAlign;
    /** Whether a relocation names this symbol (so an undefined one must be in the symbol table). */
    boolean referenced;
    /** Where the first relocation naming this symbol came from, for "never defined" messages. */
    Pos firstReference;

    SymEntry(String name) {
        this.name = name;
    }

    boolean isDefined() {
        return kind != Kind.UNDEFINED;
    }

    boolean isGlobal() {
        return binding == Symbol.Binding.GLOBAL || binding == Symbol.Binding.WEAK;
    }

    boolean isWeak() {
        return binding == Symbol.Binding.WEAK;
    }

    /** Whether this is a label or section symbol placed in a section, so its offset is known here. */
    boolean isPlaced() {
        return kind == Kind.LABEL || kind == Kind.SECTION;
    }

    /** The offset within its section of a placed symbol (0 for a section symbol). */
    long placedOffset() {
        return kind == Kind.LABEL ? offset : 0;
    }
}
