package scmp.cc.codegen;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Branch relaxation: a conditional branch reaches +-32767 instructions, a {@code j} +-128 MiB. A function
 * body long enough for a branch to miss its target gets such branches rewritten as the inverse branch over a
 * {@code j}; shorter bodies are left as they are.
 */
final class BranchRelaxation {
    private BranchRelaxation() {
    }

    /** Conditional branches and their inverses (pseudo-instructions included). */
    private static final Map<String, String> INVERSE_BRANCH = Map.ofEntries(Map.entry("beq", "bne"),
            Map.entry("bne", "beq"), Map.entry("blt", "bge"), Map.entry("bge", "blt"), Map.entry("bltu", "bgeu"),
            Map.entry("bgeu", "bltu"), Map.entry("beqz", "bnez"), Map.entry("bnez", "beqz"),
            Map.entry("bltz", "bgez"), Map.entry("bgez", "bltz"), Map.entry("bgtz", "blez"),
            Map.entry("blez", "bgtz"), Map.entry("bgt", "ble"), Map.entry("ble", "bgt"), Map.entry("bgtu", "bleu"),
            Map.entry("bleu", "bgtu"));
    /** Instructions a conditional branch reaches either way (its offset is a signed 16-bit word count). */
    private static final int BRANCH_REACH = 32767;

    /**
     * Rewrites the conditional branches of a function body whose target may lie beyond a branch's reach
     * (+-128 KiB) as the inverse branch over a {@code j} (+-128 MiB). Distances are over-estimated by counting
     * every line that is not a label or {@code .loc} as two instructions (the most a pseudo-instruction
     * expands to), which a rewritten branch is too, so a branch left alone always reaches its target.
     */
    static String relax(String text, String retLabel, Supplier<String> newLabel) {
        String[] lines = text.split("\n", -1);
        long[] pos = new long[lines.length + 1];
        Map<String, Long> labels = new HashMap<>();
        long at = 0;
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            pos[i] = at;
            if (l.endsWith(":") && !l.startsWith("\t")) {
                labels.put(l.substring(0, l.length() - 1), at);
            } else if (!l.isEmpty() && !l.startsWith("\t.loc ")) {
                at += 2;
            }
        }
        if (at <= BRANCH_REACH) {
            return text;
        }
        labels.putIfAbsent(retLabel, at);
        StringBuilder sb = new StringBuilder(text.length() + 64);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            String[] parts = l.startsWith("\t") ? l.substring(1).split("[ ,]+") : new String[0];
            String inv = parts.length >= 3 ? INVERSE_BRANCH.get(parts[0]) : null;
            Long target = inv != null ? labels.get(parts[parts.length - 1]) : null;
            if (target != null && Math.abs(target - pos[i]) > BRANCH_REACH) {
                String skip = newLabel.get();
                int cut = l.lastIndexOf(parts[parts.length - 1]);
                sb.append('\t').append(inv).append(l, 1 + parts[0].length(), cut).append(skip).append('\n');
                sb.append("\tj ").append(parts[parts.length - 1]).append('\n');
                sb.append(skip).append(":\n");
            } else {
                sb.append(l);
                if (i < lines.length - 1) {
                    sb.append('\n');
                }
            }
        }
        return sb.toString();
    }
}
