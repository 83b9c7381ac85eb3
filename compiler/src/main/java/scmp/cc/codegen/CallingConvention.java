package scmp.cc.codegen;

import java.util.ArrayList;
import java.util.List;
import scmp.cc.type.Type;

/**
 * Where each argument of a call goes, per docs/abi.md "Calling convention": integer-class values in a0..a7,
 * long long in two consecutive registers (or, if only one is left, on the stack with that register left
 * unused), double and float in fa0..fa7, the rest on the stack aligned to their size, and every unnamed
 * argument of a variadic call on the stack after the named ones. Structs travel by reference (the caller's
 * copy), and a struct result's address is a hidden first argument. Caller and callee both use this class, so
 * they cannot disagree.
 */
final class CallingConvention {
    private CallingConvention() {
    }

    /** How an argument is passed. */
    enum Kind { INT_REG, INT_PAIR, FP_REG, STACK }

    /**
     * One argument's place: a register number (a0 = 0, fa0 = 0) or a stack offset from sp at the call
     * (fp in the callee), and the size of its stack slot.
     */
    record Place(Kind kind, int reg, int stackOffset, int slotSize) {
    }

    /** The places of all arguments and the bytes of stack they use. */
    record Layout(List<Place> places, int stackBytes, int namedStackBytes) {
    }

    /** Whether a value of this type is passed in the integer class (structs by reference count too). */
    static boolean intClass(Type t) {
        return !t.isFloating() && !t.isLong64();
    }

    /**
     * Lays out {@code args} (already promoted); the first {@code named} are named parameters. A struct
     * result adds a hidden pointer first; pass it in {@code args} yourself as a pointer type.
     */
    static Layout layout(List<Type> args, int named) {
        List<Place> out = new ArrayList<>();
        int nextInt = 0, nextFp = 0, stack = 0;
        int namedStack = 0;
        for (int i = 0; i < args.size(); i++) {
            Type t = args.get(i);
            boolean isNamed = i < named;
            int size = t.isLong64() || t.isFloating() ? 8 : 4;
            if (isNamed) {
                if (t.isFloating() && nextFp < 8) {
                    out.add(new Place(Kind.FP_REG, nextFp++, 0, 0));
                    continue;
                }
                if (t.isLong64()) {
                    if (nextInt <= 6) {
                        out.add(new Place(Kind.INT_PAIR, nextInt, 0, 0));
                        nextInt += 2;
                        continue;
                    }
                    nextInt = 8;
                } else if (!t.isFloating() && nextInt < 8) {
                    out.add(new Place(Kind.INT_REG, nextInt++, 0, 0));
                    continue;
                }
            }
            stack = (stack + size - 1) / size * size;
            out.add(new Place(Kind.STACK, 0, stack, size));
            stack += size;
            if (isNamed) {
                namedStack = stack;
            }
        }
        return new Layout(out, stack, namedStack);
    }
}
