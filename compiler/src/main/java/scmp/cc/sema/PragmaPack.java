package scmp.cc.sema;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The state of {@code #pragma pack} as gcc keeps it (docs/compiler.md, "Structure layout"): the current maximum
 * member alignment (0: none, members take their own) and a stack of saved values, each with an optional
 * identifier. The preprocessor checks the pragma's form and passes it on, at the place it stood, as
 * {@code #pragma pack(ARGS)} without spaces; the structs laid out after it see the new value.
 */
final class PragmaPack {
    private record Saved(String id, int value) {
    }

    private int current;
    private final Deque<Saved> stack = new ArrayDeque<>();

    /** Returns the maximum member alignment in bytes now in effect, or 0 for none. */
    int current() {
        return current;
    }

    /**
     * Applies one pragma.
     *
     * @param args its arguments as the preprocessor passes them: "(...)" without spaces
     */
    void apply(String args) {
        String inner = args.substring(1, args.length() - 1);
        if (inner.isEmpty()) {
            current = 0;
            return;
        }
        String[] parts = inner.split(",", -1);
        switch (parts[0]) {
            case "push" -> {
                String id = parts.length > 1 && !isNumber(parts[1]) ? parts[1] : null;
                stack.push(new Saved(id, current));
                if (isNumber(parts[parts.length - 1])) {
                    current = Integer.parseInt(parts[parts.length - 1]);
                }
            }
            case "pop" -> {
                String id = parts.length > 1 && !isNumber(parts[1]) ? parts[1] : null;
                if (id != null) {
                    // pops down to and including the entry pushed with that identifier, when there is one
                    boolean found = stack.stream().anyMatch(e -> id.equals(e.id()));
                    while (found && !stack.isEmpty()) {
                        Saved e = stack.pop();
                        current = e.value();
                        if (id.equals(e.id())) {
                            break;
                        }
                    }
                } else if (!stack.isEmpty()) {
                    current = stack.pop().value();
                }
                if (parts.length > 1 && isNumber(parts[parts.length - 1])) {
                    current = Integer.parseInt(parts[parts.length - 1]);
                }
            }
            default -> current = Integer.parseInt(parts[0]);
        }
    }

    private static boolean isNumber(String s) {
        return !s.isEmpty() && Character.isDigit(s.charAt(0));
    }
}
