package scmp.elf;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Random;
import net.jqwik.api.*;

/** readObject(writeObject(o)) gives back o (in canonical symbol order), and the same for executables. */
class RoundTripTest {

    @Property(tries = 400)
    void objectRoundTrip(@ForAll long seed) throws ElfFormatException {
        ObjectFile o = Models.randomObject(new Random(seed));
        byte[] bytes = ElfWriter.writeObject(o);
        ObjectFile back = ElfReader.readObject("rand.o", bytes);
        assertEquals(Models.describe(Models.canonical(o)), Models.describe(back));
        assertArrayEquals(bytes, ElfWriter.writeObject(back), "writing the read model gives the same bytes");
    }

    @Property(tries = 400)
    void executableRoundTrip(@ForAll long seed) throws ElfFormatException {
        Executable e = Models.randomExecutable(new Random(seed));
        byte[] bytes = ElfWriter.writeExecutable(e);
        Executable back = ElfReader.readExecutable("a.out", bytes);
        assertEquals(Models.describe(Models.canonical(e)), Models.describe(back));
        assertArrayEquals(bytes, ElfWriter.writeExecutable(back));
    }
}
