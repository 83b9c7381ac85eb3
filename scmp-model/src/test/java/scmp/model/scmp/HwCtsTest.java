package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import scmp.cpu.Memory;
import scmp.noc.NocConfig;
import scmp.niu.Niu;
import scmp.niu.NiuConfig;

/**
 * The hardware clear-to-send of thesis section 2.3 (docs/timing.md section 3.5), exact cycles: node 0 sends a CTS
 * to node {@code dest}; that node's NIU, with no thread of its own running, reads the send descriptor, sends the
 * payload to node 0 as a DATA message and writes its done word. A CTS of 7 flits sent back to back from core cycle
 * {@code t} over {@code h} hops has its tail taken in network cycle {@code m = 2t + T(7, h)}; the payload's head
 * enters the router at {@code m + 1}, so its last word lands at {@code m + 1 + T(count + 2, h)}; the DMA engine
 * reads the last word at {@code m + 1 + count} and the done word is written one network cycle later.
 */
class HwCtsTest {

    /** Node 0 asks {@code dest} for {@code count} words of its {@code src} into its own {@code buf}. */
    static String program(int dest, int count, int srcStride, int dstStride) {
        StringBuilder words = new StringBuilder();
        for (int k = 0; k < 64; k++) {
            words.append(k == 0 ? "    .word " : ", ").append(101 + k);
        }
        return """
                    .text
                    .globl _start
                _start:
                    li s0, %d
                    la s1, desc
                    li a0, %d
                    la a1, buf
                    li a2, %d
                    la a3, done
                    li a4, 7
                send:
                    sendh_r s0, CTS, s1, 0
                    send2 a0, a1
                    send2 a2, a3
                    sende a4
                    endt
                    .data
                    .align 4
                desc: .word %d, src
                done: .word 0
                src:
                %s
                buf: .space 512
                """.formatted(dest, count, dstStride, srcStride, words);
    }

    static Chip chip(String source, boolean hwRts) {
        return new Chip(source, 4, 4, 8, NocConfig.defaults(), new NiuConfig(8, hwRts), List.of());
    }

    @ParameterizedTest(name = "{1} words from node {0}")
    @CsvSource({"1,1", "1,8", "5,20", "15,3", "4,64"})
    void payloadAndDoneWordLandWhenTheFormulaSays(int dest, int count) {
        Chip chip = chip(program(dest, count, 1, 1), true);
        int h = dest % 4 + dest / 4;
        Memory mine = chip.cores[0].memory(), theirs = chip.cores[dest].memory();
        int last = chip.addr("buf") + 4 * (count - 1), done = chip.addr("done");
        long[] seen = {-1, -1};
        chip.run(10_000, c -> {
            if (seen[0] < 0 && mine.peek(last) == 100 + count) {
                seen[0] = c + 1;
            }
            if (seen[1] < 0 && theirs.peek(done) == 7) {
                seen[1] = c + 1;
            }
        });
        assertNull(chip.fault);
        long t = chip.firstIssue(0, "send");
        long m = 2 * t + Chip.T(7, h);
        assertEquals((m + 1 + Chip.T(count + 2, h)) / 2 + 1, seen[0], "payload's last word, t = " + t);
        assertEquals((m + 1 + count + 1) / 2 + 1, seen[1], "done word, t = " + t);
        for (int k = 0; k < count; k++) {
            assertEquals(101 + k, mine.peek(chip.addr("buf") + 4 * k), "word " + k);
        }
        assertEquals(0, chip.ic.niu(dest).stats().threadsStarted(), "no software on the payload's side");
        assertEquals(1, chip.ic.niu(dest).stats().messagesSent(), "the payload's DATA message");
    }

    @Test
    void stridesOfTheDescriptorAndTheCtsApply() {
        Chip chip = chip(program(1, 5, 3, 2), true);
        chip.run(10_000, c -> { });
        assertNull(chip.fault);
        Memory mine = chip.cores[0].memory();
        for (int k = 0; k < 5; k++) {
            assertEquals(101 + 3 * k, mine.peek(chip.addr("buf") + 8 * k), "word " + k);
            assertEquals(0, mine.peek(chip.addr("buf") + 8 * k + 4), "between words " + k);
        }
    }

    @Test
    void anEmptyPayloadOnlyWritesTheDoneWord() {
        Chip chip = chip(program(1, 0, 1, 1), true);
        chip.run(10_000, c -> { });
        assertNull(chip.fault);
        assertEquals(7, chip.cores[1].memory().peek(chip.addr("done")));
        assertEquals(0, chip.ic.niu(1).stats().messagesSent());
    }

    @Test
    void withoutTheOptionACtsIsMisuse() {
        Chip chip = chip(program(1, 4, 1, 1), false);
        chip.run(10_000, c -> { });
        assertNotNull(chip.fault);
        assertTrue(chip.fault.getMessage().contains("--param hwRts=true"), chip.fault.getMessage());
    }

    @Test
    void niustatTellsTheChipHasTheHandshake() {
        String src = """
                    .text
                    .globl _start
                _start:
                    rdsr a0, niustat
                    hcall exit
                """;
        Chip on = chip(src, true);
        on.run(1_000, c -> { });
        assertEquals(Niu.STATUS_HW_RTS, on.exitStatus);
        Chip off = chip(src, false);
        off.run(1_000, c -> { });
        assertEquals(0, off.exitStatus);
    }
}
