package scmp.cc;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import scmp.cc.ast.Program;
import scmp.cc.codegen.CodeGen;
import scmp.cc.lex.SourceFile;
import scmp.cc.lex.Token;
import scmp.cc.parse.CParse;
import scmp.cc.parse.CParser;
import scmp.cc.pp.IncludeResolver;
import scmp.cc.pp.Preprocessor;
import scmp.cc.sema.Sema;
import scmp.elf.MachineKind;

/**
 * The compiler's stages in one place, for the driver and for tests that compile in-process: preprocess
 * (scmp.cc.pp), parse (scmp.cc.parse), check (scmp.cc.sema), generate assembly (scmp.cc.codegen). Every stage
 * reports to one {@link Diagnostics}; a stage does not run after an earlier one found errors.
 */
public final class Compiler {
    /**
     * What a compilation needs to know besides the source.
     *
     * @param machine the machine model compiled for (its headers and predefined macros), or null for code that
     *                runs on every model
     */
    public record Options(int optLevel, boolean debug, List<String> includeDirs, List<String> defines,
                          List<String> undefines, boolean noStdInc, Sysroot sysroot, boolean warnings,
                          MachineKind machine) {
        /** Options for the SCMP chip. */
        public Options(int optLevel, boolean debug, List<String> includeDirs, List<String> defines,
                       List<String> undefines, boolean noStdInc, Sysroot sysroot, boolean warnings) {
            this(optLevel, debug, includeDirs, defines, undefines, noStdInc, sysroot, warnings, MachineKind.SCMP);
        }

        public static Options defaults(Sysroot sysroot) {
            return new Options(0, false, List.of(), List.of(), List.of(), false, sysroot, true);
        }

        public Options withOptLevel(int level) {
            return new Options(level, debug, includeDirs, defines, undefines, noStdInc, sysroot, warnings, machine);
        }
    }

    /**
     * The macros that name the machine model (docs/compiler.md, "Predefined macros"): {@code __SCMP__} for the
     * SCMP chip, {@code __T3D__} and {@code __SP__} for the others, none for code that runs on every model.
     * ({@code __scmp__}, the instruction set, and {@code __scmpcc__} are defined for every model.)
     *
     * @param machine the model, or null
     * @return the macro's name, or null
     */
    public static String machineMacro(MachineKind machine) {
        return machine == null ? null : "__" + machine.name() + "__";
    }

    private Compiler() {
    }

    /** Decodes source bytes one byte per char, so that any input, binary included, can be read. */
    public static SourceFile source(String name, byte[] bytes) {
        String text = new String(bytes, StandardCharsets.ISO_8859_1);
        if (text.startsWith("\u00ef\u00bb\u00bf")) {
            text = text.substring(3);
        }
        return new SourceFile(name, text);
    }

    /**
     * The include search: beside the includer for "", then -I directories, then the sysroot; every header found
     * is recorded in {@code log} when there is one (a {@code __has_include} probe too, which gcc would leave out).
     */
    static IncludeResolver resolver(Options o, IncludeLog log) {
        return new IncludeResolver() {
            @Override
            public SourceFile resolve(String name, boolean quoted, SourceFile includer) {
                boolean[] fromSysroot = {false};
                SourceFile f = Compiler.resolve(o, name, quoted, includer, fromSysroot);
                if (f != null && log != null) {
                    log.found(f, includer, fromSysroot[0], !fromSysroot[0] || o.sysroot().isDirectory());
                }
                return f;
            }

            @Override
            public String whyMissing(String name) {
                if (o.noStdInc() || o.sysroot() == null) {
                    return null;
                }
                List<String> owners = o.sysroot().modelsWithHeader(name).stream().map(MachineKind::id).toList();
                if (owners.isEmpty()) {
                    return null;
                }
                return name + " is a header of the " + String.join(" and ", owners) + " machine model, and this "
                        + "compilation is " + (o.machine() == null ? "for every model" : "for " + o.machine().id())
                        + " (-mmachine)";
            }
        };
    }

    private static SourceFile resolve(Options o, String name, boolean quoted, SourceFile includer,
                                      boolean[] fromSysroot) {
        List<Path> dirs = new ArrayList<>();
        if (quoted && includer != null) {
            Path inc = Path.of(includer.name()).getParent();
            dirs.add(inc == null ? Path.of(".") : inc);
        }
        if (Path.of(name).isAbsolute()) {
            return readFile(Path.of(name));
        }
        for (String d : o.includeDirs()) {
            dirs.add(Path.of(d));
        }
        for (Path d : dirs) {
            SourceFile f = readFile(d.resolve(name));
            if (f != null) {
                return f;
            }
        }
        if (!o.noStdInc() && o.sysroot() != null) {
            Sysroot.Header h = o.sysroot().header(o.machine(), name);
            if (h != null) {
                fromSysroot[0] = true;
                return new SourceFile(h.path(), h.text());
            }
        }
        return null;
    }

    private static SourceFile readFile(Path p) {
        try {
            if (Files.isRegularFile(p)) {
                String n = p.toString();
                if (n.startsWith("./")) {
                    n = n.substring(2);
                }
                return source(n, scmp.common.InputFile.read(p, scmp.common.InputFile.MAX_BINARY_SIZE));
            }
        } catch (scmp.common.InputFile.Unreadable | RuntimeException e) {
            return null;
        }
        return null;
    }

    /** Runs the preprocessor over a file. */
    public static List<Token> preprocess(SourceFile src, Options o, Diagnostics diag) {
        return preprocess(src, o, diag, null);
    }

    /** Runs the preprocessor over a file, recording the headers it reads in {@code log} (when not null). */
    public static List<Token> preprocess(SourceFile src, Options o, Diagnostics diag, IncludeLog log) {
        Preprocessor pp = new Preprocessor(diag, resolver(o, log));
        String model = machineMacro(o.machine());
        if (model != null) {
            pp.define(model + " 1");
        }
        if (o.optLevel() > 0) {
            pp.define("__OPTIMIZE__ 1");
        }
        for (String d : o.defines()) {
            int eq = d.indexOf('=');
            pp.define(eq < 0 ? d + " 1" : d.substring(0, eq) + " " + d.substring(eq + 1));
        }
        for (String u : o.undefines()) {
            pp.undefine(u);
        }
        return pp.run(src);
    }

    /**
     * Runs the front end over C source: preprocess, parse, check. Returns the checked program, or null after
     * reporting errors to {@code diag} (a limit exceeded or the error limit reached included).
     */
    public static Program check(SourceFile src, Options o, Diagnostics diag) {
        return check(src, o, diag, null);
    }

    /** {@link #check(SourceFile, Options, Diagnostics)}, recording the headers read in {@code log} (when not null). */
    public static Program check(SourceFile src, Options o, Diagnostics diag, IncludeLog log) {
        diag.setWarningsEnabled(o.warnings());
        List<Token> toks = preprocess(src, o, diag, log);
        if (diag.hasErrors()) {
            return null;
        }
        try {
            CParser.CompilationUnitContext cu = CParse.parse(toks, diag);
            if (diag.hasErrors()) {
                return null;
            }
            Program p = Sema.check(cu, src.name(), diag);
            return diag.hasErrors() ? null : p;
        } catch (Diagnostics.Fatal f) {
            return null; // a limit or -fmax-errors: the error is recorded
        }
    }

    /** Compiles C source to assembly text, or returns null after reporting errors to {@code diag}. */
    public static String compile(SourceFile src, Options o, Diagnostics diag) {
        return compile(src, o, diag, null);
    }

    /** {@link #compile(SourceFile, Options, Diagnostics)}, recording the headers read in {@code log} (when not null). */
    public static String compile(SourceFile src, Options o, Diagnostics diag, IncludeLog log) {
        Program p = check(src, o, diag, log);
        return p == null ? null : CodeGen.generate(p, new CodeGen.Options(o.optLevel(), o.debug()));
    }
}
