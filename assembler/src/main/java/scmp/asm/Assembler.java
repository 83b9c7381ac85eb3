package scmp.asm;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.antlr.v4.runtime.BailErrorStrategy;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonToken;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ListTokenSource;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.atn.PredictionMode;
import org.antlr.v4.runtime.misc.IntervalSet;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import scmp.diag.Diagnostic;
import scmp.diag.DiagnosticException;
import scmp.elf.LineTable;
import scmp.elf.ObjectFile;
import scmp.elf.Relocation;
import scmp.elf.Section;
import scmp.elf.Symbol;
import scmp.isa.Abi;
import scmp.isa.EncodingException;
import scmp.isa.Format;
import scmp.isa.HostCall;
import scmp.isa.ImmKind;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.MessageType;
import scmp.isa.Operand;
import scmp.isa.Pseudo;
import scmp.isa.Registers;
import scmp.isa.RelocType;
import scmp.isa.SpecialRegister;

/**
 * The SCMP assembler: assembly source in, relocatable object ({@link ObjectFile}) out. The language is
 * described in docs/assembler.md; instruction syntax comes from the {@link Instruction} and {@link Pseudo}
 * tables, so this class knows no opcode or encoding.
 *
 * <p>It works in one pass over the source with fix-ups: labels get their offsets as they are met, every
 * instruction and data item gets its space at once, and immediates that depend on symbols are evaluated again
 * at the end of the file, when every label is known. The only sizes that depend on values are those of
 * {@code li} and of a load or store of a symbol; they are chosen from what is known at that line (a value not
 * known yet takes the long form), so sizes never change afterwards.
 *
 * <p>Errors do not stop the run: a bad statement is reported and skipped, and everything else is still
 * checked, so one run reports every error it can find (up to {@value #MAX_ERRORS}).
 */
public final class Assembler {
    /** After this many errors the assembler gives up: further ones are usually consequences. */
    public static final int MAX_ERRORS = 100;
    /** No section may grow beyond a node's memory; this also bounds what bad input can make us allocate. */
    static final int MAX_SECTION_SIZE = Abi.MAX_MEM_SIZE;
    /** Deeper parenthesis nesting is refused before parsing, so that no input can exhaust the stack. */
    static final int MAX_NESTING = 100;

    /**
     * Assembles {@code source} into a relocatable object.
     *
     * @param fileName the name used in diagnostics and, with its extension replaced by {@code .o}, as the
     *                 object's name
     * @param source   the assembly text
     * @return the object file
     * @throws DiagnosticException with every error found, each with file, line, column and source line
     */
    public static ObjectFile assemble(String fileName, String source) throws DiagnosticException {
        Assembler a = new Assembler(fileName, source);
        try {
            return a.run();
        } catch (StackOverflowError e) {
            a.diags.add(Diagnostic.error(fileName, 0, 0, "input too complex to assemble (nested too deeply)", null));
            throw new DiagnosticException(a.diags);
        }
    }

    /**
     * Assembles source given as bytes, which must be UTF-8 text. A file that is not (a binary file, another
     * encoding) is reported as one error with the position of the first bad byte, rather than as a flood of
     * syntax errors.
     */
    public static ObjectFile assemble(String fileName, byte[] source) throws DiagnosticException {
        return assemble(fileName, decodeUtf8(fileName, source));
    }

    /** Decodes UTF-8 strictly; a leading byte-order mark is dropped. */
    public static String decodeUtf8(String fileName, byte[] bytes) throws DiagnosticException {
        try {
            String s = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return s.startsWith("\uFEFF") ? s.substring(1) : s;
        } catch (CharacterCodingException e) {
            int bad = firstInvalidUtf8(bytes);
            int line = 1;
            int lineStart = 0;
            for (int i = 0; i < bad; i++) {
                if (bytes[i] == '\n') {
                    line++;
                    lineStart = i + 1;
                }
            }
            throw new DiagnosticException(Diagnostic.error(fileName, line, bad - lineStart + 1, String.format(
                    "not a UTF-8 text file: invalid byte 0x%02x at offset %d (is this a binary file?)",
                    bytes[bad] & 0xFF, bad), null));
        }
    }

    private static int firstInvalidUtf8(byte[] b) {
        int i = 0;
        while (i < b.length) {
            int c = b[i] & 0xFF;
            int n;
            int min;
            if (c < 0x80) {
                i++;
                continue;
            } else if (c >= 0xC2 && c <= 0xDF) {
                n = 1;
                min = 0x80;
            } else if (c >= 0xE0 && c <= 0xEF) {
                n = 2;
                min = 0x800;
            } else if (c >= 0xF0 && c <= 0xF4) {
                n = 3;
                min = 0x10000;
            } else {
                return i;
            }
            int cp = c & (0x3F >> n);
            for (int k = 1; k <= n; k++) {
                if (i + k >= b.length || (b[i + k] & 0xC0) != 0x80) {
                    return i;
                }
                cp = (cp << 6) | (b[i + k] & 0x3F);
            }
            if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
                return i;
            }
            i += n + 1;
        }
        return Math.max(0, b.length - 1);
    }

    // ------------------------------------------------------------------ state

    private final String fileName;
    private final String text;
    private final String[] lines;
    private final List<Diagnostic> diags = new ArrayList<>();
    private int errors;
    private boolean gaveUp;

    private final Map<String, SectionBuffer> sections = new LinkedHashMap<>();
    private SectionBuffer cur;
    private SectionBuffer prev;
    /** Bytes in all sections so far, to bound what any input can make the assembler allocate. */
    private long totalSize;
    private final Map<String, SymEntry> symbols = new LinkedHashMap<>();
    private final Map<Long, Integer> localCounts = new HashMap<>();
    private final List<InsnFixup> insnFixups = new ArrayList<>();
    private final List<DataFixup> dataFixups = new ArrayList<>();
    private final List<SizeFixup> sizeFixups = new ArrayList<>();
    private final Map<Long, String> lineFiles = new HashMap<>();
    private final List<LineEntry> lineEntries = new ArrayList<>();
    private String fileSymbol;
    private final AsmParser parser = newParser();
    /** Stateless, so one instance serves every line and template. */
    private static final AstBuilder BUILDER = new AstBuilder();

    /** An instruction ready to be placed: register operands known, the immediate still an expression. */
    private record Planned(Instruction insn, long[] values, int immIndex, Expr imm, Pos immPos) {
    }

    private record InsnFixup(SectionBuffer sec, int offset, Planned p, Value pre, Value dot) {
    }

    private record DataFixup(SectionBuffer sec, int offset, int size, String directive, Expr expr, Value pre,
                             Value dot, Pos pos) {
    }

    private record SizeFixup(SymEntry sym, Expr expr, Value dot, Pos pos) {
    }

    private record LineEntry(SectionBuffer sec, int offset, String file, long line, long column) {
    }

    private final java.util.Set<String> declared;

    private Assembler(String fileName, String source) {
        this.fileName = fileName;
        this.text = source.replace("\r\n", "\n").replace('\r', '\n');
        this.lines = text.split("\n", -1);
        this.declared = declaredNames(text);
        cur = section(".text", null, null, null);
        section(".data", null, null, null);
        section(".bss", null, null, null);
    }

    // ------------------------------------------------------------------ driver

    private ObjectFile run() throws DiagnosticException {
        int nul = text.indexOf('\0');
        if (nul >= 0) {
            int line = 1;
            int start = 0;
            for (int i = 0; i < nul; i++) {
                if (text.charAt(i) == '\n') {
                    line++;
                    start = i + 1;
                }
            }
            error(new Pos(line, nul - start + 1), "not assembly source: the input contains NUL characters "
                    + "(is this a binary file?)");
            throw new DiagnosticException(diags);
        }
        AsmLexer lexer = new AsmLexer(CharStreams.fromString(text, fileName));
        lexer.removeErrorListeners();
        List<Token> line = new ArrayList<>();
        for (Token t = lexer.nextToken(); t.getType() != Token.EOF; t = lexer.nextToken()) {
            if (gaveUp) {
                break;
            }
            int type = t.getType();
            if (type == AsmLexer.NEWLINE) {
                flushLine(line);
            } else if (t.getChannel() != Token.DEFAULT_CHANNEL) {
                if (t.getText().indexOf('\n') >= 0) {
                    flushLine(line);
                }
            } else {
                line.add(t);
            }
        }
        if (!gaveUp) {
            flushLine(line);
        }
        if (!gaveUp) {
            finish();
        }
        if (errors > 0) {
            // A two-instruction expansion can report the same problem twice; once is enough.
            List<Diagnostic> sorted = new ArrayList<>(new java.util.LinkedHashSet<>(diags));
            sorted.sort(Comparator.comparingInt(Diagnostic::line).thenComparingInt(Diagnostic::column));
            if (gaveUp) {
                sorted.add(Diagnostic.error(fileName, 0, 0, "too many errors (" + MAX_ERRORS + "); stopping", null));
            }
            throw new DiagnosticException(sorted);
        }
        return build();
    }

    private void flushLine(List<Token> tokens) {
        if (tokens.isEmpty()) {
            return;
        }
        List<Token> toks = new ArrayList<>(tokens);
        tokens.clear();
        try {
            for (Stmt s : parse(toks, parser)) {
                if (gaveUp) {
                    return;
                }
                try {
                    statement(s);
                } catch (AsmError e) {
                    error(e.pos(), e.getMessage());
                }
            }
        } catch (AsmError e) {
            error(e.pos(), e.getMessage());
        } catch (StackOverflowError e) {
            Token t = toks.get(0);
            error(AstBuilder.pos(t), "line too complex (expressions nested too deeply)");
        }
    }

    /** Parses one line's tokens into statements; lexical and syntax errors become {@link AsmError}. */
    /** A parser for one file's lines; reused because constructing one per line costs more than parsing it. */
    private static AsmParser newParser() {
        AsmParser parser = new AsmParser(null);
        parser.removeErrorListeners();
        parser.setErrorHandler(new BailErrorStrategy());
        return parser;
    }

    private static List<Stmt> parse(List<Token> toks, AsmParser parser) {
        int depth = 0;
        int prefixRun = 0;
        for (Token t : toks) {
            String problem = switch (t.getType()) {
                case AsmLexer.ERRCHAR -> describeBadChar(t.getText());
                case AsmLexer.UNTERMINATED_STRING -> "unterminated string (missing closing '\"')";
                case AsmLexer.UNTERMINATED_CHAR -> "unterminated character constant (missing closing \"'\")";
                case AsmLexer.UNTERMINATED_COMMENT -> "unterminated comment (missing '*/')";
                case AsmLexer.BADNUMBER -> "invalid number '" + t.getText() + "'";
                default -> null;
            };
            if (problem != null) {
                throw new AsmError(AstBuilder.pos(t), problem);
            }
            if (t.getType() == AsmLexer.LPAREN || t.getType() == AsmLexer.RELOC_OP) {
                if (++depth > MAX_NESTING) {
                    throw new AsmError(AstBuilder.pos(t), "parentheses nested too deeply (more than " + MAX_NESTING + ")");
                }
            } else if (t.getType() == AsmLexer.RPAREN) {
                depth--;
            }
            // A run of operators nests like parentheses: "- - - 1" is three unary expressions deep.
            boolean prefix = t.getType() == AsmLexer.MINUS || t.getType() == AsmLexer.PLUS
                    || t.getType() == AsmLexer.TILDE;
            prefixRun = prefix ? prefixRun + 1 : 0;
            if (prefixRun > MAX_NESTING) {
                throw new AsmError(AstBuilder.pos(t), "too many unary operators in a row (more than " + MAX_NESTING + ")");
            }
        }
        Token last = toks.get(toks.size() - 1);
        CommonToken eof = new CommonToken(Token.EOF, "<EOF>");
        eof.setLine(last.getLine());
        eof.setCharPositionInLine(last.getCharPositionInLine() + last.getText().length());
        List<Token> withEof = new ArrayList<>(toks);
        withEof.add(eof);
        // The usual two-stage ANTLR strategy: the fast SLL prediction first, full LL only if SLL fails (a
        // real syntax error, or one of the rare inputs only LL can decide).
        AsmParser.LineContext ctx;
        try {
            parser.setTokenStream(new CommonTokenStream(new ListTokenSource(withEof)));
            parser.getInterpreter().setPredictionMode(PredictionMode.SLL);
            ctx = parser.line();
        } catch (ParseCancellationException sll) {
            parser.setTokenStream(new CommonTokenStream(new ListTokenSource(withEof)));
            parser.getInterpreter().setPredictionMode(PredictionMode.LL);
            try {
                ctx = parser.line();
            } catch (ParseCancellationException e) {
                throw syntaxError(parser, e, withEof);
            }
        }
        return BUILDER.line(ctx);
    }

    private static String describeBadChar(String s) {
        int cp = s.codePointAt(0);
        if (cp < 0x20 || cp == 0x7F || Character.isISOControl(cp)) {
            return String.format("unexpected control character U+%04X", cp);
        }
        return "unexpected character '" + s + "'";
    }

    private static boolean startsOperand(int type) {
        return type == AsmLexer.IDENT || type == AsmLexer.NUMBER || type == AsmLexer.STRING || type == AsmLexer.CHAR
                || type == AsmLexer.FLOAT || type == AsmLexer.LOCALREF;
    }

    private static boolean endsOperand(int type) {
        return startsOperand(type) || type == AsmLexer.RPAREN;
    }

    private static AsmError syntaxError(AsmParser parser, ParseCancellationException e, List<Token> toks) {
        Token off = parser.getCurrentToken();
        IntervalSet expected = null;
        if (e.getCause() instanceof RecognitionException re) {
            if (re.getOffendingToken() != null) {
                off = re.getOffendingToken();
            }
            try {
                expected = re.getExpectedTokens();
            } catch (RuntimeException ignored) {
                expected = null;
            }
        }
        int i = off.getTokenIndex();
        if (i >= 2 && i < toks.size() && startsOperand(off.getType()) && endsOperand(toks.get(i - 1).getType())
                && toks.get(i - 2).getType() == AsmLexer.COMMA) {
            // "add a0, a1 a2": an operand right after an operand of a comma-separated list.
            return new AsmError(AstBuilder.pos(off), "missing ',' between operands");
        }
        String what = switch (off.getType()) {
            case Token.EOF -> "end of line";
            case AsmLexer.STRING -> "string " + off.getText();
            case AsmLexer.CHAR -> "character constant " + off.getText();
            default -> "'" + off.getText() + "'";
        };
        boolean startsStatement = i == 0 || i > 0 && i <= toks.size() && (toks.get(i - 1).getType() == AsmLexer.SEMI
                || toks.get(i - 1).getType() == AsmLexer.COLON);
        if (startsStatement && off.getType() != Token.EOF && off.getType() != AsmLexer.COLON) {
            return new AsmError(AstBuilder.pos(off), "syntax error: a statement starts with a label, an instruction or "
                    + "a directive, not " + what);
        }
        StringBuilder msg = new StringBuilder("syntax error: unexpected ").append(what);
        if (expected != null && expected.size() == 1) {
            String name = parser.getVocabulary().getLiteralName(expected.getMinElement());
            if (name != null) {
                msg.append(", expected ").append(name);
            }
        }
        return new AsmError(AstBuilder.pos(off), msg.toString());
    }

    private void error(Pos pos, String message) {
        int line = pos == null ? 0 : pos.line();
        int col = pos == null ? 0 : pos.col();
        String src = line >= 1 && line <= lines.length ? lines[line - 1] : null;
        diags.add(Diagnostic.error(fileName, line, col, message, src));
        if (++errors >= MAX_ERRORS) {
            gaveUp = true;
        }
    }

    // ------------------------------------------------------------------ statements

    private void statement(Stmt s) {
        for (Stmt.Label l : s.labels()) {
            defineLabel(l);
        }
        Stmt.Op op = s.op();
        if (op instanceof Stmt.Assign a) {
            assign(a.name(), a.pos(), bindLocals(a.value()), false);
        } else if (op instanceof Stmt.Insn raw) {
            Stmt.Insn in = bindLocals(raw);
            String m = in.mnemonic().toLowerCase(Locale.ROOT);
            if (in.spaceSeparated() && !m.equals(".file") && !m.equals(".loc")) {
                throw new AsmError(in.args().get(1).pos(), "missing ',' between operands");
            }
            if (m.startsWith(".")) {
                directive(m, in);
            } else {
                instruction(m, in);
            }
        }
    }

    private static String localName(long label, int ordinal) {
        return ".L" + label + "^" + ordinal;
    }

    private void defineLabel(Stmt.Label l) {
        String name;
        if (l.numeric()) {
            int n = localCounts.getOrDefault(l.number(), 0);
            localCounts.put(l.number(), n + 1);
            name = localName(l.number(), n);
        } else {
            name = l.name();
            if (name.equals(".")) {
                throw new AsmError(l.pos(), "'.' is the location counter and cannot be a label");
            }
        }
        SymEntry e = symbols.computeIfAbsent(name, SymEntry::new);
        if (e.isDefined()) {
            throw duplicate(e, l.pos());
        }
        e.kind = SymEntry.Kind.LABEL;
        e.section = cur.name;
        e.offset = cur.size();
        e.defPos = l.pos();
    }

    private static AsmError duplicate(SymEntry e, Pos pos) {
        String where = e.defPos != null ? " (first defined on line " + e.defPos.line() + ")" : "";
        return new AsmError(pos, "symbol '" + e.name + "' is already defined" + where);
    }

    /** Binds {@code 1b}/{@code 1f} to the numeric label they mean at this point of the file. */
    private Expr bindLocals(Expr e) {
        return Expr.mapLeaves(e, leaf -> {
            if (leaf instanceof Expr.LocalRef r) {
                int n = localCounts.getOrDefault(r.label(), 0);
                if (!r.forward()) {
                    if (n == 0) {
                        throw new AsmError(r.pos(), "numeric label " + r.label() + " is not defined before this "
                                + "reference (" + r.label() + "b)");
                    }
                    return new Expr.Sym(localName(r.label(), n - 1), r.pos());
                }
                return new Expr.Sym(localName(r.label(), n), r.pos());
            }
            return leaf;
        });
    }

    private Stmt.Insn bindLocals(Stmt.Insn in) {
        List<Arg> args = new ArrayList<>(in.args().size());
        for (Arg a : in.args()) {
            if (a instanceof Arg.ExprArg e) {
                args.add(new Arg.ExprArg(bindLocals(e.expr()), e.pos(), e.text()));
            } else if (a instanceof Arg.MemArg m && m.offset() != null) {
                args.add(new Arg.MemArg(bindLocals(m.offset()), m.base(), m.basePos(), m.pos(), m.text()));
            } else {
                args.add(a);
            }
        }
        return new Stmt.Insn(in.mnemonic(), args, in.spaceSeparated(), in.pos());
    }

    // ------------------------------------------------------------------ evaluation scopes

    private enum Mode {
        /** End of file: an undefined symbol is external. */
        FINAL,
        /** While assembling a line: an undefined symbol means "not known yet". */
        TRY,
        /** The value must be known now (.equ, .space, ...): an undefined symbol is an error. */
        STRICT
    }

    private Evaluator.Scope scope(Value dot, Mode mode, String what) {
        return new Evaluator.Scope() {
            @Override
            public Value dot() {
                return dot;
            }

            @Override
            public Value symbol(Expr.Sym s) {
                String name = s.name();
                SymEntry e = symbols.get(name);
                if (e != null && e.isDefined()) {
                    return e.kind == SymEntry.Kind.EQU ? e.value : Value.rel(e, 0);
                }
                SectionBuffer sec = sections.get(name);
                if (sec != null) {
                    return Value.rel(sec.symbol, 0);
                }
                switch (mode) {
                    case TRY:
                        throw Evaluator.NotYet.INSTANCE;
                    case STRICT:
                        throw new AsmError(s.pos(), "undefined symbol '" + displayName(name) + "' in " + what
                                + " (it must be defined earlier in the file)");
                    default:
                        if (name.startsWith(".L")) {
                            int caret = name.indexOf('^');
                            if (caret > 0) {
                                String n = name.substring(2, caret);
                                throw new AsmError(s.pos(), "numeric label " + n + " is not defined after this "
                                        + "reference (" + n + "f)");
                            }
                            throw new AsmError(s.pos(), "undefined local label '" + name + "'");
                        }
                        return Value.rel(symbols.computeIfAbsent(name, SymEntry::new), 0);
                }
            }
        };
    }

    private static String displayName(String internal) {
        int caret = internal.indexOf('^');
        return internal.startsWith(".L") && caret > 0 ? internal.substring(2, caret) : internal;
    }

    private Value dotNow() {
        return Value.rel(cur.symbol, cur.size());
    }

    /** The value if every symbol in it is known at this point, else null. */
    private Value tryEval(Expr e, Value dot) {
        try {
            return Evaluator.eval(e, scope(dot, Mode.TRY, null));
        } catch (Evaluator.NotYet n) {
            return null;
        }
    }

    /** A constant that must be known at this point of the file. */
    private long constNow(Expr e, String what) {
        Value v = Evaluator.eval(e, scope(dotNow(), Mode.STRICT, what));
        if (!v.isAbs()) {
            throw new AsmError(e.pos(), what + " needs a constant, not a symbol address");
        }
        return v.k();
    }

    private long constNow(Arg a, String what) {
        return constNow(exprOf(a, what), what);
    }

    /** The expression of an operand that must be one ({@code (x)} counts as the expression x). */
    private static Expr exprOf(Arg a, String what) {
        if (a instanceof Arg.ExprArg e) {
            return e.expr();
        }
        if (a instanceof Arg.MemArg m && m.offset() == null) {
            return new Expr.Sym(m.base(), m.basePos());
        }
        throw new AsmError(a.pos(), what + " expects an expression, got '" + a.text() + "'");
    }

    /**
     * Names the source declares anywhere (labels, {@code .equ}/{@code .set}/{@code .comm}/{@code .lcomm}, and the
     * operands of {@code .globl}/{@code .weak}/{@code .extern}/{@code .type}/{@code .size}), found by a quick scan
     * before assembling. An operand that expects an expression and names a register (say a C global called
     * {@code fp} or {@code aT}) is read as that symbol when the file declares it, even later; otherwise it is
     * reported as a register written where an expression belongs.
     */
    private static java.util.Set<String> declaredNames(String text) {
        java.util.Set<String> names = new java.util.HashSet<>();
        java.util.regex.Matcher label = java.util.regex.Pattern
                .compile("(?m)^[ \\t]*([A-Za-z_.$][A-Za-z0-9_.$]*)[ \\t]*:").matcher(text);
        while (label.find()) {
            names.add(label.group(1));
        }
        java.util.regex.Matcher dir = java.util.regex.Pattern.compile(
                "(?mi)^[ \\t]*\\.(?:globl|global|weak|extern|type|size|equ|set|equiv|comm|lcomm)[ \\t]+([^#\\n;]*)")
                .matcher(text);
        while (dir.find()) {
            for (String n : dir.group(1).split(",")) {
                String t = n.strip();
                if (t.matches("[A-Za-z_.$][A-Za-z0-9_.$]*")) {
                    names.add(t);
                }
            }
        }
        return names;
    }

    private boolean knownSymbol(String name) {
        return isDefinedSymbol(name) || declared.contains(name);
    }

    private boolean isDefinedSymbol(String name) {
        SymEntry e = symbols.get(name);
        return e != null && e.isDefined();
    }

    private static boolean isRegister(String name) {
        return Registers.gpr(name) >= 0 || Registers.fpr(name) >= 0;
    }

    // ------------------------------------------------------------------ instructions

    private enum SlotKind { GPR, FPR, TYPE, IMM, MEM }

    /** One operand as written: a register, a message type, an immediate or a memory operand imm(rs1). */
    private record Slot(SlotKind kind, String token, int index, int baseIndex) {
    }

    private static final Map<Instruction, List<Slot>> SLOTS = new EnumMap<>(Instruction.class);
    private static final Map<Pseudo, List<Slot>> PSEUDO_SLOTS = new EnumMap<>(Pseudo.class);

    static {
        for (Instruction insn : Instruction.values()) {
            List<Operand> ops = insn.operands();
            List<Slot> slots = new ArrayList<>();
            for (int k = 0; k < ops.size(); k++) {
                Operand o = ops.get(k);
                if (o.kind() == Operand.Kind.IMM && k + 1 < ops.size() && ops.get(k + 1).memBase()) {
                    slots.add(new Slot(SlotKind.MEM, o.token() + "(" + ops.get(k + 1).token() + ")", k, k + 1));
                    k++;
                    continue;
                }
                SlotKind kind = switch (o.kind()) {
                    case GPR -> SlotKind.GPR;
                    case FPR -> SlotKind.FPR;
                    case TYPE -> SlotKind.TYPE;
                    case IMM -> SlotKind.IMM;
                };
                slots.add(new Slot(kind, o.token(), k, -1));
            }
            SLOTS.put(insn, List.copyOf(slots));
        }
        for (Pseudo p : Pseudo.values()) {
            List<Slot> slots = new ArrayList<>();
            if (!p.syntax.isBlank()) {
                for (String part : p.syntax.split(",")) {
                    String t = part.trim();
                    SlotKind kind = t.equals("imm") || t.equals("sr") ? SlotKind.IMM
                            : t.equals("type") ? SlotKind.TYPE
                            : t.startsWith("r") ? SlotKind.GPR : SlotKind.FPR;
                    slots.add(new Slot(kind, t, slots.size(), -1));
                }
            }
            PSEUDO_SLOTS.put(p, List.copyOf(slots));
        }
    }

    private void instruction(String m, Stmt.Insn in) {
        Instruction insn = Isa.byMnemonic(m);
        Pseudo pseudo = insn == null ? Pseudo.byMnemonic(m) : null;
        int guess = pseudo == null ? 1 : Math.max(1, pseudo.expansion.size());
        try {
            if (insn != null) {
                emit(planInstruction(insn, in.args(), in.pos()), in.pos());
            } else if (pseudo != null) {
                emit(planPseudo(pseudo, in), in.pos());
            } else {
                String hint = suggest(m, mnemonics());
                throw new AsmError(in.pos(), "unknown mnemonic '" + in.mnemonic() + "'"
                        + (hint != null ? "; did you mean '" + hint + "'?" : ""));
            }
        } catch (AsmError e) {
            // Keep later offsets where they would have been, so one bad line does not misplace the rest.
            if (!cur.nobits() && totalSize + 4L * guess <= MAX_SECTION_SIZE) {
                totalSize += 4L * guess;
                cur.reserve(4 * guess);
            }
            throw e;
        }
    }

    private static List<String> mnemonics() {
        List<String> all = new ArrayList<>();
        for (Instruction i : Instruction.values()) {
            all.add(i.mnemonic);
        }
        for (Pseudo p : Pseudo.values()) {
            all.add(p.mnemonic);
        }
        return all;
    }

    private static AsmError countError(String mnemonic, String syntax, int expected, List<Arg> args, Pos pos) {
        String form = syntax.isBlank() ? mnemonic : mnemonic + " " + syntax;
        String msg = "'" + mnemonic + "' expects " + expected + " operand" + (expected == 1 ? "" : "s") + " (" + form
                + "), got " + args.size();
        return new AsmError(args.size() > expected ? args.get(expected).pos() : pos, msg);
    }

    private List<Planned> planInstruction(Instruction insn, List<Arg> args, Pos pos) {
        List<Slot> slots = SLOTS.get(insn);
        if (args.size() != slots.size()) {
            throw countError(insn.mnemonic, insn.syntax, slots.size(), args, pos);
        }
        long[] v = new long[insn.operands().size()];
        int immIndex = -1;
        Expr imm = null;
        Pos immPos = null;
        for (int i = 0; i < slots.size(); i++) {
            Slot s = slots.get(i);
            Arg a = args.get(i);
            switch (s.kind()) {
                case GPR -> v[s.index()] = gpr(a);
                case FPR -> v[s.index()] = fpr(a);
                case TYPE -> v[s.index()] = messageType(a);
                case IMM -> {
                    if (insn.immKind == ImmKind.SREG) {
                        v[s.index()] = specialRegister(a);
                    } else if (insn.immKind == ImmKind.HCALL) {
                        v[s.index()] = hostCall(a);
                    } else {
                        imm = immExpr(a, insn.immKind);
                        immIndex = s.index();
                        immPos = a.pos();
                    }
                }
                case MEM -> {
                    if (a instanceof Arg.MemArg m) {
                        v[s.baseIndex()] = baseRegister(m);
                        imm = m.offset() != null ? m.offset() : new Expr.Num(0, m.pos());
                        immIndex = s.index();
                        immPos = m.pos();
                    } else {
                        return symbolAccess(insn, s, v, a);
                    }
                }
            }
        }
        return List.of(new Planned(insn, v, immIndex, imm, immPos));
    }

    /**
     * A load or store of a symbol, {@code lw a0, sym}: {@code lui at, %ha(sym)} then {@code lw a0, %lo(sym)(at)}.
     * A constant address that fits in 16 signed bits needs no lui: {@code lw a0, addr(zero)}.
     */
    private List<Planned> symbolAccess(Instruction insn, Slot mem, long[] v, Arg a) {
        String id = a.identifier();
        if (id != null && isRegister(id) && !knownSymbol(id)) {
            throw new AsmError(a.pos(), "expected a memory operand such as 0(" + id + "), got '" + a.text() + "'");
        }
        Expr e = exprOf(a, "'" + insn.mnemonic + "'");
        Value now = tryEval(e, dotNow());
        if (now != null && now.isAbs() && ImmKind.S16.fits(now.k())) {
            v[mem.baseIndex()] = Registers.ZERO;
            return List.of(new Planned(insn, v, mem.index(), e, a.pos()));
        }
        if (insn.format == Format.S && insn.operands().get(0).kind() == Operand.Kind.GPR
                && v[0] == Registers.AT) {
            throw new AsmError(a.pos(), "cannot store register 'at' to a symbol: the expansion uses 'at' for the "
                    + "address; store through another register");
        }
        long[] lui = new long[Instruction.LUI.operands().size()];
        int luiImm = -1;
        for (int k = 0; k < lui.length; k++) {
            Operand o = Instruction.LUI.operands().get(k);
            if (o.kind() == Operand.Kind.IMM) {
                luiImm = k;
            } else {
                lui[k] = Registers.AT;
            }
        }
        v[mem.baseIndex()] = Registers.AT;
        return List.of(new Planned(Instruction.LUI, lui, luiImm, new Expr.Reloc("ha", e, a.pos()), a.pos()),
                new Planned(insn, v, mem.index(), new Expr.Reloc("lo", e, a.pos()), a.pos()));
    }

    private List<Planned> planPseudo(Pseudo p, Stmt.Insn in) {
        List<Slot> slots = PSEUDO_SLOTS.get(p);
        List<Arg> args = in.args();
        if (args.size() != slots.size()) {
            throw countError(p.mnemonic, p.syntax, slots.size(), args, in.pos());
        }
        Map<String, Arg> bind = new HashMap<>();
        for (int i = 0; i < slots.size(); i++) {
            Slot s = slots.get(i);
            Arg a = args.get(i);
            switch (s.kind()) {
                case GPR -> gpr(a);
                case FPR -> fpr(a);
                case TYPE -> messageType(a);
                default -> a = new Arg.ExprArg(immExpr(a, pseudoImmKind(p)), a.pos(), a.text());
            }
            bind.put(s.token(), a);
        }
        List<String> templates = p.expansion;
        if (p == Pseudo.LI) {
            templates = liExpansion(p, ((Arg.ExprArg) bind.get("imm")).expr());
        }
        List<Planned> out = new ArrayList<>();
        for (String t : templates) {
            Stmt.Insn ti = template(t);
            Instruction real = Isa.byMnemonic(ti.mnemonic());
            List<Arg> targs = new ArrayList<>();
            for (Arg ta : ti.args()) {
                targs.add(substitute(ta, bind, in.pos()));
            }
            out.addAll(planInstruction(real, targs, in.pos()));
        }
        return out;
    }

    /**
     * {@code li}: addi when the value fits in 16 signed bits, ori when it fits in 16 unsigned bits, otherwise
     * lui + ori. A value not known at this line (a symbol, a forward .equ) always takes lui + ori.
     */
    private List<String> liExpansion(Pseudo li, Expr e) {
        Value v = tryEval(e, dotNow());
        if (v != null && v.isAbs()) {
            long x = v.k();
            if (x < Integer.MIN_VALUE || x > 0xFFFFFFFFL) {
                throw new AsmError(e.pos(), "li: " + x + " does not fit in 32 bits (-2147483648..4294967295)");
            }
            if (ImmKind.S16.fits(x)) {
                return li.expansion;
            }
            if (ImmKind.U16.fits(x)) {
                return List.of(Instruction.ORI.mnemonic + " rd, zero, imm");
            }
        }
        return Pseudo.LA.expansion;
    }

    /** The kind of immediate a pseudo-instruction's {@code imm} becomes, for error messages. */
    private static ImmKind pseudoImmKind(Pseudo p) {
        for (String t : p.expansion) {
            Stmt.Insn ti = template(t);
            for (Arg a : ti.args()) {
                if ("imm".equals(a.identifier())) {
                    return Isa.byMnemonic(ti.mnemonic()).immKind;
                }
            }
        }
        return ImmKind.U16;
    }

    private static final Map<String, Stmt.Insn> TEMPLATES = new ConcurrentHashMap<>();

    /** A pseudo-instruction expansion line, parsed once with the same grammar as user source. */
    private static Stmt.Insn template(String line) {
        return TEMPLATES.computeIfAbsent(line, t -> {
            AsmLexer lexer = new AsmLexer(CharStreams.fromString(t));
            lexer.removeErrorListeners();
            List<Token> toks = new ArrayList<>();
            for (Token tok = lexer.nextToken(); tok.getType() != Token.EOF; tok = lexer.nextToken()) {
                toks.add(tok);
            }
            List<Stmt> stmts = parse(toks, newParser());
            if (stmts.size() != 1 || !(stmts.get(0).op() instanceof Stmt.Insn in)
                    || Isa.byMnemonic(in.mnemonic()) == null) {
                throw new IllegalStateException("bad pseudo-instruction template: " + t);
            }
            return in;
        });
    }

    /** A template operand with the pseudo's operand tokens replaced by what the user wrote. */
    private static Arg substitute(Arg ta, Map<String, Arg> bind, Pos pos) {
        String id = ta.identifier();
        if (id != null && bind.containsKey(id)) {
            return bind.get(id);
        }
        if (ta instanceof Arg.ExprArg e) {
            return new Arg.ExprArg(substitute(e.expr(), bind, pos), userPos(e.expr(), bind, pos), ta.text());
        }
        if (ta instanceof Arg.MemArg m) {
            String base = bind.containsKey(m.base()) ? bind.get(m.base()).identifier() : m.base();
            Expr off = m.offset() == null ? null : substitute(m.offset(), bind, pos);
            return new Arg.MemArg(off, base, pos, pos, ta.text());
        }
        return ta;
    }

    /**
     * Substitutes inside a template expression. Nodes of the template take the position of the user's operand
     * they wrap (so an error in {@code %hi(imm)} points at what the user wrote), else {@code pos}.
     */
    private static Expr substitute(Expr e, Map<String, Arg> bind, Pos pos) {
        if (e instanceof Expr.Sym s && bind.get(s.name()) instanceof Arg.ExprArg a) {
            return a.expr();
        }
        if (e instanceof Expr.Sym s) {
            return new Expr.Sym(s.name(), pos);
        }
        if (e instanceof Expr.Num n) {
            return new Expr.Num(n.value(), pos);
        }
        Pos p = userPos(e, bind, pos);
        if (e instanceof Expr.Unary u) {
            return new Expr.Unary(u.op(), substitute(u.operand(), bind, pos), p);
        }
        if (e instanceof Expr.Binary b) {
            return new Expr.Binary(b.op(), substitute(b.left(), bind, pos), substitute(b.right(), bind, pos), p);
        }
        if (e instanceof Expr.Reloc r) {
            return new Expr.Reloc(r.op(), substitute(r.operand(), bind, pos), p);
        }
        return e;
    }

    /** The position of the first user operand inside template expression {@code e}, else {@code pos}. */
    private static Pos userPos(Expr e, Map<String, Arg> bind, Pos pos) {
        Pos[] found = {null};
        Expr.mapLeaves(e, leaf -> {
            if (found[0] == null && leaf instanceof Expr.Sym s && bind.get(s.name()) instanceof Arg.ExprArg a) {
                found[0] = a.expr().pos();
            }
            return leaf;
        });
        return found[0] != null ? found[0] : pos;
    }

    private static int gpr(Arg a) {
        String id = a.identifier();
        if (id != null) {
            int r = Registers.gpr(id);
            if (r >= 0) {
                return r;
            }
            if (Registers.fpr(id) >= 0) {
                throw new AsmError(a.pos(), "expected an integer register, got FP register '" + id + "'");
            }
        }
        throw new AsmError(a.pos(), "expected an integer register, got '" + a.text() + "'");
    }

    private static int fpr(Arg a) {
        String id = a.identifier();
        if (id != null) {
            int r = Registers.fpr(id);
            if (r >= 0) {
                return r;
            }
            if (Registers.gpr(id) >= 0) {
                throw new AsmError(a.pos(), "expected an FP register, got integer register '" + id + "'");
            }
        }
        throw new AsmError(a.pos(), "expected an FP register, got '" + a.text() + "'");
    }

    private static int baseRegister(Arg.MemArg m) {
        int r = Registers.gpr(m.base());
        if (r >= 0) {
            return r;
        }
        if (Registers.fpr(m.base()) >= 0) {
            throw new AsmError(m.basePos(), "the base of a memory operand must be an integer register, got '"
                    + m.base() + "'");
        }
        throw new AsmError(m.basePos(), "expected a base register in the memory operand, got '" + m.base() + "'");
    }

    private int messageType(Arg a) {
        String id = a.identifier();
        if (id != null) {
            for (MessageType t : MessageType.values()) {
                if (t.name().equalsIgnoreCase(id)) {
                    return t.code;
                }
            }
        }
        if (!(a instanceof Arg.ExprArg) || (id != null && !isDefinedSymbol(id))) {
            throw new AsmError(a.pos(), "expected a message type (THREAD, DATA or 0..15), got '" + a.text() + "'");
        }
        long v = constNow(a, "a message type");
        if (v < 0 || v > 15) {
            throw new AsmError(a.pos(), "message type " + v + " out of range 0..15");
        }
        return (int) v;
    }

    private int specialRegister(Arg a) {
        String id = a.identifier();
        if (id != null && SpecialRegister.byName(id) != null) {
            return SpecialRegister.byName(id).ordinal();
        }
        StringBuilder names = new StringBuilder();
        for (SpecialRegister s : SpecialRegister.values()) {
            names.append(names.length() == 0 ? "" : ", ").append(s.asmName);
        }
        if (!(a instanceof Arg.ExprArg) || (id != null && !isDefinedSymbol(id))) {
            throw new AsmError(a.pos(), "unknown special register '" + a.text() + "'; expected one of " + names
                    + " or a number");
        }
        long v = constNow(a, "a special register number");
        if (v < 0 || v >= SpecialRegister.values().length) {
            throw new AsmError(a.pos(), "special register number " + v + " out of range 0.."
                    + (SpecialRegister.values().length - 1));
        }
        return (int) v;
    }

    private int hostCall(Arg a) {
        String id = a.identifier();
        if (id != null) {
            for (HostCall h : HostCall.values()) {
                if (h.asmName.equalsIgnoreCase(id)) {
                    return h.ordinal();
                }
            }
        }
        StringBuilder names = new StringBuilder();
        for (HostCall h : HostCall.values()) {
            names.append(names.length() == 0 ? "" : ", ").append(h.asmName);
        }
        if (!(a instanceof Arg.ExprArg) || (id != null && !isDefinedSymbol(id))) {
            throw new AsmError(a.pos(), "unknown host call '" + a.text() + "'; expected one of " + names
                    + " or a number");
        }
        long v = constNow(a, "a host call number");
        if (v < 0 || v >= HostCall.values().length) {
            throw new AsmError(a.pos(), "host call number " + v + " out of range 0.." + (HostCall.values().length - 1));
        }
        return (int) v;
    }

    private Expr immExpr(Arg a, ImmKind kind) {
        String what = switch (kind) {
            case PC16, PC26 -> "a branch target";
            case ADDR17 -> "an address";
            default -> "an immediate";
        };
        String id = a.identifier();
        if (id != null && isRegister(id) && !knownSymbol(id)) {
            throw new AsmError(a.pos(), "expected " + what + ", got register '" + id + "'");
        }
        if (a instanceof Arg.ExprArg e) {
            return e.expr();
        }
        if (a instanceof Arg.MemArg m && m.offset() == null && !isRegister(m.base())) {
            return new Expr.Sym(m.base(), m.basePos());
        }
        throw new AsmError(a.pos(), "expected " + what + ", got '" + a.text() + "'");
    }

    /** Places planned instructions at the location counter; immediates are encoded now or at the end. */
    private void emit(List<Planned> plans, Pos pos) {
        if (cur.nobits()) {
            throw new AsmError(pos, "instructions cannot go in NOBITS section '" + cur.name + "'");
        }
        if (cur.size() % Isa.WORD != 0) {
            throw new AsmError(pos, "instruction at offset " + cur.size() + " of '" + cur.name
                    + "' is not 4-byte aligned (add .align 4 after the data before it)");
        }
        Value dot = dotNow();
        for (Planned p : plans) {
            int off = reserve(Isa.WORD, pos);
            if (p.imm() == null) {
                cur.put(off, encode(p, p.values(), pos), 4);
            } else {
                Value pre = tryEval(p.imm(), dot);
                insnFixups.add(new InsnFixup(cur, off, p, pre, dot));
            }
        }
    }

    private static int encode(Planned p, long[] values, Pos pos) {
        try {
            return Isa.encode(p.insn(), values);
        } catch (EncodingException e) {
            throw new AsmError(p.immPos() != null ? p.immPos() : pos, e.getMessage());
        }
    }

    /** Grows the current section; the sections together may not outgrow a node's memory. */
    private int reserve(long n, Pos pos) {
        if (n < 0 || totalSize + n > MAX_SECTION_SIZE) {
            throw new AsmError(pos, "section '" + cur.name + "' would make the object larger than "
                    + MAX_SECTION_SIZE + " bytes, the largest node memory");
        }
        totalSize += n;
        return cur.reserve((int) n);
    }

    // ------------------------------------------------------------------ end of file

    private void finish() {
        for (InsnFixup f : insnFixups) {
            try {
                resolve(f);
            } catch (AsmError e) {
                error(e.pos(), e.getMessage());
            }
        }
        for (DataFixup f : dataFixups) {
            try {
                resolve(f);
            } catch (AsmError e) {
                error(e.pos(), e.getMessage());
            }
        }
        for (SizeFixup f : sizeFixups) {
            try {
                Value v = Evaluator.eval(f.expr(), scope(f.dot(), Mode.FINAL, null));
                if (!v.isAbs() || v.op() != null) {
                    throw new AsmError(f.pos(), ".size needs a constant (such as .-" + f.sym().name + ")");
                }
                if (v.k() < 0 || v.k() > Integer.MAX_VALUE) {
                    throw new AsmError(f.pos(), ".size " + v.k() + " out of range");
                }
                f.sym().size = v.k();
            } catch (AsmError e) {
                error(e.pos(), e.getMessage());
            }
        }
        for (SymEntry e : symbols.values()) {
            if (!e.isDefined() && e.referenced && e.binding == Symbol.Binding.LOCAL) {
                error(e.firstReference, "symbol '" + e.name + "' is declared .local and used here, but never defined");
            }
            // In the object a section's symbol is known by the section's name, so a symbol of the same name would
            // make relocations against the section ambiguous.
            boolean inTable = e.kind == SymEntry.Kind.LABEL || e.kind == SymEntry.Kind.COMMON
                    || e.kind == SymEntry.Kind.EQU && e.isGlobal();
            if (inTable && sections.containsKey(e.name)) {
                error(e.defPos, "symbol '" + e.name + "' has the name of a section; choose another name");
            }
        }
    }

    private void resolve(InsnFixup f) {
        Planned p = f.p();
        Value v = f.pre() != null ? f.pre() : Evaluator.eval(p.imm(), scope(f.dot(), Mode.FINAL, null));
        long[] values = p.values().clone();
        int i = p.immIndex();
        ImmKind kind = p.insn().immKind;
        Pos pos = p.immPos();
        switch (kind) {
            case PC16, PC26 -> {
                if (v.op() != null) {
                    throw new AsmError(pos, "%hi/%lo/%ha cannot be a branch target");
                }
                if (v.isAbs()) {
                    throw new AsmError(pos, "branch target must be a label or relative to '.' (such as .+8), "
                            + "not the constant " + v.k());
                }
                SymEntry b = v.base();
                long range = kind == ImmKind.PC16 ? 131072 : 134217728;
                if (b.isPlaced() && b.section.equals(f.sec().name) && !b.isWeak()) {
                    long off = b.placedOffset() + v.k() - f.offset();
                    if ((off & 3) != 0) {
                        throw new AsmError(pos, "misaligned branch target: it is " + off
                                + " bytes away, not a multiple of 4");
                    }
                    if (!kind.fits(off)) {
                        throw new AsmError(pos, "branch target out of range: it is " + off + " bytes away; '"
                                + p.insn().mnemonic + "' reaches " + -range + ".." + (range - 4) + " bytes");
                    }
                    values[i] = off;
                } else {
                    RelocType type = kind == ImmKind.PC16 ? RelocType.PC16 : RelocType.PC26;
                    long addend = relocate(f.sec(), f.offset(), type, v, pos);
                    if ((addend & 3) != 0) {
                        throw new AsmError(pos, "misaligned branch target: its offset from '"
                                + relocSymbol(v) + "' is " + addend + ", not a multiple of 4");
                    }
                    values[i] = 0;
                }
            }
            case ADDR17 -> {
                if (v.op() != null) {
                    throw new AsmError(pos, "%hi/%lo/%ha cannot be used for " + p.insn().mnemonic + "'s address");
                }
                if (v.isAbs()) {
                    values[i] = v.k();
                } else {
                    relocate(f.sec(), f.offset(), RelocType.ABS17, v, pos);
                    values[i] = 0;
                }
            }
            case S16, U16 -> {
                if (v.op() != null) {
                    relocate(f.sec(), f.offset(), v.op(), v, pos);
                    values[i] = 0;
                } else if (!v.isAbs()) {
                    throw new AsmError(pos, "the address of '" + relocSymbolName(v) + "' does not fit in a 16-bit "
                            + "immediate; use %hi(...)/%lo(...), or la");
                } else {
                    values[i] = v.half() && kind == ImmKind.S16 ? (short) v.k() : v.k();
                }
            }
            default -> {
                if (v.op() != null || !v.isAbs()) {
                    throw new AsmError(pos, "'" + p.insn().mnemonic + "' needs a constant here ("
                            + kind.range() + "), not a symbol address");
                }
                values[i] = v.k();
            }
        }
        f.sec().put(f.offset(), encode(p, values, pos), 4);
    }

    private void resolve(DataFixup f) {
        Value v = f.pre() != null ? f.pre() : Evaluator.eval(f.expr(), scope(f.dot(), Mode.FINAL, null));
        if (v.op() != null) {
            throw new AsmError(f.pos(), "%hi/%lo/%ha can only be used in instruction immediates, not in "
                    + f.directive());
        }
        if (v.isAbs()) {
            long x = v.k();
            int bits = 8 * f.size();
            long min = -(1L << (bits - 1));
            long max = (1L << bits) - 1;
            if (x < min || x > max) {
                throw new AsmError(f.pos(), "value " + x + " does not fit in " + f.directive() + " (" + min + ".."
                        + max + ")");
            }
            f.sec().put(f.offset(), x, f.size());
            return;
        }
        RelocType type = switch (f.size()) {
            case 4 -> RelocType.ABS32;
            case 2 -> RelocType.ABS16;
            default -> throw new AsmError(f.pos(), f.directive() + " cannot hold a symbol address; use .word");
        };
        relocate(f.sec(), f.offset(), type, v, f.pos());
    }

    /** The symbol a relocation for {@code v} names: the section for local labels, else the symbol itself. */
    private static String relocSymbol(Value v) {
        SymEntry b = v.base();
        if (b.kind == SymEntry.Kind.SECTION) {
            return b.name;
        }
        if (b.kind == SymEntry.Kind.LABEL && !b.isGlobal()) {
            return b.section;
        }
        return b.name;
    }

    private static String relocSymbolName(Value v) {
        return displayName(v.base().name);
    }

    /** Adds a relocation for {@code v} and returns its addend. */
    private long relocate(SectionBuffer sec, int offset, RelocType type, Value v, Pos pos) {
        SymEntry b = v.base();
        long addend = v.k();
        if (b.kind == SymEntry.Kind.LABEL && !b.isGlobal()) {
            addend += b.offset;
        } else if (b.kind != SymEntry.Kind.SECTION) {
            if (!b.referenced) {
                b.firstReference = pos;
            }
            b.referenced = true;
        }
        if (addend < Integer.MIN_VALUE || addend > Integer.MAX_VALUE) {
            throw new AsmError(pos, "relocation addend " + addend + " does not fit in 32 bits");
        }
        sec.relocations.add(new Relocation(offset, type, relocSymbol(v), (int) addend));
        return addend;
    }

    // ------------------------------------------------------------------ directives

    private static final List<String> DIRECTIVES = List.of(".text", ".data", ".bss", ".rodata", ".section",
            ".previous", ".globl", ".global", ".extern", ".local", ".weak", ".word", ".long", ".half", ".short", ".byte",
            ".double", ".float", ".ascii", ".asciz", ".string", ".space", ".skip", ".zero", ".align", ".balign",
            ".p2align", ".equ", ".set", ".equiv", ".comm", ".lcomm", ".type", ".size", ".file", ".loc", ".ident");

    private void directive(String d, Stmt.Insn in) {
        List<Arg> a = in.args();
        Pos pos = in.pos();
        switch (d) {
            case ".text", ".data", ".bss", ".rodata" -> {
                count(d, a, 0, 0, pos);
                switchTo(section(d, null, null, pos));
            }
            case ".section" -> sectionDirective(a, pos);
            case ".previous" -> {
                count(d, a, 0, 0, pos);
                if (prev == null) {
                    throw new AsmError(pos, ".previous without an earlier section switch");
                }
                switchTo(prev);
            }
            case ".globl", ".global" -> bindings(d, a, Symbol.Binding.GLOBAL, pos);
            case ".weak" -> bindings(d, a, Symbol.Binding.WEAK, pos);
            case ".extern" -> {
                // Declares names defined elsewhere (undefined symbols need no declaration; this one lets a name
                // that is also a register name, such as a C global 'fp', be used as an expression).
            }
            case ".local" -> bindings(d, a, Symbol.Binding.LOCAL, pos);
            case ".word", ".long" -> data(d, a, 4, pos);
            case ".half", ".short" -> data(d, a, 2, pos);
            case ".byte" -> data(d, a, 1, pos);
            case ".double" -> floats(d, a, 8, pos);
            case ".float" -> floats(d, a, 4, pos);
            case ".ascii" -> strings(d, a, false, pos);
            case ".asciz", ".string" -> strings(d, a, true, pos);
            case ".space", ".skip", ".zero" -> space(d, a, pos);
            case ".align", ".balign" -> align(d, a, false, pos);
            case ".p2align" -> align(d, a, true, pos);
            case ".equ", ".set", ".equiv" -> {
                count(d, a, 2, 2, pos);
                assign(symbolName(d, a.get(0)), a.get(0).pos(), exprOf(a.get(1), d), d.equals(".equiv"));
            }
            case ".comm", ".lcomm" -> common(d, a, pos);
            case ".type" -> type(a, pos);
            case ".size" -> {
                count(d, a, 2, 2, pos);
                SymEntry e = symbols.computeIfAbsent(symbolName(d, a.get(0)), SymEntry::new);
                sizeFixups.add(new SizeFixup(e, exprOf(a.get(1), d), dotNow(), a.get(1).pos()));
            }
            case ".file" -> file(a, pos);
            case ".loc" -> loc(a, pos);
            case ".ident" -> {
                for (Arg x : a) {
                    if (!(x instanceof Arg.StrArg)) {
                        throw new AsmError(x.pos(), ".ident expects strings");
                    }
                }
            }
            default -> {
                String hint = suggest(d, DIRECTIVES);
                throw new AsmError(pos, "unknown directive '" + in.mnemonic() + "'"
                        + (hint != null ? "; did you mean '" + hint + "'?" : ""));
            }
        }
    }

    private static void count(String d, List<Arg> a, int min, int max, Pos pos) {
        if (a.size() < min || a.size() > max) {
            String want = min == max ? (min == 0 ? "no operands" : min + " operand" + (min == 1 ? "" : "s"))
                    : min + " to " + max + " operands";
            throw new AsmError(a.size() > max ? a.get(max).pos() : pos, d + " expects " + want + ", got " + a.size());
        }
    }

    private static String symbolName(String d, Arg a) {
        String id = a.identifier();
        if (id == null || id.equals(".")) {
            throw new AsmError(a.pos(), d + " expects a symbol name, got '" + a.text() + "'");
        }
        return id;
    }

    private void switchTo(SectionBuffer s) {
        if (s != cur) {
            prev = cur;
            cur = s;
        }
    }

    /** Finds or creates a section; flags and type default from the name (.text*, .data*, .rodata*, .bss*). */
    private SectionBuffer section(String name, Integer flags, Integer type, Pos pos) {
        int defType = Section.SHT_PROGBITS;
        int defFlags = 0;
        if (name.equals(".text") || name.startsWith(".text.")) {
            defFlags = Section.SHF_ALLOC | Section.SHF_EXECINSTR;
        } else if (name.equals(".data") || name.startsWith(".data.")) {
            defFlags = Section.SHF_ALLOC | Section.SHF_WRITE;
        } else if (name.equals(".rodata") || name.startsWith(".rodata.")) {
            defFlags = Section.SHF_ALLOC;
        } else if (name.equals(".bss") || name.startsWith(".bss.")) {
            defFlags = Section.SHF_ALLOC | Section.SHF_WRITE;
            defType = Section.SHT_NOBITS;
        }
        int f = flags != null ? flags : defFlags;
        int t = type != null ? type : defType;
        SectionBuffer s = sections.get(name);
        if (s == null) {
            if (LineTable.isReserved(name)) {
                throw new AsmError(pos, "section '" + name + "' is reserved for the line table (.file/.loc)");
            }
            s = new SectionBuffer(name, t, f, (f & Section.SHF_EXECINSTR) != 0 ? Isa.WORD : 1);
            sections.put(name, s);
        } else if ((flags != null && flags != s.flags) || (type != null && type != s.type)) {
            throw new AsmError(pos, "section '" + name + "' was already declared with other flags or type");
        }
        return s;
    }

    private void sectionDirective(List<Arg> a, Pos pos) {
        count(".section", a, 1, 3, pos);
        String name;
        if (a.get(0) instanceof Arg.StrArg s) {
            name = new String(s.bytes(), StandardCharsets.UTF_8);
        } else {
            name = a.get(0).identifier();
            if (name == null) {
                throw new AsmError(a.get(0).pos(), ".section expects a section name, got '" + a.get(0).text()
                        + "' (quote names that contain other characters)");
            }
        }
        if (name.isEmpty()) {
            throw new AsmError(a.get(0).pos(), "empty section name");
        }
        Integer flags = null;
        Integer type = null;
        if (a.size() >= 2) {
            if (!(a.get(1) instanceof Arg.StrArg fs)) {
                throw new AsmError(a.get(1).pos(), ".section flags must be a string such as \"ax\", got '"
                        + a.get(1).text() + "'");
            }
            int f = 0;
            for (byte b : fs.bytes()) {
                switch (b) {
                    case 'a' -> f |= Section.SHF_ALLOC;
                    case 'w' -> f |= Section.SHF_WRITE;
                    case 'x' -> f |= Section.SHF_EXECINSTR;
                    default -> throw new AsmError(a.get(1).pos(), "unknown section flag '" + (char) (b & 0xFF)
                            + "'; expected a (allocated), w (writable) or x (executable)");
                }
            }
            flags = f;
        }
        if (a.size() == 3) {
            String t = a.get(2) instanceof Arg.AttrArg at ? at.name().toLowerCase(Locale.ROOT) : "";
            if (t.equals("progbits")) {
                type = Section.SHT_PROGBITS;
            } else if (t.equals("nobits")) {
                type = Section.SHT_NOBITS;
            } else {
                throw new AsmError(a.get(2).pos(), "unknown section type '" + a.get(2).text()
                        + "'; expected @progbits or @nobits");
            }
        }
        switchTo(section(name, flags, type, pos));
    }

    private void bindings(String d, List<Arg> a, Symbol.Binding binding, Pos pos) {
        if (a.isEmpty()) {
            throw new AsmError(pos, d + " expects one or more symbol names");
        }
        for (Arg x : a) {
            SymEntry e = symbols.computeIfAbsent(symbolName(d, x), SymEntry::new);
            if (e.binding != null && e.binding != binding) {
                if (!(e.binding == Symbol.Binding.GLOBAL && binding == Symbol.Binding.WEAK)) {
                    throw new AsmError(x.pos(), "symbol '" + e.name + "' was already declared "
                            + e.binding.name().toLowerCase(Locale.ROOT));
                }
            }
            e.binding = binding;
        }
    }

    private void data(String d, List<Arg> a, int size, Pos pos) {
        if (a.isEmpty()) {
            throw new AsmError(pos, d + " expects one or more values");
        }
        noData(d, pos);
        for (Arg x : a) {
            Expr e = exprOf(x, d);
            int off = reserve(size, x.pos());
            Value dot = Value.rel(cur.symbol, off);
            dataFixups.add(new DataFixup(cur, off, size, d, e, tryEval(e, dot), dot, x.pos()));
        }
    }

    private void noData(String d, Pos pos) {
        if (cur.nobits()) {
            throw new AsmError(pos, d + " cannot put data in NOBITS section '" + cur.name
                    + "'; use .space or .zero there");
        }
    }

    private void floats(String d, List<Arg> a, int size, Pos pos) {
        if (a.isEmpty()) {
            throw new AsmError(pos, d + " expects one or more numbers");
        }
        noData(d, pos);
        for (Arg x : a) {
            Expr e = exprOf(x, d);
            double v = floatValue(e, d);
            if (!isInfinityName(e) && (Double.isInfinite(v) || size == 4 && Float.isInfinite((float) v))) {
                throw new AsmError(x.pos(), String.format("%s is too large for %s (the largest finite value is %s); "
                        + "write inf for infinity", x.text(), d, size == 8 ? "1.7976931348623157e308" : "3.4028235e38"));
            }
            int off = reserve(size, x.pos());
            cur.put(off, size == 8 ? Double.doubleToRawLongBits(v) : Float.floatToRawIntBits((float) v), size);
        }
    }

    /** Whether {@code e} is {@code inf}, {@code infinity} or a negation of one (an infinity asked for). */
    private static boolean isInfinityName(Expr e) {
        while (e instanceof Expr.Unary u && u.op() != '~') {
            e = u.operand();
        }
        if (e instanceof Expr.Sym s) {
            String n = s.name().toLowerCase(Locale.ROOT);
            return n.equals("inf") || n.equals("infinity");
        }
        return false;
    }

    private double floatValue(Expr e, String d) {
        if (e instanceof Expr.Flt f) {
            return f.value();
        }
        if (e instanceof Expr.Num n) {
            return n.value();
        }
        if (e instanceof Expr.Unary u && u.op() != '~') {
            double v = floatValue(u.operand(), d);
            return u.op() == '-' ? -v : v;
        }
        if (e instanceof Expr.Sym s) {
            String n = s.name().toLowerCase(Locale.ROOT);
            if (n.equals("inf") || n.equals("infinity")) {
                return Double.POSITIVE_INFINITY;
            }
            if (n.equals("nan")) {
                return Double.NaN;
            }
        }
        return constNow(e, d);
    }

    private void strings(String d, List<Arg> a, boolean nul, Pos pos) {
        if (a.isEmpty()) {
            throw new AsmError(pos, d + " expects one or more strings");
        }
        noData(d, pos);
        for (Arg x : a) {
            if (!(x instanceof Arg.StrArg s)) {
                throw new AsmError(x.pos(), d + " expects a string, got '" + x.text() + "'");
            }
            byte[] b = s.bytes();
            int at = reserve(b.length + (nul ? 1 : 0), x.pos());
            for (int i = 0; i < b.length; i++) {
                cur.put(at + i, b[i], 1);
            }
        }
    }

    private void space(String d, List<Arg> a, Pos pos) {
        count(d, a, 1, d.equals(".zero") ? 1 : 2, pos);
        long n = constNow(a.get(0), d);
        if (n < 0) {
            throw new AsmError(a.get(0).pos(), d + " size " + n + " is negative");
        }
        long fill = a.size() > 1 ? byteValue(a.get(1), d) : 0;
        if (fill != 0 && cur.nobits()) {
            throw new AsmError(a.get(1).pos(), "NOBITS section '" + cur.name + "' can only hold zeros");
        }
        int off = reserve(n, a.get(0).pos());
        if (!cur.nobits()) {
            cur.fill(off, (int) n, (byte) fill);
        }
    }

    private long byteValue(Arg a, String d) {
        long v = constNow(a, d);
        if (v < -128 || v > 255) {
            throw new AsmError(a.pos(), d + " fill value " + v + " does not fit in a byte");
        }
        return v;
    }

    /** {@code .align n} and {@code .balign n} align to n bytes (a power of two); {@code .p2align n} to 2^n. */
    private void align(String d, List<Arg> a, boolean p2, Pos pos) {
        count(d, a, 1, 2, pos);
        long n = constNow(a.get(0), d);
        long bytes;
        if (p2) {
            if (n < 0 || n > 20) {
                throw new AsmError(a.get(0).pos(), d + " " + n + " out of range 0..20");
            }
            bytes = 1L << n;
        } else {
            if (n <= 0 || (n & (n - 1)) != 0 || n > (1 << 20)) {
                throw new AsmError(a.get(0).pos(), d + " needs a power of two from 1 to 1048576, got " + n + " ("
                        + d + " n aligns to n bytes)");
            }
            bytes = n;
        }
        long fill = a.size() > 1 ? byteValue(a.get(1), d) : 0;
        if (fill != 0 && cur.nobits()) {
            throw new AsmError(a.get(1).pos(), "NOBITS section '" + cur.name + "' can only hold zeros");
        }
        long pad = (bytes - cur.size() % bytes) % bytes;
        int off = reserve(pad, pos);
        if (!cur.nobits()) {
            cur.fill(off, (int) pad, (byte) fill);
        }
        cur.align = (int) Math.max(cur.align, bytes);
    }

    /** {@code .equ}, {@code .set} and {@code =}; only {@code .equiv} refuses to redefine. */
    private void assign(String name, Pos pos, Expr e, boolean once) {
        if (name.equals(".")) {
            throw new AsmError(pos, "assigning to '.' is not supported; use .space or .align");
        }
        Value v = Evaluator.eval(e, scope(dotNow(), Mode.STRICT, ".equ"));
        if (v.op() != null) {
            throw new AsmError(e.pos(), "%hi/%lo/%ha cannot be assigned to a symbol");
        }
        if (v.base() != null && v.base().kind == SymEntry.Kind.COMMON) {
            throw new AsmError(e.pos(), "cannot define a symbol relative to common symbol '" + v.base().name + "'");
        }
        SymEntry s = symbols.computeIfAbsent(name, SymEntry::new);
        if (s.isDefined() && (once || s.kind != SymEntry.Kind.EQU)) {
            throw duplicate(s, pos);
        }
        s.kind = SymEntry.Kind.EQU;
        s.value = v.half() ? Value.abs(v.k()) : v;
        s.defPos = pos;
    }

    private void common(String d, List<Arg> a, Pos pos) {
        count(d, a, 2, 3, pos);
        String name = symbolName(d, a.get(0));
        long size = constNow(a.get(1), d);
        if (size < 0 || size > MAX_SECTION_SIZE) {
            throw new AsmError(a.get(1).pos(), d + " size " + size + " out of range 0.." + MAX_SECTION_SIZE);
        }
        long align;
        if (a.size() == 3) {
            align = constNow(a.get(2), d);
            // The linker merges common symbols with alignments up to 64 KiB (docs/linker.md).
            long max = d.equals(".comm") ? 1 << 16 : 1 << 20;
            if (align <= 0 || (align & (align - 1)) != 0 || align > max) {
                throw new AsmError(a.get(2).pos(), d + " alignment must be a power of two up to " + max + ", got "
                        + align);
            }
        } else {
            align = 1;
            while (align < 8 && align * 2 <= size) {
                align *= 2;
            }
        }
        SymEntry e = symbols.computeIfAbsent(name, SymEntry::new);
        if (e.isDefined()) {
            throw duplicate(e, a.get(0).pos());
        }
        e.defPos = a.get(0).pos();
        e.type = Symbol.Type.OBJECT;
        if (d.equals(".comm") && e.binding != Symbol.Binding.LOCAL) {
            e.kind = SymEntry.Kind.COMMON;
            e.commonSize = size;
            e.commonAlign = align;
            return;
        }
        SectionBuffer saved = cur;
        cur = section(".bss", null, null, pos);
        try {
            long pad = (align - cur.size() % align) % align;
            reserve(pad, pos);
            cur.align = (int) Math.max(cur.align, align);
            e.kind = SymEntry.Kind.LABEL;
            e.section = cur.name;
            e.offset = cur.size();
            e.size = size;
            reserve(size, pos);
        } finally {
            cur = saved;
        }
    }

    private void type(List<Arg> a, Pos pos) {
        count(".type", a, 2, 2, pos);
        SymEntry e = symbols.computeIfAbsent(symbolName(".type", a.get(0)), SymEntry::new);
        Arg t = a.get(1);
        String n = t instanceof Arg.AttrArg at ? at.name() : t.identifier();
        n = n == null ? "" : n.toLowerCase(Locale.ROOT);
        e.type = switch (n) {
            case "function" -> Symbol.Type.FUNC;
            case "object" -> Symbol.Type.OBJECT;
            case "notype" -> Symbol.Type.NOTYPE;
            default -> throw new AsmError(t.pos(), "unknown symbol type '" + t.text()
                    + "'; expected @function, @object or @notype");
        };
    }

    private void file(List<Arg> a, Pos pos) {
        if (a.size() == 1 && a.get(0) instanceof Arg.StrArg s) {
            if (fileSymbol == null) {
                fileSymbol = new String(s.bytes(), StandardCharsets.UTF_8);
            }
            return;
        }
        if (a.size() == 2 && a.get(1) instanceof Arg.StrArg s) {
            long n = constNow(a.get(0), ".file");
            if (n < 1 || n > Integer.MAX_VALUE) {
                throw new AsmError(a.get(0).pos(), ".file number " + n + " out of range (from 1)");
            }
            lineFiles.put(n, new String(s.bytes(), StandardCharsets.UTF_8));
            return;
        }
        throw new AsmError(pos, ".file expects \"name\" or a number and \"name\" (.file 1 \"prog.c\")");
    }

    private void loc(List<Arg> a, Pos pos) {
        count(".loc", a, 2, 3, pos);
        long n = constNow(a.get(0), ".loc");
        String name = lineFiles.get(n);
        if (name == null) {
            throw new AsmError(a.get(0).pos(), "file number " + n + " was not declared with .file " + n + " \"name\"");
        }
        long line = constNow(a.get(1), ".loc");
        long col = a.size() > 2 ? constNow(a.get(2), ".loc") : 0;
        if (line < 0 || line > 0xFFFFFFFFL) {
            throw new AsmError(a.get(1).pos(), ".loc line " + line + " out of range");
        }
        if (col < 0 || col > 0xFFFFFFFFL) {
            throw new AsmError(a.get(2).pos(), ".loc column " + col + " out of range");
        }
        if ((cur.flags & Section.SHF_ALLOC) == 0) {
            throw new AsmError(pos, ".loc in non-allocated section '" + cur.name + "'");
        }
        LineEntry e = new LineEntry(cur, cur.size(), name, line, col);
        int last = lineEntries.size() - 1;
        if (last >= 0 && lineEntries.get(last).sec() == cur && lineEntries.get(last).offset() == cur.size()) {
            lineEntries.set(last, e);
        } else {
            lineEntries.add(e);
        }
    }

    // ------------------------------------------------------------------ output

    private ObjectFile build() {
        ObjectFile obj = new ObjectFile(objectName(fileName));
        for (SectionBuffer s : sections.values()) {
            obj.addSection(s.toSection());
        }
        lineTable().forEach(obj::addSection);
        List<Symbol> globals = new ArrayList<>();
        if (fileSymbol != null) {
            obj.addSymbol(new Symbol(fileSymbol, Symbol.ABSOLUTE, 0, 0, Symbol.Binding.LOCAL, Symbol.Type.FILE));
        }
        for (Section s : obj.sections()) {
            obj.addSymbol(new Symbol(s.name(), s.name(), 0, 0, Symbol.Binding.LOCAL, Symbol.Type.SECTION));
        }
        for (SymEntry e : symbols.values()) {
            boolean global = e.isGlobal();
            Symbol.Binding bind = global ? e.binding : Symbol.Binding.LOCAL;
            Symbol sym = switch (e.kind) {
                case LABEL -> global || !e.name.startsWith(".L")
                        ? new Symbol(e.name, e.section, e.offset, (int) e.size, bind, e.type) : null;
                case EQU -> {
                    if (!global) {
                        yield null;
                    }
                    Value v = e.value;
                    if (v.isAbs()) {
                        yield new Symbol(e.name, Symbol.ABSOLUTE, v.k(), (int) e.size, bind, e.type);
                    }
                    yield new Symbol(e.name, v.base().section, v.base().placedOffset() + v.k(), (int) e.size, bind,
                            e.type);
                }
                case COMMON -> new Symbol(e.name, Symbol.COMMON, e.commonAlign, (int) e.commonSize,
                        e.isWeak() ? Symbol.Binding.WEAK : Symbol.Binding.GLOBAL, e.type);
                case UNDEFINED -> e.referenced || global ? new Symbol(e.name, null, 0, 0,
                        e.isWeak() ? Symbol.Binding.WEAK : Symbol.Binding.GLOBAL, e.type) : null;
                case SECTION -> null;
            };
            if (sym == null) {
                continue;
            }
            if (sym.binding() == Symbol.Binding.LOCAL) {
                obj.addSymbol(sym);
            } else {
                globals.add(sym);
            }
        }
        globals.forEach(obj::addSymbol);
        return obj;
    }

    /** The line table's sections (docs/elf.md, "Line tables"), none without {@code .loc}. */
    private List<Section> lineTable() {
        if (lineEntries.isEmpty()) {
            return List.of();
        }
        LineTable.Writer w = new LineTable.Writer();
        for (LineEntry e : lineEntries) {
            w.add(new LineTable.Entry(e.sec().name, e.offset(), e.file(), e.line(), e.column()));
        }
        return w.sections();
    }

    /** {@code dir/prog.s} becomes {@code prog.o}. */
    static String objectName(String fileName) {
        String base = fileName.substring(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
        for (String ext : new String[] {".s", ".S", ".asm"}) {
            if (base.endsWith(ext) && base.length() > ext.length()) {
                return base.substring(0, base.length() - ext.length()) + ".o";
            }
        }
        return base + ".o";
    }

    /** The closest candidate within edit distance 2, for "did you mean" hints; null if none. */
    static String suggest(String word, List<String> candidates) {
        String best = null;
        int bestDist = 3;
        String w = word.toLowerCase(Locale.ROOT);
        for (String c : candidates) {
            if (c.startsWith(w + ".")) {
                return c; // a missing suffix: fadd -> fadd.d
            }
        }
        for (String c : candidates) {
            int d = distance(w, c);
            // Two edits are a guess only for longer words: 'foo' is not a misspelt 'xor'.
            if (d < bestDist && d < Math.max(2, c.length()) && 2 * d <= w.length()) {
                best = c;
                bestDist = d;
            }
        }
        return best;
    }

    private static int distance(String a, String b) {
        if (Math.abs(a.length() - b.length()) > 2) {
            return 99;
        }
        int[] prev = new int[b.length() + 1];
        int[] row = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            row[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                row[j] = Math.min(Math.min(row[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = row;
            row = t;
        }
        return prev[b.length()];
    }
}
