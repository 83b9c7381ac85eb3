package scmp.cc.type;

import java.util.ArrayList;
import java.util.List;

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
    /** Pointed-to type, element type, or return type. */
    public final Type base;
    /** Array length, -1 when unknown (incomplete array). */
    public final int arrayLen;
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
    }

    private static Type basic(Kind k, boolean u) {
        return new Type(k, u, false, false, null, 0, null, false, false, null, null);
    }

    public static final Type VOID = basic(Kind.VOID, false);
    public static final Type BOOL = basic(Kind.BOOL, true);
    public static final Type CHAR = basic(Kind.CHAR, false);
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
    /** The type of an enumeration: compatible with int (6.7.2.2; gcc uses unsigned int when no value is negative). */
    public static final Type ENUM = basic(Kind.ENUM, false);

    public static Type pointerTo(Type t) {
        return new Type(Kind.PTR, true, false, false, t, 0, null, false, false, null, null);
    }

    public static Type arrayOf(Type t, int len) {
        return new Type(Kind.ARRAY, false, false, false, t, len, null, false, false, null, null);
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
        return new Type(kind, unsigned, c, v, base, arrayLen, params, variadic, prototyped, agg, typedefName);
    }

    public Type unqualified() {
        return qualified(false, false);
    }

    public Type named(String name) {
        return new Type(kind, unsigned, isConst, isVolatile, base, arrayLen, params, variadic, prototyped, agg, name);
    }

    public Type withUnsigned(boolean u) {
        return new Type(kind, u, isConst, isVolatile, base, arrayLen, params, variadic, prototyped, agg, null);
    }

    public Type withArrayLen(int len) {
        return new Type(kind, unsigned, isConst, isVolatile, base, len, params, variadic, prototyped, agg,
                typedefName);
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
            return arrayLen >= 0 && base.isComplete();
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

    public Member member(String name) {
        if (agg == null) {
            return null;
        }
        for (Member m : agg.members) {
            if (name.equals(m.name())) {
                return m;
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
                return base.spell(inner + "[" + (arrayLen >= 0 ? arrayLen : "") + "]");
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
                    case CHAR -> unsigned ? "unsigned char" : "char";
                    case SHORT -> unsigned ? "short unsigned int" : "short int";
                    case INT -> unsigned ? "unsigned int" : "int";
                    case LONG -> unsigned ? "long unsigned int" : "long int";
                    case LLONG -> unsigned ? "long long unsigned int" : "long long int";
                    case FLOAT -> "float";
                    case DOUBLE -> "double";
                    case LDOUBLE -> "long double";
                    case ENUM -> "enum";
                    case STRUCT -> "struct " + (agg.tag != null ? agg.tag : "<anonymous>");
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
