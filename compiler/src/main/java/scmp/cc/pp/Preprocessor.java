package scmp.cc.pp;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import scmp.cc.Diagnostics;
import scmp.cc.lex.SourceFile;
import scmp.cc.lex.Token;
import scmp.cc.lex.Tokenizer;
import scmp.common.Limits;

/**
 * The C99 preprocessor (6.10): directives, conditional inclusion, macro expansion with Prosser's hide-set
 * algorithm (as in chibicc), {@code #} and {@code ##}, variadic macros (with GNU's {@code , ## __VA_ARGS__}
 * comma removal, which real headers use), and the predefined macros of the SCMP target (docs/abi.md sizes).
 *
 * <p>The input is a deque of tokens: directives are consumed from its front, macro expansions and included
 * files are pushed back on its front. The output is the list of tokens the parser reads, ending with EOF.
 */
public final class Preprocessor {
    private final Diagnostics diag;
    private final IncludeResolver resolver;
    private final Map<String, Macro> macros = new HashMap<>();
    /** The tokens still to read; a list being expanded on its own ({@link #expandList}) swaps in its own. */
    private Input input = new Input();
    private final Deque<Cond> conds = new ArrayDeque<>();
    /** {@code #pragma push_macro}: per name, the definitions saved (empty: the name was not defined). */
    private final Map<String, Deque<Optional<Macro>>> pushed = new HashMap<>();
    /** The {@code #line} in force in each file, applied to the file's tokens as they are read. */
    private final Map<SourceFile, LineMap> lineMaps = new IdentityHashMap<>();
    /** How deep {@link #expandList} calls are nested: macro arguments inside macro arguments. */
    private int listDepth;
    /** The tokens produced so far by the current top-level macro invocation, nested expansions included. */
    private long expansionTokens;
    /** The macro name whose top-level invocation {@link #expansionTokens} counts. */
    private Token expansionRoot;
    private final Map<SourceFile, Integer> depthOf = new HashMap<>();
    private final Set<String> pragmaOnce = new HashSet<>();
    /**
     * A {@code #pragma pack} directive just read, passed on as one token in the output where it stood (the parser
     * turns it into a declaration the layout of later structs sees: {@link #PRAGMA_PACK}), or null.
     */
    private Token pendingPragma;

    /** The text of the token that carries a {@code #pragma pack} into the output: this prefix, then its arguments. */
    public static final String PRAGMA_PACK = "#pragma pack";

    /**
     * The text of the token that carries a {@code #pragma weak NAME} or {@code #pragma weak NAME = TARGET} to the
     * parser: this prefix, then NAME or NAME=TARGET (the names are not macro-expanded, so a library may define
     * NAME as a macro for TARGET and still name both).
     */
    public static final String PRAGMA_WEAK = "#pragma weak ";
    private int counter;
    private String baseFile = "";

    /**
     * A {@code #line} directive: the file's physical lines after {@code physLine} are numbered from
     * {@code newLine} and named {@code newName}.
     */
    private record LineMap(int physLine, int newLine, String newName) {
    }

    /**
     * The input deque, which numbers the tokens it hands out as the {@code #line} in force says. Renumbering
     * as tokens are read, rather than the whole rest of the file at each directive, keeps preprocessed files
     * full of line markers linear.
     */
    private final class Input extends ArrayDeque<Token> {
        private static final long serialVersionUID = 1L;

        Input() {
        }

        Input(java.util.Collection<Token> toks) {
            super(toks);
        }

        @Override
        public Token pollFirst() {
            Token t = super.pollFirst();
            if (t == null || lineMaps.isEmpty()) {
                return t;
            }
            LineMap m = lineMaps.get(t.file());
            if (m == null || t.physLine() <= m.physLine) {
                return t;
            }
            return new Token(t.kind(), t.text(), t.file(), m.newName, m.newLine + (t.physLine() - m.physLine - 1),
                    t.physLine(), t.col(), t.bol(), t.space(), t.hideset());
        }

        @Override
        public Token poll() {
            return pollFirst();
        }
    }

    /** One open #if group: where it started, whether a branch was taken, whether #else was seen. */
    private record Cond(Token at, boolean taken, boolean inElse) {
    }

    public Preprocessor(Diagnostics diag, IncludeResolver resolver) {
        this.diag = diag;
        this.resolver = resolver;
        definePredefined();
    }

    private void definePredefined() {
        String[][] defs = {
            // The instruction set and the compiler; the machine model's macro (__SCMP__...) is the driver's.
            {"__scmp__", "1"}, {"__scmpcc__", "1"}, {"__STDC__", "1"},
            {"__STDC_VERSION__", "199901L"}, {"__STDC_HOSTED__", "1"}, {"__ILP32__", "1"}, {"_ILP32", "1"},
            {"__CHAR_BIT__", "8"}, {"__SIZEOF_SHORT__", "2"}, {"__SIZEOF_INT__", "4"}, {"__SIZEOF_LONG__", "4"},
            {"__SIZEOF_LONG_LONG__", "8"}, {"__SIZEOF_POINTER__", "4"}, {"__SIZEOF_FLOAT__", "4"},
            {"__SIZEOF_DOUBLE__", "8"}, {"__SIZEOF_LONG_DOUBLE__", "8"}, {"__SIZEOF_SIZE_T__", "4"},
            {"__SIZEOF_PTRDIFF_T__", "4"}, {"__SIZEOF_WCHAR_T__", "4"},
            {"__ORDER_LITTLE_ENDIAN__", "1234"}, {"__ORDER_BIG_ENDIAN__", "4321"}, {"__ORDER_PDP_ENDIAN__", "3412"},
            {"__BYTE_ORDER__", "__ORDER_LITTLE_ENDIAN__"}, {"__FLOAT_WORD_ORDER__", "__ORDER_LITTLE_ENDIAN__"},
            {"__LITTLE_ENDIAN__", "1"},
            {"__SCHAR_MAX__", "127"}, {"__SHRT_MAX__", "32767"}, {"__INT_MAX__", "2147483647"},
            {"__LONG_MAX__", "2147483647L"}, {"__LONG_LONG_MAX__", "9223372036854775807LL"},
            {"__SIZE_MAX__", "4294967295U"}, {"__PTRDIFF_MAX__", "2147483647"},
            {"__SIZE_TYPE__", "unsigned int"}, {"__PTRDIFF_TYPE__", "int"}, {"__WCHAR_TYPE__", "long int"},
            {"__WINT_TYPE__", "unsigned int"}, {"__WCHAR_MAX__", "0x7fffffffL"}, {"__WCHAR_MIN__", "(-__WCHAR_MAX__ - 1)"},
            {"__SIZEOF_WINT_T__", "4"}, {"__CHAR16_TYPE__", "short unsigned int"}, {"__CHAR32_TYPE__", "unsigned int"},
            {"__INTMAX_TYPE__", "long long int"}, {"__UINTMAX_TYPE__", "long long unsigned int"},
            {"__INTPTR_TYPE__", "int"}, {"__UINTPTR_TYPE__", "unsigned int"},
            {"__INT8_TYPE__", "signed char"}, {"__INT16_TYPE__", "short"}, {"__INT32_TYPE__", "int"},
            {"__INT64_TYPE__", "long long int"}, {"__UINT8_TYPE__", "unsigned char"},
            {"__UINT16_TYPE__", "unsigned short"}, {"__UINT32_TYPE__", "unsigned int"},
            {"__UINT64_TYPE__", "long long unsigned int"},
            {"__FLT_MANT_DIG__", "24"}, {"__DBL_MANT_DIG__", "53"}, {"__FLT_EVAL_METHOD__", "0"},
            {"__USER_LABEL_PREFIX__", ""}, {"__REGISTER_PREFIX__", ""},
        };
        for (String[] d : defs) {
            define(d[0] + " " + d[1]);
        }
        builtin("__FILE__", t -> t.withText(Token.Kind.STRING, quote(t.fileName())));
        builtin("__BASE_FILE__", t -> t.withText(Token.Kind.STRING, quote(baseFile)));
        builtin("__LINE__", t -> t.withText(Token.Kind.NUMBER, Integer.toString(t.line())));
        builtin("__COUNTER__", t -> t.withText(Token.Kind.NUMBER, Integer.toString(counter++)));
        LocalDateTime now = LocalDateTime.now();
        String date = now.format(DateTimeFormatter.ofPattern("MMM dd yyyy", Locale.ROOT));
        if (date.charAt(4) == '0') {
            date = date.substring(0, 4) + ' ' + date.substring(5);
        }
        String fdate = date;
        String time = now.format(DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT));
        builtin("__DATE__", t -> t.withText(Token.Kind.STRING, quote(fdate)));
        builtin("__TIME__", t -> t.withText(Token.Kind.STRING, quote(time)));
    }

    private void builtin(String name, java.util.function.Function<Token, Token> f) {
        macros.put(name, new Macro(name, null, false, List.of(), f));
    }

    /** Defines a macro from {@code NAME body} or {@code NAME(params) body} text, as -D does ({@code -DX=Y}). */
    public void define(String def) {
        SourceFile f = new SourceFile("<command-line>", "#define " + def + "\n");
        Input saved = input;
        input = new Input(Tokenizer.tokenize(f, diag));
        input.pollLast();
        Token hash = input.poll();
        Token kw = input.poll();
        defineDirective(hash, readLine(kw));
        input = saved;
    }

    public void undefine(String name) {
        macros.remove(name);
    }

    /** Preprocesses a whole translation unit. Errors go to the diagnostics; a fatal one stops early. */
    public List<Token> run(SourceFile main) {
        baseFile = main.name();
        depthOf.put(main, 0);
        List<Token> out = new ArrayList<>();
        try {
            input.addAll(Tokenizer.tokenize(main, diag));
            while (true) {
                Token t = next();
                if (t.kind() == Token.Kind.EOF) {
                    if (!input.isEmpty()) {
                        continue;
                    }
                    for (Cond c : conds) {
                        diag.error(c.at, "unterminated #" + (c.inElse ? "else" : c.at.text()));
                    }
                    out.add(t);
                    break;
                }
                if (out.size() >= Limits.MAX_TOKENS) {
                    throw diag.fatal(t, "translation unit too large (more than " + Limits.MAX_TOKENS
                            + " tokens after preprocessing)");
                }
                out.add(t);
            }
        } catch (Diagnostics.Fatal f) {
            out.add(new Token(Token.Kind.EOF, "", main, main.name(), 0, 0, 0, true, false, Set.of()));
        }
        return out;
    }

    /** The next fully expanded token, with directives carried out. */
    private Token next() {
        while (true) {
            Token t = input.poll();
            if (t == null) {
                return new Token(Token.Kind.EOF, "", null, baseFile, 0, 0, 0, true, false, Set.of());
            }
            if (t.kind() == Token.Kind.EOF) {
                // The end of an included file: the only EOF that reaches here with more input behind it.
                if (!input.isEmpty()) {
                    continue;
                }
                return t;
            }
            if (t.bol() && t.is("#") && t.hideset().isEmpty()) {
                directive(t);
                if (pendingPragma != null) {
                    Token p = pendingPragma;
                    pendingPragma = null;
                    return p;
                }
                continue;
            }
            if (expand(t)) {
                continue;
            }
            return t;
        }
    }

    /** The tokens up to the end of the directive's line (its first token is the one after {@code start}). */
    private List<Token> readLine(Token start) {
        List<Token> line = new ArrayList<>();
        while (!input.isEmpty() && !input.peek().bol()) {
            line.add(input.poll());
        }
        return line;
    }

    private void skipLine() {
        while (!input.isEmpty() && !input.peek().bol()) {
            input.poll();
        }
    }

    private void directive(Token hash) {
        Token kw = input.peek();
        if (kw == null || kw.bol()) {
            return; // the null directive
        }
        kw = input.poll(); // numbered as #line says
        switch (kw.text()) {
            case "define" -> defineDirective(kw, readLine(kw));
            case "undef" -> {
                List<Token> line = readLine(kw);
                if (line.isEmpty() || !line.get(0).isIdent()) {
                    diag.error(line.isEmpty() ? kw : line.get(0), "macro names must be identifiers");
                } else {
                    macros.remove(line.get(0).text());
                    extraTokens(line, 1, "#undef");
                }
            }
            case "include", "include_next" -> include(kw, readLine(kw));
            case "if" -> {
                List<Token> line = readLine(kw);
                boolean v = evalCondition(kw, line);
                pushCond(new Cond(kw, v, false));
                if (!v) {
                    skipGroup();
                }
            }
            case "ifdef", "ifndef" -> {
                List<Token> line = readLine(kw);
                boolean v = false;
                if (line.isEmpty() || !line.get(0).isIdent()) {
                    diag.error(line.isEmpty() ? kw : line.get(0), "no macro name given in #" + kw.text()
                            + " directive");
                } else {
                    v = macros.containsKey(line.get(0).text()) == kw.text().equals("ifdef");
                    extraTokens(line, 1, "#" + kw.text());
                }
                pushCond(new Cond(kw, v, false));
                if (!v) {
                    skipGroup();
                }
            }
            case "elif" -> {
                Cond c = conds.peek();
                skipLine();
                if (c == null) {
                    diag.error(kw, "#elif without #if");
                } else {
                    if (c.inElse) {
                        diag.error(kw, "#elif after #else");
                    }
                    // The group before was taken (we are here after it), so every later branch is skipped.
                    skipGroup();
                }
            }
            case "else" -> {
                Cond c = conds.peek();
                List<Token> line = readLine(kw);
                extraTokens(line, 0, "#else");
                if (c == null) {
                    diag.error(kw, "#else without #if");
                } else {
                    if (c.inElse) {
                        diag.error(kw, "#else after #else");
                    }
                    conds.pop();
                    conds.push(new Cond(c.at, true, true));
                    skipGroup();
                }
            }
            case "endif" -> {
                List<Token> line = readLine(kw);
                extraTokens(line, 0, "#endif");
                if (conds.isEmpty()) {
                    diag.error(kw, "#endif without #if");
                } else {
                    conds.pop();
                }
            }
            case "error" -> {
                List<Token> line = readLine(kw);
                diag.error(kw, "#error " + spell(line));
            }
            case "warning" -> {
                List<Token> line = readLine(kw);
                diag.warning(kw, "#warning " + spell(line));
            }
            case "line" -> lineDirective(kw, expandLine(readLine(kw)));
            case "pragma" -> {
                List<Token> line = readLine(kw);
                if (line.size() == 1 && line.get(0).is("once")) {
                    pragmaOnce.add(kw.file() == null ? "" : kw.file().name());
                } else if (!line.isEmpty() && (line.get(0).is("push_macro") || line.get(0).is("pop_macro"))) {
                    pushPopMacro(line);
                } else if (!line.isEmpty() && line.get(0).is("pack")) {
                    pendingPragma = pragmaPack(kw, expandLine(line.subList(1, line.size())));
                } else if (!line.isEmpty() && line.get(0).is("weak")) {
                    pendingPragma = pragmaWeak(kw, line.subList(1, line.size()));
                }
            }
            case "ident", "sccs", "assert", "unassert" -> skipLine();
            default -> {
                if (kw.kind() == Token.Kind.NUMBER) {
                    lineDirective(kw, expandLine(prepend(kw, readLine(kw))));
                } else {
                    diag.error(kw, "invalid preprocessing directive #" + kw.text());
                    skipLine();
                }
            }
        }
    }

    private void pushCond(Cond c) {
        if (conds.size() >= Limits.MAX_IF_DEPTH) {
            throw diag.fatal(c.at, "#" + c.at.text() + " nested too deeply (the limit is " + Limits.MAX_IF_DEPTH
                    + ")");
        }
        conds.push(c);
    }

    /**
     * Checks a {@code #pragma pack} as gcc accepts it: {@code pack(N)}, {@code pack()}, {@code pack(push)},
     * {@code pack(push, N)}, {@code pack(push, ID)}, {@code pack(push, ID, N)}, {@code pack(pop)},
     * {@code pack(pop, N)}, {@code pack(pop, ID)}, N being 1, 2, 4, 8 or 16. Returns the token that carries it
     * to the parser ({@link #PRAGMA_PACK} followed by the arguments without spaces), or null after gcc's warning
     * for a malformed one, which is ignored.
     */
    private Token pragmaPack(Token kw, List<Token> args) {
        StringBuilder text = new StringBuilder();
        for (Token a : args) {
            text.append(a.text());
        }
        String t = text.toString();
        boolean ok = t.startsWith("(") && t.endsWith(")");
        if (ok) {
            String[] parts = t.substring(1, t.length() - 1).split(",", -1);
            if (parts.length == 1 && parts[0].isEmpty()) {
                ok = true;
            } else if (parts[0].equals("push") || parts[0].equals("pop")) {
                ok = parts.length <= 3;
                for (int i = 1; i < parts.length && ok; i++) {
                    boolean last = i == parts.length - 1;
                    ok = last && packValue(parts[i]) || parts[i].matches("[A-Za-z_][A-Za-z_0-9]*")
                            && !(parts[0].equals("pop") && parts.length == 3);
                }
            } else {
                ok = parts.length == 1 && packValue(parts[0]);
            }
        }
        if (!ok) {
            diag.warning(kw, "malformed '#pragma pack' - ignored");
            return null;
        }
        return new Token(Token.Kind.OTHER, PRAGMA_PACK + t, kw.file(), kw.fileName(), kw.line(), kw.physLine(),
                kw.col(), true, false, Set.of());
    }

    /**
     * Checks a {@code #pragma weak NAME} or {@code #pragma weak NAME = TARGET} (gcc's forms); returns the token
     * that carries it to the parser ({@link #PRAGMA_WEAK}), or null after gcc's warning for a malformed one.
     */
    private Token pragmaWeak(Token kw, List<Token> args) {
        boolean single = args.size() == 1 && args.get(0).kind() == Token.Kind.IDENT;
        boolean alias = args.size() == 3 && args.get(0).kind() == Token.Kind.IDENT && args.get(1).is("=")
                && args.get(2).kind() == Token.Kind.IDENT;
        if (!single && !alias) {
            diag.warning(kw, "malformed #pragma weak, ignored");
            return null;
        }
        String t = single ? args.get(0).text() : args.get(0).text() + "=" + args.get(2).text();
        return new Token(Token.Kind.OTHER, PRAGMA_WEAK + t, kw.file(), kw.fileName(), kw.line(), kw.physLine(),
                kw.col(), true, false, Set.of());
    }

    private static boolean packValue(String s) {
        return s.equals("1") || s.equals("2") || s.equals("4") || s.equals("8") || s.equals("16");
    }

    /**
     * {@code #pragma push_macro("NAME")} saves the definition of NAME (or that it has none);
     * {@code #pragma pop_macro("NAME")} restores the last one saved, as gcc and MSVC do. A pop with nothing
     * pushed leaves the macro as it is.
     */
    private void pushPopMacro(List<Token> line) {
        Token op = line.get(0);
        if (line.size() != 4 || !line.get(1).is("(") || line.get(2).kind() != Token.Kind.STRING
                || !line.get(2).text().startsWith("\"") || !line.get(3).is(")")) {
            diag.warning(op, "invalid #pragma " + op.text() + " directive; expected " + op.text() + "(\"NAME\")");
            return;
        }
        String lit = line.get(2).text();
        String name = lit.substring(1, lit.length() - 1);
        if (op.is("push_macro")) {
            pushed.computeIfAbsent(name, k -> new ArrayDeque<>()).push(Optional.ofNullable(macros.get(name)));
            return;
        }
        Deque<Optional<Macro>> saved = pushed.get(name);
        if (saved == null || saved.isEmpty()) {
            return;
        }
        Optional<Macro> m = saved.pop();
        if (m.isPresent()) {
            macros.put(name, m.get());
        } else {
            macros.remove(name);
        }
    }

    private static List<Token> prepend(Token t, List<Token> rest) {
        List<Token> l = new ArrayList<>();
        l.add(t);
        l.addAll(rest);
        return l;
    }

    private void extraTokens(List<Token> line, int from, String directive) {
        if (line.size() > from) {
            diag.warning(line.get(from), "extra tokens at end of " + directive + " directive");
        }
    }

    /**
     * Skips a false group: up to the matching #elif whose condition holds, #else, or #endif. Nested
     * conditionals inside are skipped whole. Leaves the condition stack updated for the branch taken.
     */
    private void skipGroup() {
        int depth = 0;
        while (!input.isEmpty()) {
            Token t = input.poll();
            if (t.kind() == Token.Kind.EOF) {
                input.push(t);
                return;
            }
            if (!(t.bol() && t.is("#")) || input.isEmpty() || input.peek().bol()) {
                continue;
            }
            Token kw = input.poll();
            String d = kw.text();
            if (d.equals("if") || d.equals("ifdef") || d.equals("ifndef")) {
                depth++;
                skipLine();
            } else if (depth > 0) {
                if (d.equals("endif")) {
                    depth--;
                }
                skipLine();
            } else if (d.equals("endif")) {
                extraTokens(readLine(kw), 0, "#endif");
                conds.pop();
                return;
            } else if (d.equals("else")) {
                extraTokens(readLine(kw), 0, "#else");
                Cond c = conds.pop();
                if (c.inElse) {
                    diag.error(kw, "#else after #else");
                }
                conds.push(new Cond(c.at, true, true));
                if (!c.taken) {
                    return;
                }
            } else if (d.equals("elif")) {
                List<Token> line = readLine(kw);
                Cond c = conds.peek();
                if (c.inElse) {
                    diag.error(kw, "#elif after #else");
                }
                if (!c.taken && evalCondition(kw, line)) {
                    conds.pop();
                    conds.push(new Cond(c.at, true, false));
                    return;
                }
            } else {
                skipLine();
            }
        }
    }

    // ------------------------------------------------------------------------------------------ #define

    private void defineDirective(Token kw, List<Token> line) {
        if (line.isEmpty() || !line.get(0).isIdent()) {
            diag.error(line.isEmpty() ? kw : line.get(0), line.isEmpty() ? "no macro name given in #define directive"
                    : "macro names must be identifiers");
            return;
        }
        Token name = line.get(0);
        if (name.is("defined")) {
            diag.error(name, "\"defined\" cannot be used as a macro name");
            return;
        }
        int i = 1;
        List<String> params = null;
        boolean variadic = false;
        if (line.size() > 1 && line.get(1).is("(") && !line.get(1).space()) {
            params = new ArrayList<>();
            i = 2;
            boolean ok = false;
            while (i < line.size()) {
                Token t = line.get(i++);
                if (t.is(")") && params.isEmpty() && !variadic) {
                    ok = true;
                    break;
                }
                if (t.is("...")) {
                    variadic = true;
                    params.add("__VA_ARGS__");
                    if (i < line.size() && line.get(i).is(")")) {
                        i++;
                        ok = true;
                    }
                    break;
                }
                if (!t.isIdent()) {
                    diag.error(t, "expected parameter name, found \"" + t.text() + "\"");
                    return;
                }
                Token sep = i < line.size() ? line.get(i++) : null;
                if (sep != null && sep.is("...")) {
                    variadic = true;
                    params.add(t.text());
                    if (i < line.size() && line.get(i).is(")")) {
                        i++;
                        ok = true;
                    }
                    break;
                }
                params.add(t.text());
                if (sep != null && sep.is(")")) {
                    ok = true;
                    break;
                }
                if (sep == null || !sep.is(",")) {
                    diag.error(sep == null ? t : sep, "expected ',' or ')', found \""
                            + (sep == null ? "" : sep.text()) + "\"");
                    return;
                }
            }
            if (!ok) {
                diag.error(name, "missing ')' in macro parameter list");
                return;
            }
        } else if (line.size() > 1 && !line.get(1).space()) {
            diag.warning(line.get(1), "missing whitespace after the macro name");
        }
        List<Token> body = new ArrayList<>(line.subList(i, line.size()));
        if (!body.isEmpty()) {
            if (body.get(0).is("##")) {
                diag.error(body.get(0), "'##' cannot appear at either end of a macro expansion");
                return;
            }
            if (body.get(body.size() - 1).is("##")) {
                diag.error(body.get(body.size() - 1), "'##' cannot appear at either end of a macro expansion");
                return;
            }
        }
        if (params != null) {
            for (int k = 0; k < body.size(); k++) {
                if (body.get(k).is("#") && (k + 1 >= body.size() || !params.contains(body.get(k + 1).text())
                        || !body.get(k + 1).isIdent())) {
                    diag.error(body.get(k), "'#' is not followed by a macro parameter");
                    return;
                }
            }
        }
        Macro m = new Macro(name.text(), params, variadic, body, null);
        Macro old = macros.get(name.text());
        if (old != null && !old.sameAs(m) && !name.fileName().equals("<command-line>")) {
            diag.warning(name, "\"" + name.text() + "\" redefined");
        }
        macros.put(name.text(), m);
    }

    // ------------------------------------------------------------------------------------------ #include

    private void include(Token kw, List<Token> line) {
        List<Token> l = line;
        if (!l.isEmpty() && l.get(0).kind() != Token.Kind.STRING && !l.get(0).is("<")) {
            l = expandLine(l);
        }
        if (l.isEmpty()) {
            diag.error(kw, "#include expects \"FILENAME\" or <FILENAME>");
            return;
        }
        String name;
        boolean quoted;
        Token first = l.get(0);
        int end;
        if (first.kind() == Token.Kind.STRING && first.text().startsWith("\"")) {
            name = first.text().substring(1, first.text().length() - 1);
            quoted = true;
            end = 1;
        } else if (first.is("<")) {
            StringBuilder sb = new StringBuilder();
            int k = 1;
            while (k < l.size() && !l.get(k).is(">")) {
                if (k > 1 && l.get(k).space()) {
                    sb.append(' ');
                }
                sb.append(l.get(k).text());
                k++;
            }
            if (k >= l.size()) {
                diag.error(first, "missing terminating > character");
                return;
            }
            name = sb.toString();
            quoted = false;
            end = k + 1;
        } else {
            diag.error(first, "#include expects \"FILENAME\" or <FILENAME>");
            return;
        }
        if (l.size() > end && l == line) {
            extraTokens(l, end, "#include");
        }
        SourceFile includer = kw.file();
        SourceFile f = resolver.resolve(name, quoted, includer);
        if (f == null) {
            diag.error(first, name + ": No such file or directory");
            String why = resolver.whyMissing(name);
            if (why != null) {
                diag.note(first, why);
            }
            throw new Diagnostics.Fatal();
        }
        if (pragmaOnce.contains(f.name())) {
            return;
        }
        int depth = depthOf.getOrDefault(includer, 0) + 1;
        if (depth > Limits.MAX_INCLUDE_DEPTH) {
            throw diag.fatal(first, "#include nested depth " + depth + " exceeds maximum of "
                    + Limits.MAX_INCLUDE_DEPTH);
        }
        depthOf.put(f, depth);
        List<Token> toks = Tokenizer.tokenize(f, diag);
        // The included file's EOF is kept: it ends a directive line that the file leaves unterminated.
        for (int k = toks.size() - 1; k >= 0; k--) {
            input.push(toks.get(k));
        }
    }

    private void lineDirective(Token kw, List<Token> line) {
        if (line.isEmpty() || line.get(0).kind() != Token.Kind.NUMBER || !line.get(0).text().matches("[0-9]+")) {
            diag.error(line.isEmpty() ? kw : line.get(0), "\"" + (line.isEmpty() ? "" : line.get(0).text())
                    + "\" after #line is not a positive integer");
            return;
        }
        String digits = line.get(0).text();
        int newLine = digits.length() > 10 ? Integer.MAX_VALUE
                : (int) Math.min(Integer.MAX_VALUE, Long.parseLong(digits));
        String newName = null;
        if (line.size() > 1) {
            Token s = line.get(1);
            if (s.kind() != Token.Kind.STRING) {
                diag.error(s, "invalid filename \"" + s.text() + "\"");
                return;
            }
            newName = s.text().substring(1, s.text().length() - 1);
        }
        // The file's tokens after this line are renumbered as they are read (Input.pollFirst).
        if (kw.file() != null) {
            lineMaps.put(kw.file(), new LineMap(kw.physLine(), newLine, newName != null ? newName : kw.fileName()));
        }
    }

    // ------------------------------------------------------------------------------------------ expansion

    /**
     * If {@code t} names a macro that may expand here, pushes its expansion on the input and returns true.
     */
    private boolean expand(Token t) {
        if (!t.isIdent() || t.hideset().contains(t.text())) {
            return false;
        }
        Macro m = macros.get(t.text());
        if (m == null) {
            return false;
        }
        if (listDepth == 0 && t.hideset().isEmpty()) {
            expansionTokens = 0;
            expansionRoot = t;
        }
        if (m.builtin() != null) {
            input.push(m.builtin().apply(t).withSpace(t.space()).withBol(false));
            return true;
        }
        if (!m.isFunctionLike()) {
            Set<String> hs = union(t.hideset(), m.name());
            List<Token> body = new ArrayList<>();
            List<Token> mb = m.body();
            for (int i = 0; i < mb.size(); i++) {
                Token b = mb.get(i);
                if (b.is("##") && !body.isEmpty() && i + 1 < mb.size()) {
                    // ## pastes in object-like macros too (6.10.3.3): `# ## #` is the token ##.
                    Token lhs = body.remove(body.size() - 1);
                    body.add(paste(lhs, mb.get(++i).at(t), t).withHideset(hs).withBol(false));
                    continue;
                }
                body.add(b.at(t).withHideset(union(b.hideset(), hs)).withBol(false));
            }
            pushExpansion(t, body);
            return true;
        }
        Token paren = input.peek();
        if (paren == null || !paren.is("(")) {
            return false;
        }
        input.poll();
        List<List<Token>> args = new ArrayList<>();
        Token rparen = readArgs(t, m, args);
        if (rparen == null) {
            return true;
        }
        Set<String> hs = new HashSet<>(t.hideset());
        hs.retainAll(rparen.hideset());
        hs.add(m.name());
        List<Token> body = subst(m, args, t);
        List<Token> out = new ArrayList<>();
        for (Token b : body) {
            out.add(b.withHideset(union(b.hideset(), hs)).withBol(false));
        }
        pushExpansion(t, out);
        return true;
    }

    private void pushExpansion(Token use, List<Token> body) {
        countExpansion(use, body.size());
        if (!body.isEmpty()) {
            // The expansion starts a line where the use did, so that -E output keeps lines apart (an expansion
            // is never taken for a directive: its tokens carry the macro in their hide set).
            body.set(0, body.get(0).withSpace(use.space()).withBol(use.bol()));
        }
        for (int k = body.size() - 1; k >= 0; k--) {
            input.push(body.get(k));
        }
    }

    /**
     * Counts tokens that a macro invocation produced, and stops the compilation when one top-level invocation
     * produces more than {@link Limits#MAX_MACRO_EXPANSION}: a macro that doubles at each level would
     * otherwise run until memory or patience ran out.
     */
    private void countExpansion(Token use, int n) {
        expansionTokens += n;
        if (expansionTokens > Limits.MAX_MACRO_EXPANSION) {
            Token root = expansionRoot != null ? expansionRoot : use;
            throw diag.fatal(root, "expansion of macro '" + root.text() + "' is too large (more than "
                    + Limits.MAX_MACRO_EXPANSION + " tokens)");
        }
    }

    private static Set<String> union(Set<String> a, String name) {
        if (a.contains(name)) {
            return a;
        }
        Set<String> s = new HashSet<>(a);
        s.add(name);
        return s;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        if (a.isEmpty()) {
            return b;
        }
        if (b.isEmpty()) {
            return a;
        }
        Set<String> s = new HashSet<>(a);
        s.addAll(b);
        return s;
    }

    /** Reads a macro call's arguments after its '('; returns the ')' or null after reporting an error. */
    private Token readArgs(Token name, Macro m, List<List<Token>> args) {
        int depth = 0;
        Token rparen;
        List<Token> cur = new ArrayList<>();
        while (true) {
            Token t = input.poll();
            if (t == null || t.kind() == Token.Kind.EOF) {
                if (t != null) {
                    input.push(t);
                }
                diag.error(name, "unterminated argument list invoking macro \"" + m.name() + "\"");
                return null;
            }
            if (t.bol() && t.is("#") && t.hideset().isEmpty()) {
                // A directive inside macro arguments: gcc carries it out; so do we.
                directive(t);
                continue;
            }
            if (depth == 0 && t.is(")")) {
                args.add(cur);
                rparen = t;
                break;
            }
            if (depth == 0 && t.is(",") && !(m.variadic() && args.size() == m.params().size() - 1)) {
                args.add(cur);
                cur = new ArrayList<>();
                continue;
            }
            if (t.is("(")) {
                depth++;
            } else if (t.is(")")) {
                depth--;
            }
            cur.add(t.withBol(false));
        }
        int want = m.params().size();
        if (want == 0 && args.size() == 1 && args.get(0).isEmpty()) {
            args.clear();
        }
        if (m.variadic() && args.size() == want - 1) {
            args.add(new ArrayList<>());
        }
        if (args.size() != want) {
            diag.error(name, "macro \"" + m.name() + "\" " + (args.size() < want ? "requires " : "passed ")
                    + (args.size() < want ? want : args.size()) + " arguments, but "
                    + (args.size() < want ? "only " + args.size() + " given" : "takes just " + want));
            return null;
        }
        return rparen;
    }

    private int paramIndex(Macro m, Token t) {
        return t.isIdent() ? m.params().indexOf(t.text()) : -1;
    }

    /** Substitutes arguments into a function-like macro's body (C99 6.10.3.1-3). */
    private List<Token> subst(Macro m, List<List<Token>> args, Token use) {
        List<Token> body = m.body();
        List<Token> out = new ArrayList<>();
        for (int i = 0; i < body.size(); i++) {
            Token t = body.get(i);
            if (t.is("#") && i + 1 < body.size() && paramIndex(m, body.get(i + 1)) >= 0) {
                out.add(stringize(args.get(paramIndex(m, body.get(i + 1))), use).withSpace(t.space()));
                i++;
                continue;
            }
            // GNU: `, ## __VA_ARGS__` drops the comma when the variable arguments are empty.
            if (t.is(",") && i + 2 < body.size() && body.get(i + 1).is("##") && m.variadic()
                    && paramIndex(m, body.get(i + 2)) == m.params().size() - 1) {
                List<Token> va = args.get(m.params().size() - 1);
                if (va.isEmpty()) {
                    i += 2;
                } else {
                    out.add(t.at(use));
                    for (Token a : va) {
                        out.add(a);
                    }
                    i += 2;
                }
                continue;
            }
            if (t.is("##")) {
                if (out.isEmpty() || i + 1 >= body.size()) {
                    continue;
                }
                Token rhs = body.get(i + 1);
                int pi = paramIndex(m, rhs);
                if (pi >= 0) {
                    List<Token> arg = args.get(pi);
                    if (!arg.isEmpty()) {
                        Token lhs = out.remove(out.size() - 1);
                        out.add(paste(lhs, arg.get(0), use));
                        out.addAll(arg.subList(1, arg.size()));
                    }
                } else {
                    Token lhs = out.remove(out.size() - 1);
                    out.add(paste(lhs, rhs.at(use), use));
                }
                i++;
                continue;
            }
            int pi = paramIndex(m, t);
            if (pi >= 0) {
                List<Token> arg = args.get(pi);
                if (i + 1 < body.size() && body.get(i + 1).is("##")) {
                    if (arg.isEmpty()) {
                        // An empty left operand of ##: the right operand stands alone.
                        if (i + 2 < body.size()) {
                            int pj = paramIndex(m, body.get(i + 2));
                            if (pj >= 0) {
                                out.addAll(args.get(pj));
                            } else {
                                out.add(body.get(i + 2).at(use));
                            }
                        }
                        i += 2;
                        continue;
                    }
                    for (Token a : arg) {
                        out.add(a);
                    }
                    continue;
                }
                List<Token> expanded = expandList(arg);
                boolean first = true;
                for (Token a : expanded) {
                    out.add(first ? a.withSpace(t.space()) : a);
                    first = false;
                }
                continue;
            }
            out.add(t.at(use));
        }
        return out;
    }

    private Token stringize(List<Token> arg, Token use) {
        StringBuilder sb = new StringBuilder("\"");
        boolean first = true;
        for (Token a : arg) {
            if (!first && a.space()) {
                sb.append(' ');
            }
            first = false;
            String s = a.text();
            if (a.kind() == Token.Kind.STRING || a.kind() == Token.Kind.CHAR) {
                s = s.replace("\\", "\\\\").replace("\"", "\\\"");
            }
            sb.append(s);
        }
        return use.withText(Token.Kind.STRING, sb.append('"').toString()).withHideset(Set.of());
    }

    private Token paste(Token lhs, Token rhs, Token use) {
        String s = lhs.text() + rhs.text();
        SourceFile f = new SourceFile(use.fileName(), s);
        Diagnostics quiet = new Diagnostics();
        List<Token> toks = Tokenizer.tokenize(f, quiet);
        if (toks.size() != 2 || quiet.hasErrors()) {
            diag.error(use, "pasting \"" + lhs.text() + "\" and \"" + rhs.text()
                    + "\" does not give a valid preprocessing token");
            return lhs;
        }
        Token r = toks.get(0);
        return new Token(r.kind(), r.text(), use.file(), use.fileName(), use.line(), use.physLine(), use.col(),
                false, lhs.space(), union(lhs.hideset(), rhs.hideset()));
    }

    /** Fully macro-expands a token list on its own (a macro argument, a directive's operands). */
    private List<Token> expandList(List<Token> toks) {
        if (listDepth == 0) {
            expansionTokens = 0;
            expansionRoot = toks.isEmpty() ? null : toks.get(0);
        }
        if (listDepth >= Limits.MAX_MACRO_NESTING) {
            throw diag.fatal(toks.isEmpty() ? expansionRoot : toks.get(0), "macro invocations nested too deeply "
                    + "in macro arguments (the limit is " + Limits.MAX_MACRO_NESTING + ")");
        }
        // The list is read from an input of its own: copying the rest of the file aside, as a simpler version
        // did, made every macro call and #if cost time in proportion to the file.
        Input saved = input;
        input = new Input();
        for (Token t : toks) {
            input.add(t.withBol(false));
        }
        listDepth++;
        List<Token> out = new ArrayList<>();
        try {
            while (!input.isEmpty()) {
                Token t = input.poll();
                if (!expand(t)) {
                    out.add(t);
                }
            }
        } finally {
            listDepth--;
            input = saved;
        }
        return out;
    }

    private List<Token> expandLine(List<Token> toks) {
        return expandList(toks);
    }

    // ------------------------------------------------------------------------------------------ #if

    private boolean evalCondition(Token kw, List<Token> line) {
        List<Token> l = new ArrayList<>();
        for (int i = 0; i < line.size(); i++) {
            Token t = line.get(i);
            if (t.is("defined")) {
                Token name;
                if (i + 1 < line.size() && line.get(i + 1).is("(")) {
                    if (i + 3 >= line.size() || !line.get(i + 2).isIdent() || !line.get(i + 3).is(")")) {
                        diag.error(t, "operator \"defined\" requires an identifier");
                        return false;
                    }
                    name = line.get(i + 2);
                    i += 3;
                } else if (i + 1 < line.size() && line.get(i + 1).isIdent()) {
                    name = line.get(i + 1);
                    i += 1;
                } else {
                    diag.error(t, "operator \"defined\" requires an identifier");
                    return false;
                }
                l.add(t.withText(Token.Kind.NUMBER, macros.containsKey(name.text()) ? "1" : "0"));
            } else if ((t.is("__has_include") || t.is("__has_include_next")) && i + 1 < line.size()
                    && line.get(i + 1).is("(")) {
                int j = i + 2;
                StringBuilder sb = new StringBuilder();
                boolean quoted = j < line.size() && line.get(j).kind() == Token.Kind.STRING;
                if (quoted) {
                    String s = line.get(j).text();
                    sb.append(s, 1, s.length() - 1);
                    j++;
                } else if (j < line.size() && line.get(j).is("<")) {
                    j++;
                    while (j < line.size() && !line.get(j).is(">")) {
                        sb.append(line.get(j++).text());
                    }
                    j++;
                }
                while (j < line.size() && !line.get(j).is(")")) {
                    j++;
                }
                i = j;
                l.add(t.withText(Token.Kind.NUMBER, resolver.resolve(sb.toString(), quoted, kw.file()) != null
                        ? "1" : "0"));
            } else {
                l.add(t);
            }
        }
        List<Token> expanded = expandList(l);
        if (expanded.isEmpty()) {
            diag.error(kw, "#" + kw.text() + " with no expression");
            return false;
        }
        try {
            ConstExpr ce = new ConstExpr(expanded, diag);
            return ce.evaluate() != 0;
        } catch (ConstExpr.Failure e) {
            return false;
        }
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    private static String spell(List<Token> line) {
        StringBuilder sb = new StringBuilder();
        for (Token t : line) {
            if (sb.length() > 0 && t.space()) {
                sb.append(' ');
            }
            sb.append(t.text());
        }
        return sb.toString();
    }

    /** The text of the preprocessed tokens, as {@code scmpcc -E} prints it, with line markers. */
    public static String render(List<Token> toks) {
        StringBuilder sb = new StringBuilder();
        String file = null;
        int line = 0;
        boolean first = true;
        for (Token t : toks) {
            if (t.kind() == Token.Kind.EOF) {
                break;
            }
            if (!t.fileName().equals(file) || (t.bol() && (t.line() < line || t.line() > line + 8))) {
                if (!first) {
                    sb.append('\n');
                }
                sb.append("# ").append(t.line()).append(" \"").append(t.fileName()).append("\"\n");
                file = t.fileName();
                line = t.line();
                for (int i = 1; i < t.col(); i++) {
                    sb.append(' ');
                }
            } else if (t.bol() && t.line() != line) {
                while (line < t.line()) {
                    sb.append('\n');
                    line++;
                }
                for (int i = 1; i < t.col(); i++) {
                    sb.append(' ');
                }
            } else if (t.space() && !first) {
                sb.append(' ');
            }
            first = false;
            sb.append(t.text());
        }
        return sb.append('\n').toString();
    }

    /** The names of the macros defined now, for tests. */
    public Map<String, String> macroBodies() {
        Map<String, String> m = new LinkedHashMap<>();
        macros.forEach((k, v) -> m.put(k, v.builtin() != null ? "<builtin>" : spell(v.body())));
        return m;
    }
}
