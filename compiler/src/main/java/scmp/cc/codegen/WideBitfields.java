package scmp.cc.codegen;

import java.util.ArrayList;
import java.util.List;
import scmp.cc.type.Type;

/**
 * Bit-fields that one 32-bit access cannot reach (docs/compiler.md, "Bit-fields"): those of type
 * {@code long long} (a 64-bit storage unit, the value in a0:a1) and those of packed structs that spread over more
 * than 4 bytes. Such a field is read and written piece by piece: each piece is one aligned word of its storage
 * unit or, in a packed struct, up to 4 bytes taken a byte at a time; the field's bits in each piece are merged
 * into (or taken from) the value at their place. Registers: the struct's address in a6, a4, a5 and a7 as scratch.
 */
final class WideBitfields extends Emitter {
    WideBitfields(CodeGen g) {
        super(g);
    }

    /** Whether member {@code m} (unaligned: of a packed struct, read a byte at a time) needs this class. */
    static boolean isWide(Type.Member m, boolean unaligned) {
        return m.type().size() == 8 || unaligned && m.bitOffset() + m.bitWidth() > 32;
    }

    /**
     * One piece of a field: {@code bytes} bytes at {@code off} from the struct, the field's {@code k} bits from bit
     * {@code p} of the piece, which are bits {@code vs} and up of the value.
     */
    private record Piece(int off, int bytes, int p, int k, int vs) {
    }

    private static List<Piece> pieces(Type.Member m, boolean unaligned) {
        long first = 8L * m.offset() + m.bitOffset();
        long end = first + m.bitWidth();
        int start = unaligned ? (int) (first / 8) : m.offset();
        int last = (int) ((end - 1) / 8);
        List<Piece> out = new ArrayList<>();
        for (int b = start; b <= last; b += 4) {
            int n = unaligned ? Math.min(4, last - b + 1) : 4;
            long c = 8L * b;
            long s = Math.max(first, c);
            long e = Math.min(end, c + 8L * n);
            if (s < e) {
                out.add(new Piece(b, n, (int) (s - c), (int) (e - s), (int) (s - first)));
            }
        }
        return out;
    }

    /** Loads piece {@code pc} into a4 (uses a5). */
    private void loadPiece(Piece pc, boolean unaligned) {
        if (unaligned) {
            loadBytes("a4", pc.off(), "a6", pc.bytes());
        } else {
            emitMem("lw", "a4", pc.off(), "a6");
        }
    }

    /** Reads the field of the struct at a0 into a0 (a0:a1 for a long long), sign- or zero-extended. */
    void load(Type.Member m, boolean unaligned) {
        boolean wide = m.type().size() == 8;
        emit("mv a6, a0");
        List<Piece> ps = pieces(m, unaligned);
        for (int i = 0; i < ps.size(); i++) {
            Piece pc = ps.get(i);
            loadPiece(pc, unaligned);
            if (32 - pc.p() - pc.k() > 0) {
                emit("slli a4, a4, " + (32 - pc.p() - pc.k()));
            }
            if (32 - pc.k() > 0) {
                emit("srli a4, a4, " + (32 - pc.k()));
            }
            if (i == 0) {
                emit("mv a0, a4");
                if (wide) {
                    emit("mv a1, zero");
                }
                continue;
            }
            int vs = pc.vs();
            if (vs < 32) {
                emit("slli a5, a4, " + vs);
                emit("or a0, a0, a5");
                if (wide && vs + pc.k() > 32) {
                    emit("srli a5, a4, " + (32 - vs));
                    emit("or a1, a1, a5");
                }
            } else {
                emit("slli a5, a4, " + (vs - 32));
                emit("or a1, a1, a5");
            }
        }
        if (!m.type().isUnsigned()) {
            signExtend(m);
        }
    }

    /**
     * Writes the value in a0 (a0:a1 for a long long) into the field of the struct at a6, then leaves in the
     * accumulator the value the field now holds (the assignment's value).
     */
    void store(Type.Member m, boolean unaligned) {
        boolean wide = m.type().size() == 8;
        for (Piece pc : pieces(m, unaligned)) {
            int vs = pc.vs();
            boolean whole = pc.p() == 0 && pc.k() == 32;
            if (!whole) {
                loadPiece(pc, unaligned);
            }
            if (vs == 0) {
                emit("mv a7, a0");
            } else if (vs >= 32) {
                emit("srli a7, a1, " + (vs - 32));
            } else {
                emit("srli a7, a0, " + vs);
                if (wide) {
                    emit("slli a5, a1, " + (32 - vs));
                    emit("or a7, a7, a5");
                }
            }
            if (!whole) {
                long mask = (pc.k() == 32 ? 0xffffffffL : (1L << pc.k()) - 1) << pc.p();
                if (pc.p() > 0) {
                    emit("slli a7, a7, " + pc.p());
                }
                emit("li a5, " + (int) mask);
                emit("and a7, a7, a5");
                emit("li a5, " + (int) ~mask);
                emit("and a4, a4, a5");
                emit("or a7, a7, a4");
            }
            if (unaligned) {
                storeBytes("a7", pc.off(), "a6", pc.bytes());
            } else {
                emitMem("sw", "a7", pc.off(), "a6");
            }
        }
        if (m.type().isUnsigned()) {
            zeroExtend(m);
        } else {
            signExtend(m);
        }
    }

    /** Sign-extends the field's low {@code bitWidth} bits in the accumulator to its type. */
    private void signExtend(Type.Member m) {
        int w = m.bitWidth();
        if (m.type().size() != 8) {
            if (w < 32) {
                emit("slli a0, a0, " + (32 - w));
                emit("srai a0, a0, " + (32 - w));
            }
        } else if (w > 32) {
            if (w < 64) {
                emit("slli a1, a1, " + (64 - w));
                emit("srai a1, a1, " + (64 - w));
            }
        } else {
            if (w < 32) {
                emit("slli a0, a0, " + (32 - w));
                emit("srai a0, a0, " + (32 - w));
            }
            emit("srai a1, a0, 31");
        }
    }

    /** Clears the bits above the field's low {@code bitWidth} bits in the accumulator. */
    private void zeroExtend(Type.Member m) {
        int w = m.bitWidth();
        if (m.type().size() == 8 && w > 32) {
            if (w < 64) {
                emit("slli a1, a1, " + (64 - w));
                emit("srli a1, a1, " + (64 - w));
            }
            return;
        }
        if (w < 32) {
            emit("slli a0, a0, " + (32 - w));
            emit("srli a0, a0, " + (32 - w));
        }
        if (m.type().size() == 8) {
            emit("mv a1, zero");
        }
    }
}
