package scmp.cpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link DecodedText#decode} decodes each distinct word of a text once and copies its row to the word's other slots:
 * every slot must hold what decoding its word alone gives.
 */
class DecodedTextTest {

    private static DecodedText alone(int word) {
        return DecodedText.decode(0, new byte[] {(byte) word, (byte) (word >>> 8), (byte) (word >>> 16),
            (byte) (word >>> 24)});
    }

    @Test
    void everySlotOfATextWithRepeatedWordsDecodesAsItsWordAlone() {
        Random r = new Random(12);
        int[] pool = new int[300];
        for (int k = 0; k < pool.length; k++) {
            pool[k] = r.nextInt();
        }
        int n = 6000;
        byte[] bytes = new byte[4 * n + 2];          // and a partial word at the end
        int[] words = new int[n];
        for (int i = 0; i < n; i++) {
            words[i] = pool[r.nextInt(pool.length)];
            for (int k = 0; k < 4; k++) {
                bytes[4 * i + k] = (byte) (words[i] >>> (8 * k));
            }
        }
        bytes[4 * n] = (byte) pool[0];
        bytes[4 * n + 1] = (byte) (pool[0] >>> 8);
        DecodedText t = DecodedText.decode(0x1000, bytes);
        assertEquals(n + 1, t.count());
        int legal = 0;
        for (int i = 0; i < n; i++) {
            DecodedText one = alone(words[i]);
            String at = "slot " + i + ", word 0x" + Integer.toHexString(words[i]);
            assertEquals(one.words[0], t.words[i], at);
            assertEquals(one.op[0], t.op[i], at);
            assertEquals(one.rd[0], t.rd[i], at);
            assertEquals(one.rs1[0], t.rs1[i], at);
            assertEquals(one.rs2[0], t.rs2[i], at);
            assertEquals(one.imm[0], t.imm[i], at);
            assertEquals(one.deps[0], t.deps[i], at);
            if (t.op[i] != DecodedText.ILLEGAL) {
                legal++;
            }
        }
        assertTrue(legal > n / 4, "the words should be mostly instructions: " + legal + " of " + n);
        // the partial word decodes as illegal, though its first half is that of a word met before
        assertEquals(DecodedText.ILLEGAL, t.op[n]);
        assertEquals(DecodedText.END, t.op[n + 1]);
    }
}
