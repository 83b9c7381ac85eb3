package scmp.cc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Keeps the compiler and the assembler cut into pieces a reader can hold: no hand-written method of their main
 * sources may be longer than {@link #LIMIT} lines (declaration to closing brace). The count is crude but
 * sufficient: comments, string and character literals are blanked out, then braces are matched, and a brace
 * that opens directly inside a class body after a parenthesised header is a method's (or constructor's).
 * ANTLR's generated sources are not under src/main/java and are not counted.
 */
class MethodLengthTest {
    static final int LIMIT = 150;
    static final List<Path> SOURCES = List.of(Path.of("src/main/java"), Path.of("../assembler/src/main/java"));

    /** A method found in a source file: where it starts, how many lines it spans, its name. */
    record Method(Path file, int line, int length, String name) {
        @Override
        public String toString() {
            return file + ":" + line + " " + name + " (" + length + " lines)";
        }
    }

    @Test
    void noMethodIsLongerThanTheLimit() throws IOException {
        List<Method> all = new ArrayList<>();
        for (Path dir : SOURCES) {
            try (Stream<Path> s = Files.walk(dir)) {
                for (Path f : s.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                    all.addAll(methods(f, Files.readString(f)));
                }
            }
        }
        assertTrue(all.size() > 500, "the scan found only " + all.size() + " methods: is it reading the sources?");
        List<Method> tooLong = all.stream().filter(m -> m.length() > LIMIT).toList();
        assertEquals(List.of(), tooLong, "methods longer than " + LIMIT + " lines: cut them by what they do");
    }

    @Test
    void theScanMeasuresMethodsAndSkipsWhatOnlyLooksLikeCode() {
        String src = """
                class A {
                    /** A { in a comment, and "}" in a string. */
                    int f(int x) {
                        String s = "{{";
                        char c = '}';
                        Runnable r = () -> {
                            g();
                        };
                        return new Object() {
                            int h() {
                                return 1;
                            }
                        }.hashCode();
                    }

                    static {
                        init();
                    }
                }
                """;
        List<Method> ms = methods(Path.of("A.java"), src);
        assertEquals(List.of("f 3 12", "h 10 3"), ms.stream().map(m -> m.name() + " " + m.line() + " "
                + m.length()).sorted().toList());
    }

    private static final Pattern CLASS_HEADER = Pattern.compile("\\b(class|interface|enum|record)\\b");
    private static final Pattern ANONYMOUS_CLASS = Pattern.compile("\\bnew\\s+[\\w.<>]+\\s*\\([^)]*\\)\\s*$");
    private static final Pattern NAME = Pattern.compile("(\\w+)\\s*\\(");

    private enum Kind { CLASS, METHOD, OTHER }

    private record Open(Kind kind, int at, String header) {
    }

    /** The methods of one source file. */
    static List<Method> methods(Path file, String source) {
        String s = blankCommentsAndLiterals(source);
        List<Method> out = new ArrayList<>();
        Deque<Open> stack = new ArrayDeque<>();
        int headerStart = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '{') {
                String header = s.substring(headerStart, i);
                boolean inClass = stack.isEmpty() || stack.peek().kind() == Kind.CLASS;
                Kind k;
                if (CLASS_HEADER.matcher(header).find() || ANONYMOUS_CLASS.matcher(header).find()) {
                    k = Kind.CLASS;
                } else if (inClass && header.contains("(") && !header.strip().endsWith("->")) {
                    k = Kind.METHOD;
                } else {
                    k = Kind.OTHER;
                }
                stack.push(new Open(k, i, header));
                headerStart = i + 1;
            } else if (c == '}') {
                Open o = stack.pop();
                if (o.kind() == Kind.METHOD) {
                    int start = o.at() - o.header().length() + (o.header().length() - o.header().stripLeading().length());
                    int first = lineOf(s, start), last = lineOf(s, i);
                    var m = NAME.matcher(o.header());
                    out.add(new Method(file, first, last - first + 1, m.find() ? m.group(1) : o.header().strip()));
                }
                headerStart = i + 1;
            } else if (c == ';') {
                headerStart = i + 1;
            }
        }
        return out;
    }

    private static int lineOf(String s, int index) {
        int line = 1;
        for (int i = 0; i < index; i++) {
            if (s.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }

    /** The source with comments, strings, text blocks and character literals replaced by spaces (lines kept). */
    static String blankCommentsAndLiterals(String src) {
        StringBuilder out = new StringBuilder(src.length());
        int i = 0, n = src.length();
        while (i < n) {
            int end;
            if (src.startsWith("//", i)) {
                end = src.indexOf('\n', i);
                end = end < 0 ? n : end;
            } else if (src.startsWith("/*", i)) {
                end = src.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
            } else if (src.startsWith("\"\"\"", i)) {
                end = src.indexOf("\"\"\"", i + 3);
                end = end < 0 ? n : end + 3;
            } else if (src.charAt(i) == '"' || src.charAt(i) == '\'') {
                char q = src.charAt(i);
                end = i + 1;
                while (end < n && src.charAt(end) != q && src.charAt(end) != '\n') {
                    end += src.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(n, end + 1);
            } else {
                out.append(src.charAt(i++));
                continue;
            }
            for (int k = i; k < end; k++) {
                out.append(src.charAt(k) == '\n' ? '\n' : ' ');
            }
            i = end;
        }
        return out.toString();
    }
}
