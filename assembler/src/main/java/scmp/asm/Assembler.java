package scmp.asm;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;
import scmp.common.Limits;
import scmp.diag.Diagnostic;
import scmp.diag.DiagnosticException;
import scmp.elf.LineTable;
import scmp.elf.ObjectFile;
import scmp.elf.Section;
import scmp.elf.Symbol;
import scmp.isa.Abi;
import scmp.isa.Instruction;
import scmp.isa.Pseudo;

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
 *
 * <p>This file holds the state the parts share (sections, symbols, the location counter), reads the source
 * line by line ({@link LineParser}), evaluates expressions at a point of the file, keeps the line table
 * ({@code .file}/{@code .loc}) and writes the object. Each part has a file: {@link Symbols} (labels),
 * {@link Instructions} with {@link Operands} and {@link PseudoExpansion}, {@link Directives} with
 * {@link SectionDirectives}, {@link Fixups} (the end of the file), {@link Utf8Source} and {@link Suggestions}.
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

    /** Decodes UTF-8 strictly; a leading byte-order mark is dropped (see {@link Utf8Source}). */
    public static String decodeUtf8(String fileName, byte[] bytes) throws DiagnosticException {
        return Utf8Source.decode(fileName, bytes);
    }

    // ------------------------------------------------------------------ state

    final String fileName;
    private final String text;
    private final String[] lines;
    private final List<Diagnostic> diags = new ArrayList<>();
    private int errors;
    boolean gaveUp;

    final Map<String, SectionBuffer> sections = new LinkedHashMap<>();
    SectionBuffer cur;
    SectionBuffer prev;
    /** Bytes in all sections so far, to bound what any input can make the assembler allocate. */
    long totalSize;
    final Map<String, SymEntry> symbols = new LinkedHashMap<>();

    // The parts, one per file.
    final Symbols symbolTable;
    final Instructions instructions = new Instructions(this);
    final PseudoExpansion pseudos = new PseudoExpansion(this);
    final Operands operands = new Operands(this);
    final Directives directives = new Directives(this);
    final SectionDirectives sectionDirectives = new SectionDirectives(this);
    final Fixups fixups = new Fixups(this);

    private final Map<Long, String> lineFiles = new HashMap<>();
    private final List<LineEntry> lineEntries = new ArrayList<>();
    private String fileSymbol;
    private final AsmParser parser = LineParser.newParser();

    private record LineEntry(SectionBuffer sec, int offset, String file, long line, long column) {
    }

    private Assembler(String fileName, String source) {
        this.fileName = fileName;
        this.text = source.replace("\r\n", "\n").replace('\r', '\n');
        this.lines = text.split("\n", -1);
        this.symbolTable = new Symbols(this, text);
        cur = sectionDirectives.section(".text", null, null, null);
        sectionDirectives.section(".data", null, null, null);
        sectionDirectives.section(".bss", null, null, null);
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
        for (int i = 0; i < lines.length; i++) {
            if (lines[i].length() > Limits.MAX_LINE_LENGTH) {
                // A line is parsed whole; an endless one would only exhaust memory.
                error(new Pos(i + 1, 1), "line too long (" + lines[i].length() + " characters; the limit is "
                        + Limits.MAX_LINE_LENGTH + ")");
                throw new DiagnosticException(diags);
            }
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
            fixups.finish();
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
            for (Stmt s : LineParser.parse(toks, parser)) {
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

    void error(Pos pos, String message) {
        if (gaveUp) {
            // One statement can report several errors (each operand of a directive); the limit holds anyway.
            return;
        }
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
            symbolTable.defineLabel(l);
        }
        Stmt.Op op = s.op();
        if (op instanceof Stmt.Assign a) {
            directives.assign(a.name(), a.pos(), symbolTable.bindLocals(a.value()), false);
        } else if (op instanceof Stmt.Insn raw) {
            Stmt.Insn in = symbolTable.bindLocals(raw);
            String m = in.mnemonic().toLowerCase(Locale.ROOT);
            if (in.spaceSeparated() && !m.equals(".file") && !m.equals(".loc")) {
                throw new AsmError(in.args().get(1).pos(), "missing ',' between operands");
            }
            if (m.startsWith(".")) {
                directives.directive(m, in);
            } else {
                instructions.instruction(m, in);
            }
        }
    }

    // ------------------------------------------------------------------ evaluation scopes

    enum Mode {
        /** End of file: an undefined symbol is external. */
        FINAL,
        /** While assembling a line: an undefined symbol means "not known yet". */
        TRY,
        /** The value must be known now (.equ, .space, ...): an undefined symbol is an error. */
        STRICT
    }

    Evaluator.Scope scope(Value dot, Mode mode, String what) {
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

    static String displayName(String internal) {
        int caret = internal.indexOf('^');
        return internal.startsWith(".L") && caret > 0 ? internal.substring(2, caret) : internal;
    }

    Value dotNow() {
        return Value.rel(cur.symbol, cur.size());
    }

    /** The value if every symbol in it is known at this point, else null. */
    Value tryEval(Expr e, Value dot) {
        try {
            return Evaluator.eval(e, scope(dot, Mode.TRY, null));
        } catch (Evaluator.NotYet n) {
            return null;
        }
    }

    /** A constant that must be known at this point of the file. */
    long constNow(Expr e, String what) {
        Value v = Evaluator.eval(e, scope(dotNow(), Mode.STRICT, what));
        if (!v.isAbs()) {
            throw new AsmError(e.pos(), what + " needs a constant, not a symbol address");
        }
        return v.k();
    }

    long constNow(Arg a, String what) {
        return constNow(exprOf(a, what), what);
    }

    /** The expression of an operand that must be one ({@code (x)} counts as the expression x). */
    static Expr exprOf(Arg a, String what) {
        if (a instanceof Arg.ExprArg e) {
            return e.expr();
        }
        if (a instanceof Arg.MemArg m && m.offset() == null) {
            return new Expr.Sym(m.base(), m.basePos());
        }
        throw new AsmError(a.pos(), what + " expects an expression, got '" + a.text() + "'");
    }

    /** Grows the current section; the sections together may not outgrow a node's memory. */
    int reserve(long n, Pos pos) {
        if (n < 0 || totalSize + n > MAX_SECTION_SIZE) {
            throw new AsmError(pos, "section '" + cur.name + "' would make the object larger than "
                    + MAX_SECTION_SIZE + " bytes, the largest node memory");
        }
        totalSize += n;
        return cur.reserve((int) n);
    }

    static void count(String d, List<Arg> a, int min, int max, Pos pos) {
        if (a.size() < min || a.size() > max) {
            String want = min == max ? (min == 0 ? "no operands" : min + " operand" + (min == 1 ? "" : "s"))
                    : min + " to " + max + " operands";
            throw new AsmError(a.size() > max ? a.get(max).pos() : pos, d + " expects " + want + ", got " + a.size());
        }
    }

    void file(List<Arg> a, Pos pos) {
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

    void loc(List<Arg> a, Pos pos) {
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
}
