package scmp.dump;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.jqwik.api.*;
import scmp.elf.Executable;
import scmp.elf.Section;
import scmp.elf.Symbol;
import scmp.isa.Instruction;
import scmp.isa.Isa;

/** Properties of the disassembly listing over random code and symbols. */
class DisassemblyPropertiesTest {

    private static final Pattern LINE = Pattern.compile(" *([0-9a-f]+):\\t([0-9a-f]+) +\\t(.*)");
    private static final Pattern TARGET = Pattern.compile("0x([0-9a-f]+) <([^>+]+)(?:\\+0x([0-9a-f]+))?>");

    @Property(tries = 200)
    void everyWordIsListedOnceAndTargetsNameTheRightPlace(@ForAll long seed) {
        Random r = new Random(seed);
        int base = 0x1000 + 4 * r.nextInt(1024);
        int n = 1 + r.nextInt(64);
        int[] words = new int[n];
        for (int i = 0; i < n; i++) {
            if (r.nextBoolean()) {
                words[i] = r.nextInt();
            } else {
                // A branch or jump into the section.
                int target = 4 * r.nextInt(n);
                words[i] = r.nextBoolean() ? Programs.enc(Instruction.BNE, r.nextInt(32), r.nextInt(32), target - 4L * i)
                        : Programs.enc(Instruction.JAL, target - 4L * i);
            }
        }
        List<Symbol> syms = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (r.nextInt(6) == 0) {
                syms.add(new Symbol("s" + i, ".text", base + 4L * i, 0, Symbol.Binding.values()[r.nextInt(3)],
                        Symbol.Type.values()[r.nextInt(3)]));
            }
        }
        Executable e = new Executable(base, List.of(new Executable.PlacedSection(".text", Section.SHT_PROGBITS,
                Section.SHF_ALLOC | Section.SHF_EXECINSTR, base, 4 * n, 4, Programs.words(words))), syms);
        String text = Dumper.of(e).render("t", new Dumper.Options(false, false, false, false, false, true, false, false,
                false, java.util.Set.of()));
        int seen = 0;
        for (String line : text.split("\n")) {
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                continue;
            }
            long addr = Long.parseLong(m.group(1), 16);
            assertEquals(base + 4L * seen, addr, "addresses ascend by 4");
            assertEquals(words[seen], (int) Long.parseLong(m.group(2), 16), "raw word");
            String expected = scmp.isa.Isa.decode(words[seen]) == null ? ".word" : Isa.decode(words[seen]).mnemonic;
            assertTrue(m.group(3).startsWith(expected), line);
            Matcher t = TARGET.matcher(m.group(3));
            if (t.find()) {
                long target = Long.parseLong(t.group(1), 16);
                long off = t.group(3) == null ? 0 : Long.parseLong(t.group(3), 16);
                String name = t.group(2);
                long symAddr = name.equals(".text") ? base
                        : syms.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow().value();
                assertEquals(target, symAddr + off, line);
                for (Symbol s : syms) {
                    assertFalse(s.value() > symAddr && s.value() <= target, "the nearest preceding symbol is used: " + line);
                }
            }
            seen++;
        }
        assertEquals(n, seen, text);
    }
}
