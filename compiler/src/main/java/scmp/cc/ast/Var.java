package scmp.cc.ast;

import java.util.ArrayList;
import java.util.List;
import scmp.cc.lex.Token;
import scmp.cc.type.Type;

/**
 * A named object or function: a global, a static or automatic local, a parameter, a compiler temporary, or
 * an anonymous constant such as a string literal. Code generation fills in where it lives (a frame offset or
 * a register), which is why this one AST class is mutable.
 */
public final class Var {
    /** Where the object lives. */
    public enum Storage { GLOBAL, STATIC_LOCAL, LOCAL, PARAM }

    public final String name;
    public Type type;
    public final Storage storage;
    public final Token pos;
    /** The assembly symbol: the name for globals, a unique label for statics and literals. */
    public String symbol;
    /** External linkage (not static). */
    public boolean external;
    /** Defined in this translation unit (function body, or an object definition including tentative ones). */
    public boolean defined;
    /** Only declared with extern (or a function prototype): no storage emitted. */
    public boolean isExtern;
    public boolean isInline;
    /** Whether the address is taken: such a local must live in memory. */
    public boolean addressTaken;
    /** The alignment {@code _Alignas} asks for (0: the type's); a local's is at most the stack's 8. */
    public int align;
    /** Static initial value of a global or static local: bytes plus relocations. */
    public InitData init;
    /** A read-only anonymous object such as a string literal, placed in .rodata. */
    public boolean readOnly;
    /**
     * A static compound literal (file scope or a static initializer): its initial value may initialize another
     * static object, as gcc allows ({@code struct p g = (struct p){1, 2};}).
     */
    public boolean compoundLiteral;
    /** Used anywhere (so an unused static function or extern need not be emitted). */
    public boolean used;
    /** Code generation: frame offset from fp (locals, params homed in memory). */
    public int offset;
    /** Code generation: the register holding this variable at -O1, or -1. */
    public int reg = -1;

    public Var(String name, Type type, Storage storage, Token pos) {
        this.name = name;
        this.type = type;
        this.storage = storage;
        this.pos = pos;
        this.symbol = name;
    }

    public boolean isLocal() {
        return storage == Storage.LOCAL || storage == Storage.PARAM;
    }

    public boolean isFunction() {
        return type.isFunction();
    }

    /** The static contents of an object: its bytes and the relocations to apply (addresses of other symbols). */
    public static final class InitData {
        public final byte[] bytes;
        public final List<Reloc> relocs = new ArrayList<>();

        public InitData(int size) {
            bytes = new byte[size];
        }
    }

    /** A word at {@code offset} holding the address {@code symbol + addend}. */
    public record Reloc(int offset, String symbol, long addend) {
    }

    @Override
    public String toString() {
        return name;
    }
}
