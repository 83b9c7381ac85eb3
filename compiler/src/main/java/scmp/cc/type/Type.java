package scmp.cc.type;

import java.util.ArrayList;
import java.util.List;
import scmp.cc.ast.Var;

/**
 * A C type with the SCMP sizes and alignments of docs/abi.md (ILP32: int, long and pointers 4 bytes,
 * long long and double 8, long double = double, plain char signed). Struct and union types are created
 * incomplete and completed when their definition ends, so the same object is shared by every reference:
 * that is why this is a class with a few mutable fields rather than a record.
 */
public final class Type {
    /** Type categories. Integer kinds are in rank order (C99 6.3.1.1). */
    public enum Kind { VOID, BOOL, CHAR, SHORT, INT, LONG, LLONG, FLOAT, DOUBLE, LDOUBLE, ENUM, PTR, ARRAY, FUNC, STRUCT,
        UNION }

    public final Kind kind;
    public final boolean unsigned;
    public final boolean isConst;
    public final boolean isVolatile;
    /**
     * Pointed-to type, element type, or return type; for an enumeration, the integer type it is compatible
     * with (null: int), as gcc chooses it: unsigned int when no enumerator is negative.
     */
    public final Type base;
    /** Array length, -1 when unknown (incomplete array) or variable (see {@link #vlaSize}). */
    public final int arrayLen;
    /**
     * A variable-length array (C99 6.7.5.2): the compiler variable that holds its size in bytes, set when its
     * declaration is reached at run time; null for every other type. In a prototype ({@code int a[*]},
     * {@code int a[n]} in a declaration that is not a definition) the variable is never set.
     */
    public final Var vlaSize;
    /** {@code signed char}, which C counts as a type of its own beside plain {@code char} (6.2.5p15). */
    public final boolean signedChar;
    /** Function parameters (types already adjusted: arrays and functions become pointers). */
    public final List<Type> params;
    public final boolean variadic;
    /** False for {@code int f()}: no prototype, arguments get the default promotions. */
    public final boolean prototyped;
    /** The struct or union body; shared by every qualified copy of the type. */
    public final Aggregate agg;
    /** The typedef name this type was written with, for diagnostics ("size_t"), or null. */
    public final String typedefName;

    /** The members and layout of a struct or union, filled in when its definition closes. */
    public static final class Aggregate {
        public final String tag;
        public List<Member> members = new ArrayList<>();
        public int size = -1;
        public int align = 1;
        public boolean complete;
        public boolean flexible;
        /**
         * Laid out under {@code #pragma pack}: its members may sit at addresses below their alignment, and are
         * then read and written a byte at a time ({@code Expr.Member#unaligned}).
         */
        public boolean packed;
        /**
         * The translation unit takes the address of an object of this type (or of an array of them) that a
         * packed struct places below this type's alignment: its members, reached through a pointer, may then sit
         * below theirs too, and are read and written a byte at a time ({@code Expr#knownAlign}).
         */
        public boolean misplaced;
        /**
         * For the complex types (C99 6.2.5p11), laid out as a struct of two members of their real type (real part
         * first, docs/abi.md): that real type; null for every struct and union of the program.
         */
        public Type complexOf;

        public Aggregate(String tag) {
            this.tag = tag;
        }
    }

    /**
     * A struct or union member. Bit-fields have {@code bitWidth >= 0} and live in a storage unit of their
     * declared type at {@code offset}, starting at bit {@code bitOffset} (little-endian, from the LSB).
     */
    public record Member(String name, Type type, int offset, int bitOffset, int bitWidth) {
        public boolean isBitfield() {
            return bitWidth >= 0;
        }
    }

    private Type(Kind kind, boolean unsigned, boolean isConst, boolean isVolatile, Type base, int arrayLen,
                 List<Type> params, boolean variadic, boolean prototyped, Aggregate agg, String typedefName) {
        this(kind, unsigned, isConst, isVolatile, base, arrayLen, params, variadic, prototyped, agg, typedefName,
                null, false);
    }

    private Type(Kind kind, boolean unsigned, boolean isConst, boolean isVolatile, Type base, int arrayLen,
                 List<Type> params, boolean variadic, boolean prototyped, Aggregate agg, String typedefName,
                 Var vlaSize, boolean signedChar) {
        this.kind = kind;
        this.unsigned = unsigned;
        this.isConst = isConst;
        this.isVolatile = isVolatile;
        this.base = base;
        this.arrayLen = arrayLen;
        this.params = params;
        this.variadic = variadic;
        this.prototyped = prototyped;
        this.agg = agg;
        this.typedefName = typedefName;
        this.vlaSize = vlaSize;
        this.signedChar = signedChar;
    }

    private static Type basic(Kind k, boolean u) {
        return new Type(k, u, false, false, null, 0, null, false, false, null, null);
    }

    public static final Type VOID = basic(Kind.VOID, false);
    public static final Type BOOL = basic(Kind.BOOL, true);
    public static final Type CHAR = basic(Kind.CHAR, false);
    /** {@code signed char}: plain {@code char} in every respect but {@code _Generic}'s choice and its name. */
    public static final Type SCHAR = new Type(Kind.CHAR, false, false, false, null, 0, null, false, false, null, null,
            null, true);
    public static final Type UCHAR = basic(Kind.CHAR, true);
    public static final Type SHORT = basic(Kind.SHORT, false);
    public static final Type USHORT = basic(Kind.SHORT, true);
    public static final Type INT = basic(Kind.INT, false);
    public static final Type UINT = basic(Kind.INT, true);
    public static final Type LONG = basic(Kind.LONG, false);
    public static final Type ULONG = basic(Kind.LONG, true);
    public static final Type LLONG = basic(Kind.LLONG, false);
    public static final Type ULLONG = basic(Kind.LLONG, true);
    public static final Type FLOAT = basic(Kind.FLOAT, false);
    public static final Type DOUBLE = basic(Kind.DOUBLE, false);
    public static final Type LDOUBLE = basic(Kind.LDOUBLE, false);
    /** {@code float _Complex}, {@code double _Complex}, {@code long double _Complex}: see {@link #isComplex}. */
    public static final Type CFLOAT = complexType(FLOAT), CDOUBLE = complexType(DOUBLE), CLDOUBLE = complexType(LDOUBLE);

    private static Type complexType(Type real) {
        Aggregate a = new Aggregate(null);
        a.complexOf = real;
        a.members.add(new Member("__real__", real, 0, 0, -1));
        a.members.add(new Member("__imag__", real, real.size(), 0, -1));
        a.size = 2 * real.size();
        a.align = real.size();
        a.complete = true;
        return struct(a, false);
    }

    /** The complex type whose real type is {@code real} (float, double or long double). */
    public static Type complexOf(Type real) {
        return switch (real.kind) {
            case FLOAT -> CFLOAT;
            case LDOUBLE -> CLDOUBLE;
            default -> CDOUBLE;
        };
    }

    /**
     * Whether this is a complex type. Those are structs of two members of their real type to the code generator
     * (docs/abi.md), with an Aggregate of their own ({@code agg.complexOf}); the type checker gives them their
     * arithmetic.
     */
    public boolean isComplex() {
        return kind == Kind.STRUCT && agg != null && agg.complexOf != null;
    }

    /** The real type of a complex type; the type itself for a real one. */
    public Type realType() {
        return isComplex() ? agg.complexOf : this;
    }
    /**
     * The width of an unsigned {@code long long} bit-field's value of 33 to 63 bits, whose arithmetic gcc does at
     * that width (docs/compiler.md, "Types"); 0 for every other type, which copies of this one by
     * {@link #qualified} or {@link #named} become.
     */
    private int precision;

    /**
     * The type of the value of an unsigned {@code long long} bit-field of {@code bits} bits (33 to 63): an
     * {@code unsigned long long} whose arithmetic wraps at {@code bits} bits, as gcc's
     * {@code unsigned long long:bits} does.
     */
    public static Type unsignedBits(int bits) {
        Type t = basic(Kind.LLONG, true);
        t.precision = bits;
        return t;
    }

    /** The width of a type of {@link #unsignedBits}, or 0. */
    public int precision() {
        return precision;
    }

    /** The type of an enumeration: compatible with int (6.7.2.2; gcc uses unsigned int when no value is negative). */
    public static final Type ENUM = basic(Kind.ENUM, false);

    public static Type pointerTo(Type t) {
        return new Type(Kind.PTR, true, false, false, t, 0, null, false, false, null, null);
    }

    public static Type arrayOf(Type t, int len) {
        return new Type(Kind.ARRAY, false, false, false, t, len, null, false, false, null, null);
    }

    /** A variable-length array of {@code t} whose size in bytes {@code size} holds at run time. */
    public static Type variableArrayOf(Type t, Var size) {
        return new Type(Kind.ARRAY, false, false, false, t, -1, null, false, false, null, null, size, false);
    }

    /** An enumerated type named {@code name} ("enum e") compatible with {@code underlying}. */
    public static Type enumeration(String name, Type underlying) {
        return new Type(Kind.ENUM, false, false, false, underlying, 0, null, false, false, null, name);
    }

    public static Type function(Type ret, List<Type> params, boolean variadic, boolean prototyped) {
        return new Type(Kind.FUNC, false, false, false, ret, 0, List.copyOf(params), variadic, prototyped, null,
                null);
    }

    public static Type struct(Aggregate agg, boolean union) {
        return new Type(union ? Kind.UNION : Kind.STRUCT, false, false, false, null, 0, null, false, false, agg,
                null);
    }

    public Type qualified(boolean c, boolean v) {
        if (c == isConst && v == isVolatile) {
            return this;
        }
        return new Type(kind, unsigned, c, v, base, arrayLen, params, variadic, prototyped, agg, typedefName, vlaSize,
                signedChar);
    }

    public Type unqualified() {
        return qualified(false, false);
    }

    public Type named(String name) {
        return new Type(kind, unsigned, isConst, isVolatile, base, arrayLen, params, variadic, prototyped, agg, name,
                vlaSize, signedChar);
    }

    public Type withUnsigned(boolean u) {
        return new Type(kind, u, isConst, isVolatile, base, arrayLen, params, variadic, prototyped, agg, null,
                vlaSize, signedChar && !u);
    }

    public Type withArrayLen(int len) {
        return new Type(kind, unsigned, isConst, isVolatile, base, len, params, variadic, prototyped, agg,
                typedefName, null, false);
    }

    // ----------------------------------------------------------------------------------------- queries

    public boolean isInteger() {
        return switch (kind) {
            case BOOL, CHAR, SHORT, INT, LONG, LLONG, ENUM -> true;
            default -> false;
        };
    }

    public boolean isFloating() {
        return kind == Kind.FLOAT || kind == Kind.DOUBLE || kind == Kind.LDOUBLE;
    }

    public boolean isArithmetic() {
        return isInteger() || isFloating();
    }

    public boolean isScalar() {
        return isArithmetic() || kind == Kind.PTR;
    }

    public boolean isPointer() {
        return kind == Kind.PTR;
    }

    public boolean isArray() {
        return kind == Kind.ARRAY;
    }

    /** Whether this is a variable-length array type, whose size is known only at run time. */
    public boolean isVla() {
        return vlaSize != null;
    }

    /** Whether this type is variably modified (6.7.5p3): a variable-length array or derived from one. */
    public boolean isVariablyModified() {
        if (isVla()) {
            return true;
        }
        return (kind == Kind.PTR || kind == Kind.ARRAY) && base.isVariablyModified();
    }

    /** For an enumeration, whether gcc makes it unsigned: none of its values is negative. */
    public boolean isUnsignedEnum() {
        return kind == Kind.ENUM && base != null && base.unsigned;
    }

    public boolean isFunction() {
        return kind == Kind.FUNC;
    }

    public boolean isAggregate() {
        return kind == Kind.STRUCT || kind == Kind.UNION;
    }

    public boolean isVoid() {
        return kind == Kind.VOID;
    }

    /** 64-bit integer: long long, signed or unsigned. */
    public boolean isLong64() {
        return kind == Kind.LLONG;
    }

    /** Whether a value of this type is held in FP registers. */
    public boolean isFp() {
        return isFloating();
    }

    public boolean isComplete() {
        if (kind == Kind.VOID || kind == Kind.FUNC) {
            return false;
        }
        if (kind == Kind.ARRAY) {
            return (arrayLen >= 0 || isVla()) && base.isComplete();
        }
        if (isAggregate()) {
            return agg.complete;
        }
        return true;
    }

    /** Whether this type is unsigned (pointers count as unsigned for comparisons). */
    public boolean isUnsigned() {
        return unsigned || kind == Kind.PTR;
    }

    public int size() {
        return switch (kind) {
            case VOID, BOOL, CHAR -> 1;
            case SHORT -> 2;
            case INT, LONG, ENUM, PTR, FLOAT -> 4;
            case LLONG, DOUBLE, LDOUBLE -> 8;
            // A variable-length array's size is in its vlaSize variable at run time.
            case ARRAY -> arrayLen < 0 ? 0 : arrayLen * base.size();
            case FUNC -> 1;
            case STRUCT, UNION -> Math.max(agg.size, 0);
        };
    }

    public int align() {
        return switch (kind) {
            case ARRAY -> base.align();
            case STRUCT, UNION -> agg.align;
            case FUNC -> 4;
            default -> size();
        };
    }

    /** Integer conversion rank (6.3.1.1); enum and int share a rank. */
    public int rank() {
        return switch (kind) {
            case BOOL -> 0;
            case CHAR -> 1;
            case SHORT -> 2;
            case INT, ENUM -> 3;
            case LONG -> 4;
            case LLONG -> 5;
            default -> 6;
        };
    }

    /** Type compatibility (6.2.7), ignoring top-level qualifiers, as assignment and redeclaration need it. */
    public boolean compatible(Type o) {
        if (this == o) {
            return true;
        }
        Kind a = kind == Kind.ENUM ? Kind.INT : kind, b = o.kind == Kind.ENUM ? Kind.INT : o.kind;
        if (a != b) {
            return false;
        }
        switch (a) {
            case PTR:
                return base.compatible(o.base) && base.isConst == o.base.isConst
                        || base.isVoid() && o.base.isVoid();
            case ARRAY:
                return base.compatible(o.base) && (arrayLen < 0 || o.arrayLen < 0 || arrayLen == o.arrayLen);
            case FUNC:
                if (!base.compatible(o.base)) {
                    return false;
                }
                if (!prototyped || !o.prototyped) {
                    return true;
                }
                if (params.size() != o.params.size() || variadic != o.variadic) {
                    return false;
                }
                for (int i = 0; i < params.size(); i++) {
                    if (!params.get(i).compatible(o.params.get(i))) {
                        return false;
                    }
                }
                return true;
            case STRUCT, UNION:
                return agg == o.agg;
            default:
                return unsigned == o.unsigned || kind == Kind.ENUM || o.kind == Kind.ENUM;
        }
    }

    /**
     * The member called {@code name}, looked up through anonymous struct and union members too (C11 6.7.2.1p13):
     * one of those is returned with its offset from the start of this type. Null if there is none.
     */
    public Member member(String name) {
        if (agg == null) {
            return null;
        }
        for (Member m : agg.members) {
            if (name.equals(m.name())) {
                return m;
            }
        }
        for (Member m : agg.members) {
            if (m.name() == null && m.type().isAggregate()) {
                Member inner = m.type().member(name);
                if (inner != null) {
                    return new Member(inner.name(), inner.type(), m.offset() + inner.offset(), inner.bitOffset(),
                            inner.bitWidth());
                }
            }
        }
        return null;
    }

    /** The type as gcc spells it in diagnostics: {@code int}, {@code char *}, {@code struct s}, {@code int[3]}. */
    @Override
    public String toString() {
        return spell("");
    }

    private String quals() {
        return (isConst ? "const " : "") + (isVolatile ? "volatile " : "");
    }

    private String spell(String inner) {
        if (typedefName != null) {
            return quals() + typedefName + (inner.isEmpty() ? "" : " " + inner);
        }
        switch (kind) {
            case PTR: {
                String q = (isConst ? " const" : "") + (isVolatile ? " volatile" : "");
                String in = "*" + q.trim() + inner;
                if (base.kind == Kind.ARRAY || base.kind == Kind.FUNC) {
                    return base.spell("(" + in + ")");
                }
                return base.spell(in);
            }
            case ARRAY:
                return base.spell(inner + "[" + (arrayLen >= 0 ? arrayLen : isVla() ? "*" : "") + "]");
            case FUNC: {
                StringBuilder sb = new StringBuilder(inner).append('(');
                for (int i = 0; i < params.size(); i++) {
                    sb.append(i > 0 ? ", " : "").append(params.get(i));
                }
                if (variadic) {
                    sb.append(params.isEmpty() ? "..." : ", ...");
                } else if (params.isEmpty() && prototyped) {
                    sb.append("void");
                }
                return base.spell(sb.append(')').toString());
            }
            default: {
                String name = switch (kind) {
                    case VOID -> "void";
                    case BOOL -> "_Bool";
                    case CHAR -> unsigned ? "unsigned char" : signedChar ? "signed char" : "char";
                    case SHORT -> unsigned ? "short unsigned int" : "short int";
                    case INT -> unsigned ? "unsigned int" : "int";
                    case LONG -> unsigned ? "long unsigned int" : "long int";
                    case LLONG -> unsigned ? "long long unsigned int" : "long long int";
                    case FLOAT -> "float";
                    case DOUBLE -> "double";
                    case LDOUBLE -> "long double";
                    case ENUM -> "enum";
                    case STRUCT -> agg.complexOf != null ? "complex " + agg.complexOf : "struct " + (agg.tag != null ? agg.tag : "<anonymous>");
                    case UNION -> "union " + (agg.tag != null ? agg.tag : "<anonymous>");
                    default -> kind.name();
                };
                String s = quals() + name;
                return inner.isEmpty() ? s : s + (inner.startsWith("[") || inner.startsWith("(") && !inner.startsWith("(*")
                        ? "" : " ") + inner;
            }
        }
    }
}
