package scmp.elf;

import com.code_intelligence.jazzer.junit.FuzzTest;

/**
 * Fuzz target of the ELF and ar readers (docs/testing.md, "Fuzzing"): any bytes are read as an object, an
 * executable and an archive (with its members as objects), and each read either succeeds or ends in
 * {@link ElfFormatException}; nothing else is thrown and nothing hangs. The seeds in
 * {@code ElfReaderFuzzTestInputs/} (an object, an executable, an archive) run with the tests.
 */
class ElfReaderFuzzTest {
    @FuzzTest(maxDuration = "2h")
    void read(byte[] input) {
        ElfReader.isElf(input);
        ElfReader.elfType(input);
        try {
            ElfReader.readObject("f.o", input);
        } catch (ElfFormatException e) {
            // the documented diagnosis
        }
        try {
            ElfReader.readExecutable("f", input);
        } catch (ElfFormatException e) {
            // the documented diagnosis
        }
        Archive.isArchive(input);
        {
            try {
                for (Archive.Member m : Archive.read("f.a", input).members()) {
                    if (ElfReader.isElf(m.data())) {
                        try {
                            ElfReader.readObject("f.a(" + m.name() + ")", m.data());
                        } catch (ElfFormatException e) {
                            // the documented diagnosis
                        }
                    }
                }
            } catch (ElfFormatException e) {
                // the documented diagnosis
            }
        }
    }
}
