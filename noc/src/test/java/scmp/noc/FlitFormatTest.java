package scmp.noc;

import static org.junit.jupiter.api.Assertions.*;

import net.jqwik.api.*;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import scmp.isa.MessageType;

/** The flit bits and both head formats of docs/noc.md. */
class FlitFormatTest {

    @Test
    void flitBitsAreWhereTheSpecSaysTheyAre() {
        long f = Flit.of(0xDEADBEEF, true, true);
        assertEquals(0xDEADBEEFL | 1L << 32 | 1L << 33, f);
        assertEquals(0xDEADBEEF, Flit.payload(f));
        assertTrue(Flit.isHead(f) && Flit.isTail(f) && !Flit.isValid(f) && !Flit.isWatched(f));
        assertEquals(1L << 34, Flit.VALID);
        assertEquals((1L << 35) - 1, Flit.HARDWARE_MASK);
        long t = Flit.withTag(Flit.watched(f | Flit.VALID), Flit.MAX_TAG);
        assertEquals(Flit.MAX_TAG, Flit.tag(t));
        assertEquals(f | Flit.VALID, t & Flit.HARDWARE_MASK);
        assertTrue(Flit.isWatched(t));
        assertEquals(0x12345678, Flit.payload(Flit.withPayload(t, 0x12345678)));
        assertEquals(Flit.MAX_TAG, Flit.tag(Flit.withPayload(t, 0x12345678)));
        assertThrows(IllegalArgumentException.class, () -> Flit.withTag(f, -1));
        assertEquals("-", Flit.toString(Flit.NONE));
    }

    @Test
    void scmpLayoutExample() {
        // dx=3, dy=-2, DATA, stride 4: 0 011 1 010 0000 0001 0000000000000100
        assertEquals(0x3A01_0004, FlitFormat.SCMP.encode(3, -2, MessageType.DATA.code, 4));
        // dx=-7, dy=7, THREAD, stride -1
        assertEquals(0xF700_FFFF, FlitFormat.SCMP.encode(-7, 7, MessageType.THREAD.code, -1));
    }

    @Test
    void wideLayoutExample() {
        // dx=-17, dy=20, DATA, stride -1: 1 10001 0 10100 0001 1111111111111111
        assertEquals(0xC541_FFFF, FlitFormat.WIDE.encode(-17, 20, 1, -1));
    }

    @Test
    void fieldsOutOfRangeAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> FlitFormat.SCMP.encode(8, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> FlitFormat.SCMP.encode(0, -8, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> FlitFormat.WIDE.encode(32, 0, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> FlitFormat.SCMP.encode(0, 0, 16, 0));
        assertThrows(IllegalArgumentException.class, () -> FlitFormat.SCMP.encode(0, 0, 0, 32768));
        assertThrows(IllegalStateException.class, () -> FlitFormat.SCMP.decrementX(FlitFormat.SCMP.encode(0, 3, 0, 0)));
        assertEquals(8, FlitFormat.SCMP.maxMeshSide());
        assertEquals(32, FlitFormat.WIDE.maxMeshSide());
        assertEquals(FlitFormat.SCMP, FlitFormat.smallestFor(8, 8));
        assertEquals(FlitFormat.WIDE, FlitFormat.smallestFor(9, 4));
        assertThrows(IllegalArgumentException.class, () -> FlitFormat.smallestFor(33, 1));
    }

    @Test
    void negativeZeroReadsAsZero() {
        int p = 1 << 31;
        assertEquals(0, FlitFormat.SCMP.dx(p));
        assertEquals(0, FlitFormat.SCMP.xMagnitude(p));
    }

    @Property(tries = 2000)
    void roundTripBothFormats(@ForAll FlitFormat f, @ForAll @IntRange(min = -31, max = 31) int dx,
            @ForAll @IntRange(min = -31, max = 31) int dy, @ForAll @IntRange(min = 0, max = 15) int type,
            @ForAll @IntRange(min = -32768, max = 32767) int stride) {
        Assume.that(Math.abs(dx) <= f.maxOffset() && Math.abs(dy) <= f.maxOffset());
        int p = f.encode(dx, dy, type, stride);
        assertEquals(new HeadFlit(dx, dy, type, stride), HeadFlit.decode(f, p));
        assertEquals(p, new HeadFlit(dx, dy, type, stride).encode(f));
        if (dx != 0) {
            int q = f.decrementX(p);
            assertEquals(Math.abs(dx) - 1, f.xMagnitude(q));
            assertEquals(f.xNegative(p), f.xNegative(q));
            assertEquals(dy, f.dy(q));
            assertEquals(type, f.type(q));
            assertEquals(stride, f.stride(q));
        }
        if (dy != 0) {
            int q = f.decrementY(p);
            assertEquals(Math.abs(dy) - 1, f.yMagnitude(q));
            assertEquals(dx, f.dx(q));
            assertEquals(stride, f.stride(q));
        }
    }

    @Test
    void headFlitRecordBuildsFlits() {
        HeadFlit h = new HeadFlit(1, 0, MessageType.THREAD.code, 0);
        long f = h.toFlit(FlitFormat.SCMP, true);
        assertTrue(Flit.isHead(f) && Flit.isTail(f));
        assertEquals(MessageType.THREAD, HeadFlit.decode(FlitFormat.SCMP, Flit.payload(f)).messageType());
    }
}
