package scmp.elf;

import static org.junit.jupiter.api.Assertions.*;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The machine models and their record in e_flags (docs/abi.md, "ELF conventions"). */
class MachineKindTest {

    private static int eFlags(byte[] file) {
        return (file[36] & 0xFF) | (file[37] & 0xFF) << 8 | (file[38] & 0xFF) << 16 | (file[39] & 0xFF) << 24;
    }

    private static byte[] withFlags(byte[] file, int flags) {
        byte[] b = Arrays.copyOf(file, file.length);
        for (int k = 0; k < 4; k++) {
            b[36 + k] = (byte) (flags >>> (8 * k));
        }
        return b;
    }

    @Test
    void modelsHaveTheirNamesAndCodes() {
        assertEquals(0, MachineKind.SCMP.code());
        assertEquals(1, MachineKind.T3D.code());
        assertEquals(2, MachineKind.SP.code());
        assertEquals("scmp, t3d or sp", MachineKind.names());
        for (MachineKind m : MachineKind.values()) {
            assertSame(m, MachineKind.of(m.id()));
            assertSame(m, MachineKind.of(m.id().toUpperCase()));
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MachineKind.of("vax"));
        assertEquals("unknown machine model 'vax' (scmp, t3d or sp)", e.getMessage());
    }

    @Test
    void objectsRecordTheirModelOrThatTheyLinkWithAny() throws ElfFormatException {
        for (MachineKind m : new MachineKind[] {MachineKind.SCMP, MachineKind.T3D, MachineKind.SP, null}) {
            ObjectFile o = Fixtures.object();
            o.setMachine(m);
            byte[] file = ElfWriter.writeObject(o);
            assertEquals(m == null ? 0x10 : m.code(), eFlags(file));
            assertEquals(m, ElfReader.readObject("o.o", file).machine());
        }
    }

    @Test
    void executablesRecordTheirModel() throws ElfFormatException {
        Executable e = Fixtures.executable();
        assertSame(MachineKind.SCMP, e.machine(), "an executable is for the SCMP chip unless built otherwise");
        for (MachineKind m : MachineKind.values()) {
            byte[] file = ElfWriter.writeExecutable(new Executable(m, e.entry(), e.sections(), e.symbols()));
            assertEquals(m.code(), eFlags(file));
            assertSame(m, ElfReader.readExecutable("a.out", file).machine());
        }
    }

    @Test
    void theScmpModelKeepsTheFilesOfBefore() {
        // e_flags 0: files written before models existed are SCMP files, and SCMP files are as they were.
        assertEquals(0, eFlags(ElfWriter.writeObject(Fixtures.object())));
        assertEquals(0, eFlags(ElfWriter.writeExecutable(Fixtures.executable())));
    }

    @Test
    void unknownFlagsAreRefused() {
        byte[] obj = ElfWriter.writeObject(Fixtures.object());
        byte[] exe = ElfWriter.writeExecutable(Fixtures.executable());
        assertEquals("o.o: unsupported e_flags 0x3", assertThrows(ElfFormatException.class,
                () -> ElfReader.readObject("o.o", withFlags(obj, 3))).getMessage());
        assertEquals("o.o: unsupported e_flags 0x11", assertThrows(ElfFormatException.class,
                () -> ElfReader.readObject("o.o", withFlags(obj, 0x11))).getMessage());
        assertEquals("o.o: unsupported e_flags 0x100", assertThrows(ElfFormatException.class,
                () -> ElfReader.readObject("o.o", withFlags(obj, 0x100))).getMessage());
        // Only objects may link with any model: a program always runs on one.
        assertEquals("a.out: unsupported e_flags 0x10", assertThrows(ElfFormatException.class,
                () -> ElfReader.readExecutable("a.out", withFlags(exe, 0x10))).getMessage());
    }
}
