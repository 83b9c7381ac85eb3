package scmp.cc;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import scmp.asm.Assembler;
import scmp.cc.lex.SourceFile;
import scmp.common.InputFile;
import scmp.common.Limits;
import scmp.common.Version;
import scmp.diag.Diagnostic;
import scmp.diag.DiagnosticException;
import scmp.elf.Archive;
import scmp.elf.ElfFormatException;
import scmp.elf.ElfReader;
import scmp.elf.ElfWriter;
import scmp.elf.MachineKind;
import scmp.elf.ObjectFile;
import scmp.link.LinkException;
import scmp.link.LinkInput;
import scmp.link.LinkOptions;
import scmp.link.LinkResult;
import scmp.link.Linker;

/**
 * The pipeline {@code scmpcc} runs, as an API: C files are preprocessed, compiled and assembled; assembly files
 * assembled ({@code .S} ones preprocessed first); objects and archives passed to the linker, all in this
 * process, for one machine model. A link starts with the sysroot's {@value #CRT0} and ends with its default
 * libraries ({@link #DEFAULT_LIBS}), the model's own or the shared ones; see docs/compiler.md. The command
 * line parses gcc-style options into {@link Options}; tools and tests that compile in-process build the
 * options themselves. Messages go to the error stream in the form {@code scmpcc} prints them.
 */
public final class Driver {
    /** The libraries every link ends with, in order; those missing from the sysroot are skipped. */
    public static final List<String> DEFAULT_LIBS = List.of("libaclmpl.a", "libaclport.a", "libscmp.a", "libmpi.a",
            "libt3d.a", "libhal.a", "libc.a", "libm.a");
    /** The start-up object every link begins with. */
    public static final String CRT0 = "crt0.o";

    /** Where the pipeline stops, as gcc's {@code -E}, {@code -S}, {@code -c} or nothing say. */
    public enum Stage {
        /** {@code -E}: preprocess only, to standard output or the output file. */
        PREPROCESS,
        /** {@code -S}: compile to assembly. */
        ASSEMBLY,
        /** {@code -c}: compile and assemble to objects. */
        OBJECT,
        /** Link an executable. */
        EXECUTABLE
    }

    /**
     * What a run of the driver does.
     *
     * @param stage       where the pipeline stops
     * @param output      the output file ({@code -o}), {@code -} for standard output, or null for the default:
     *                    {@code a.out}, or the input's base name with {@code .s} or {@code .o} in the current
     *                    directory
     * @param optLevel    0, 1 or 2
     * @param debug       emit line information ({@code -g})
     * @param includeDirs {@code -I} directories, in order
     * @param defines     {@code -D} macros, {@code NAME} or {@code NAME=VALUE}
     * @param undefines   {@code -U} macros
     * @param libDirs     {@code -L} directories, searched before the sysroot for {@code -l} libraries
     * @param libs        {@code -l} libraries, by name without {@code lib} and {@code .a}
     * @param wall        the warnings of {@code -Wall}
     * @param warnings    warnings at all ({@code -w} turns them off)
     * @param noStdLib    no crt0 and no default libraries ({@code -nostdlib})
     * @param noStdInc    no sysroot headers ({@code -nostdinc})
     * @param sysroot     the sysroot directory, or null for $SCMP_SYSROOT or the one on the classpath
     * @param machine     the machine model built for ({@code -mmachine}): its headers, libraries and
     *                    predefined macro, recorded in the objects and the executable; null builds objects that
     *                    use only what every model shares and link into a program of any model
     * @param files       the inputs: .c, .i, .h, .s, .S, .asm, objects and archives
     * @param maxErrors   the errors after which a compilation stops ({@code -fmax-errors=N}), 0 for no limit
     * @param warningOptions the other {@code -W} options as given, in order ({@code -Werror}, {@code -Wformat},
     *                    {@code -Wno-uninitialized}...; see {@link Diagnostics#configure})
     * @param deps        the make dependency file to write beside each compilation ({@code -MD}, {@code -MMD}),
     *                    or null for none
     * @param verbose     print the version, the search paths and each step on the error stream ({@code -v})
     * @param languages   for each of {@code files}, the language {@code -x} gave it ({@code c},
     *                    {@code assembler}, {@code assembler-with-cpp}), or null to go by the file's suffix
     */
    public record Options(Stage stage, String output, int optLevel, boolean debug, List<String> includeDirs,
                          List<String> defines, List<String> undefines, List<String> libDirs, List<String> libs,
                          boolean wall, boolean warnings, boolean noStdLib, boolean noStdInc, String sysroot,
                          MachineKind machine, List<String> files, int maxErrors, List<String> warningOptions,
                          Dependencies deps, boolean verbose, List<String> languages) {
        /** Copies the lists, so that the options stay as they were built. */
        public Options {
            warningOptions = List.copyOf(warningOptions);
            languages = java.util.Collections.unmodifiableList(new ArrayList<>(languages));
            if (languages.size() != files.size()) {
                throw new IllegalArgumentException("one language (or null) per file");
            }
            includeDirs = List.copyOf(includeDirs);
            defines = List.copyOf(defines);
            undefines = List.copyOf(undefines);
            libDirs = List.copyOf(libDirs);
            libs = List.copyOf(libs);
            files = List.copyOf(files);
        }

        /** Returns a builder with gcc's defaults: link, {@code -O0}, warnings on, the default sysroot, SCMP. */
        public static Builder builder() {
            return new Builder();
        }
    }

    /**
     * A make dependency file, as gcc's {@code -MD} and {@code -MMD} write it (docs/compiler.md, "Dependency
     * files").
     *
     * @param systemHeaders list the sysroot's headers too ({@code -MD}), or only the user's ({@code -MMD}); headers
     *                      packaged in the jar are never listed, since make cannot look at them
     * @param file          the file to write ({@code -MF}), or null for the output's name with {@code .d}
     * @param targets       the rule's targets ({@code -MT}), or empty for the object file
     * @param phony         add an empty rule for each header ({@code -MP}), so that make does not stop when one
     *                      is deleted
     */
    public record Dependencies(boolean systemHeaders, String file, List<String> targets, boolean phony) {
        /** Copies the list. */
        public Dependencies {
            targets = List.copyOf(targets);
        }
    }

    /** Builds {@link Options}; every setter returns the builder. */
    public static final class Builder {
        private Stage stage = Stage.EXECUTABLE;
        private String output;
        private int optLevel;
        private boolean debug;
        private final List<String> includeDirs = new ArrayList<>();
        private final List<String> defines = new ArrayList<>();
        private final List<String> undefines = new ArrayList<>();
        private final List<String> libDirs = new ArrayList<>();
        private final List<String> libs = new ArrayList<>();
        private boolean wall;
        private boolean warnings = true;
        private boolean noStdLib;
        private boolean noStdInc;
        private String sysroot;
        private MachineKind machine = MachineKind.SCMP;
        private final List<String> files = new ArrayList<>();
        private int maxErrors = Limits.DEFAULT_MAX_ERRORS;
        private final List<String> warningOptions = new ArrayList<>();
        private Dependencies deps;
        private boolean verbose;
        private final List<String> languages = new ArrayList<>();

        private Builder() {
        }

        /** Sets where the pipeline stops. */
        public Builder stage(Stage s) {
            stage = s;
            return this;
        }

        /** Sets the output file. */
        public Builder output(String file) {
            output = file;
            return this;
        }

        /** Sets the optimisation level. */
        public Builder optLevel(int level) {
            optLevel = level;
            return this;
        }

        /** Emits line information or not. */
        public Builder debug(boolean on) {
            debug = on;
            return this;
        }

        /** Adds {@code -I} directories. */
        public Builder includeDirs(List<String> dirs) {
            includeDirs.addAll(dirs);
            return this;
        }

        /** Adds {@code -D} macros. */
        public Builder defines(List<String> macros) {
            defines.addAll(macros);
            return this;
        }

        /** Adds {@code -U} macros. */
        public Builder undefines(List<String> macros) {
            undefines.addAll(macros);
            return this;
        }

        /** Adds {@code -L} directories. */
        public Builder libDirs(List<String> dirs) {
            libDirs.addAll(dirs);
            return this;
        }

        /** Adds {@code -l} libraries. */
        public Builder libs(List<String> names) {
            libs.addAll(names);
            return this;
        }

        /** Turns the warnings of {@code -Wall} on or off. */
        public Builder wall(boolean on) {
            wall = on;
            return this;
        }

        /** Turns warnings on or off. */
        public Builder warnings(boolean on) {
            warnings = on;
            return this;
        }

        /** Links without crt0 and the default libraries, or with them. */
        public Builder noStdLib(boolean on) {
            noStdLib = on;
            return this;
        }

        /** Searches the sysroot's headers or not. */
        public Builder noStdInc(boolean on) {
            noStdInc = on;
            return this;
        }

        /** Sets the sysroot directory (null: the default). */
        public Builder sysroot(String dir) {
            sysroot = dir;
            return this;
        }

        /** Sets the machine model (null: objects for every model). */
        public Builder machine(MachineKind model) {
            machine = model;
            return this;
        }

        /** Adds input files. */
        public Builder files(List<String> names) {
            for (String n : names) {
                file(n, null);
            }
            return this;
        }

        /**
         * Adds an input file in a given language ({@code -x c}: {@code c}, {@code assembler} or
         * {@code assembler-with-cpp}), or null to go by its suffix; {@code -} is standard input.
         */
        public Builder file(String name, String language) {
            files.add(name);
            languages.add(language);
            return this;
        }

        /** Adds {@code -W} options ({@code -Werror}, {@code -Wformat}...), in order. */
        public Builder warningOptions(List<String> opts) {
            warningOptions.addAll(opts);
            return this;
        }

        /** Writes make dependency files ({@code -MD}, {@code -MMD}), or none with null. */
        public Builder deps(Dependencies d) {
            deps = d;
            return this;
        }

        /** Prints the version, the search paths and each step ({@code -v}). */
        public Builder verbose(boolean on) {
            verbose = on;
            return this;
        }

        /** Adds input files. */
        public Builder files(String... names) {
            return files(List.of(names));
        }

        /** Sets the errors after which a compilation stops ({@code -fmax-errors=N}; 0: no limit). */
        public Builder maxErrors(int n) {
            maxErrors = n;
            return this;
        }

        /** Returns the options. */
        public Options build() {
            return new Options(stage, output, optLevel, debug, includeDirs, defines, undefines, libDirs, libs, wall,
                    warnings, noStdLib, noStdInc, sysroot, machine, files, maxErrors, warningOptions, deps, verbose,
                    languages);
        }
    }

    private final Options options;
    private final InputStream in;
    private final PrintStream out;
    private final PrintStream err;

    private Driver(Options options, InputStream in, PrintStream out, PrintStream err) {
        this.options = options;
        this.in = in;
        this.out = out;
        this.err = err;
    }

    /** How diagnostics name standard input, as gcc names it. */
    public static final String STDIN_NAME = "<stdin>";

    /**
     * The stack of the thread the pipeline runs on. The parser and the type checker recurse as deep as the
     * program nests, up to the limits of docs/compiler.md; a stack of its own makes that independent of the
     * caller's thread.
     */
    private static final long STACK_SIZE = 256L << 20;

    /**
     * Runs the pipeline, on a thread of its own with a {@link #STACK_SIZE} stack.
     *
     * @param options what to do
     * @param out     where {@code -o -} and {@code -E} without {@code -o} write
     * @param err     where diagnostics go
     * @return the exit status: 0, or 1 after errors
     */
    public static int run(Options options, PrintStream out, PrintStream err) {
        return run(options, System.in, out, err);
    }

    /**
     * Runs the pipeline, with {@code in} as the input named {@code -}.
     *
     * @param options what to do
     * @param in      standard input, read for the input file {@code -}
     * @param out     where {@code -o -} and {@code -E} without {@code -o} write
     * @param err     where diagnostics go
     * @return the exit status: 0, or 1 after errors
     */
    public static int run(Options options, InputStream in, PrintStream out, PrintStream err) {
        int[] status = {1};
        Thread t = new Thread(null, () -> status[0] = runHere(options, in, out, err), "scmpcc", STACK_SIZE);
        t.start();
        while (true) {
            try {
                t.join();
                return status[0];
            } catch (InterruptedException e) {
                t.interrupt();
            }
        }
    }

    private static int runHere(Options options, InputStream in, PrintStream out, PrintStream err) {
        try {
            return new Driver(options, in, out, err).run();
        } catch (StackOverflowError e) {
            err.println("scmpcc: error: program too deeply nested");
            return 1;
        } catch (OutOfMemoryError e) {
            err.println("scmpcc: error: out of memory (the input is too large for the memory given to the tool)");
            return 1;
        } catch (RuntimeException e) {
            err.println("scmpcc: internal compiler error: " + e);
            return 1;
        }
    }

    private int run() {
        List<String> files = options.files();
        String output = options.output();
        Stage stage = options.stage();
        if (files.isEmpty()) {
            err.println("scmpcc: fatal error: no input files");
            err.println("compilation terminated.");
            return 1;
        }
        if (output != null && files.size() > 1 && stage != Stage.EXECUTABLE) {
            err.println("scmpcc: fatal error: cannot specify '-o' with '-c', '-S' or '-E' with multiple files");
            return 1;
        }
        Sysroot root = Sysroot.locate(options.sysroot());
        Compiler.Options copt = new Compiler.Options(options.optLevel(), options.debug(), options.includeDirs(),
                options.defines(), options.undefines(), options.noStdInc(), root, options.warnings(),
                options.machine());
        if (options.verbose()) {
            describe(root);
        }
        if (sameAsOutput(files, stage)) {
            return 1;
        }
        List<LinkInput> inputs = new ArrayList<>();
        boolean failed = false;
        for (int i = 0; i < files.size(); i++) {
            String f = files.get(i);
            String language = languageOf(f, options.languages().get(i));
            if (f.equals("-") && language == null && stage == Stage.PREPROCESS) {
                language = "c";     // -E reads standard input as C without -x, as gcc does
            }
            if (f.equals("-") && language == null) {
                err.println("scmpcc: error: -E or -x required when input is from standard input");
                failed = true;
                continue;
            }
            byte[] bytes;
            try {
                bytes = f.equals("-") ? readStdin() : InputFile.read(Path.of(f), language != null
                        ? Limits.MAX_SOURCE_SIZE : InputFile.MAX_BINARY_SIZE);
            } catch (InputFile.Unreadable e) {
                String why = e.getMessage();   // gcc's words for a missing file
                err.println("scmpcc: error: " + f + ": "
                        + (why.equals("no such file or directory") ? "No such file or directory" : why));
                failed = true;
                continue;
            } catch (RuntimeException e) {
                err.println("scmpcc: error: " + f + ": No such file or directory");
                failed = true;
                continue;
            }
            String lower = f.toLowerCase();
            String shown = f.equals("-") ? STDIN_NAME : f;
            try {
                if ("c".equals(language)) {
                    step("compile", shown, stage);
                    failed |= !compileC(f, shown, bytes, copt, inputs);
                } else if (language != null) {
                    step("assemble", shown, stage);
                    String text = new String(bytes, StandardCharsets.UTF_8);
                    if (language.equals("assembler-with-cpp")) {
                        Diagnostics diag = new Diagnostics();
                        diag.setMaxErrors(options.maxErrors());
                        IncludeLog log = new IncludeLog();
                        List<scmp.cc.lex.Token> toks = Compiler.preprocess(Compiler.source(shown, bytes), copt, diag,
                                log);
                        diag.print(err);
                        if (diag.hasErrors()) {
                            failed = true;
                            continue;
                        }
                        writeDependencies(f, shown, log);
                        text = scmp.cc.pp.Preprocessor.render(toks).replaceAll("(?m)^# [0-9]+ \".*\"$", "");
                        if (stage == Stage.PREPROCESS) {
                            write(output, text.getBytes(StandardCharsets.UTF_8), false);
                            continue;
                        }
                    }
                    if (stage.compareTo(Stage.ASSEMBLY) <= 0) {
                        continue;
                    }
                    ObjectFile o = Assembler.assemble(shown, text);
                    o.setMachine(options.machine());
                    if (stage == Stage.OBJECT) {
                        write(output != null ? output : baseName(f) + ".o", ElfWriter.writeObject(o), false);
                    } else {
                        inputs.add(new LinkInput.ObjectInput(o));
                    }
                } else if (stage == Stage.EXECUTABLE && Archive.isArchive(bytes)) {
                    inputs.add(archive(f, bytes));
                } else if (stage == Stage.EXECUTABLE && ElfReader.isElf(bytes)) {
                    inputs.add(new LinkInput.ObjectInput(ElfReader.readObject(f, bytes)));
                } else if (stage == Stage.EXECUTABLE) {
                    err.println("scmpcc: error: " + f + ": file format not recognized");
                    failed = true;
                } else if (lower.endsWith(".o") || lower.endsWith(".a")) {
                    // gcc ignores linker inputs when not linking.
                    continue;
                } else {
                    err.println("scmpcc: error: " + f + ": file format not recognized");
                    failed = true;
                }
            } catch (DiagnosticException e) {
                for (Diagnostic d : e.diagnostics()) {
                    err.println(d.format());
                }
                failed = true;
            } catch (ElfFormatException e) {
                err.println("scmpcc: error: " + f + ": " + e.getMessage());
                failed = true;
            } catch (IOException e) {
                err.println("scmpcc: error: " + e.getMessage());
                failed = true;
            }
        }
        if (failed) {
            return 1;
        }
        if (stage != Stage.EXECUTABLE) {
            return 0;
        }
        return link(root, inputs) ? 0 : 1;
    }

    /**
     * The language of an input: the one {@code -x} gave it, else by its suffix ({@code .c}, {@code .i} and
     * {@code .h} are C, {@code .s} and {@code .asm} assembly, {@code .S} assembly to preprocess); null for objects,
     * archives and what is not recognized.
     */
    private static String languageOf(String f, String given) {
        if (given != null && !given.equals("none")) {
            return given;
        }
        if (f.endsWith(".c") || f.endsWith(".i") || f.endsWith(".h")) {
            return "c";
        }
        if (f.endsWith(".s") || f.endsWith(".asm")) {
            return "assembler";
        }
        return f.endsWith(".S") ? "assembler-with-cpp" : null;
    }

    /** Reads standard input whole, up to the size limit of a source file. */
    private byte[] readStdin() throws InputFile.Unreadable {
        try {
            byte[] b = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, Limits.MAX_SOURCE_SIZE + 1));
            if (b.length > Limits.MAX_SOURCE_SIZE) {
                throw new InputFile.Unreadable("file too large (more than " + Limits.MAX_SOURCE_SIZE + " bytes)");
            }
            return b;
        } catch (IOException e) {
            throw new InputFile.Unreadable(InputFile.reason(e));
        }
    }

    /**
     * {@code -v}: the version, the machine model, the sysroot and the include and library search paths, on the
     * error stream as gcc prints them; each step then prints a line of its own ({@link #step}).
     */
    private void describe(Sysroot root) {
        for (String l : Version.lines("scmpcc")) {
            err.println(l);
        }
        MachineKind m = options.machine();
        err.println("Target: " + (m == null ? "every machine model" : m.id()));
        String sysroot = root.describe().replaceAll("/$", "");
        err.println("Sysroot: " + sysroot);
        List<String> sysFolders = m == null ? List.of("include") : List.of(m.id() + "/include", "include");
        err.println("#include \"...\" search starts here:");
        err.println("#include <...> search starts here:");
        for (String d : options.includeDirs()) {
            err.println(" " + d);
        }
        if (!options.noStdInc()) {
            for (String d : sysFolders) {
                err.println(" " + sysroot + "/" + d);
            }
        }
        err.println("End of search list.");
        List<String> libs = new ArrayList<>(options.libDirs());
        if (!options.noStdLib()) {
            libs.addAll(sysFolders.stream().map(d -> sysroot + "/" + d.replace("include", "lib")).toList());
        }
        err.println("LIBRARY_PATH=" + String.join(":", libs));
        err.println("Options: -O" + options.optLevel() + (options.debug() ? " -g" : "") + (options.warnings() ? ""
                : " -w") + (options.wall() ? " -Wall" : "") + (options.warningOptions().isEmpty() ? "" : " "
                + String.join(" ", options.warningOptions())));
    }

    /** {@code -v}: one line for a step of the pipeline, such as {@code compile t.c -> t.o}. */
    private void step(String what, String file, Stage stage) {
        if (options.verbose()) {
            String to = switch (stage) {
                case PREPROCESS -> "preprocessed";
                case ASSEMBLY -> "assembly";
                case OBJECT -> "object";
                case EXECUTABLE -> "object for the link";
            };
            err.println(" " + what + " " + file + " -> " + to);
        }
    }

    /** The file this run writes for input {@code f}, or null for standard output or none. */
    private String outputFor(String f, Stage stage) {
        String output = options.output();
        if (output != null) {
            return output.equals("-") ? null : output;
        }
        return switch (stage) {
            case PREPROCESS -> null;
            case ASSEMBLY -> f.endsWith(".s") || f.endsWith(".asm") ? null : baseName(f) + ".s";
            case OBJECT -> baseName(f) + ".o";
            case EXECUTABLE -> "a.out";
        };
    }

    /**
     * Refuses, as gcc does, a run that would write over one of its inputs ({@code scmpcc t.c -o t.c}): the
     * input would be lost before it was read whole, or after.
     */
    private boolean sameAsOutput(List<String> files, Stage stage) {
        for (String f : files) {
            String o = outputFor(f, stage);
            if (o == null) {
                continue;
            }
            try {
                Path in = Path.of(f);
                Path outPath = Path.of(o);
                if (Files.exists(in) && Files.exists(outPath) && Files.isSameFile(in, outPath)) {
                    err.println("scmpcc: error: input file '" + f + "' is the same as output file");
                    return true;
                }
            } catch (IOException | RuntimeException e) {
                // An unreadable or invalid name: reading or writing it reports the problem.
            }
        }
        return false;
    }

    private boolean compileC(String f, String shown, byte[] bytes, Compiler.Options copt, List<LinkInput> inputs)
            throws DiagnosticException, IOException {
        Diagnostics diag = new Diagnostics();
        diag.setMaxErrors(options.maxErrors());
        diag.setWallEnabled(options.wall());
        diag.configure(options.warningOptions());
        SourceFile src = Compiler.source(shown, bytes);
        String output = options.output();
        IncludeLog log = new IncludeLog();
        if (options.stage() == Stage.PREPROCESS) {
            List<scmp.cc.lex.Token> toks = Compiler.preprocess(src, copt, diag, log);
            diag.print(err);
            if (diag.hasErrors()) {
                return false;
            }
            writeDependencies(f, shown, log);
            write(output, scmp.cc.pp.Preprocessor.render(toks).getBytes(StandardCharsets.ISO_8859_1), false);
            return true;
        }
        String asm;
        try {
            asm = Compiler.compile(src, copt, diag, log);
        } catch (StackOverflowError e) {
            diag.error(f, "program too deeply nested");
            asm = null;
        } catch (RuntimeException e) {
            diag.print(err);
            err.println(f + ": internal compiler error: " + e);
            return false;
        }
        diag.print(err);
        if (asm == null) {
            return false;
        }
        writeDependencies(f, shown, log);
        if (options.stage() == Stage.ASSEMBLY) {
            write(output != null ? output : baseName(f) + ".s", asm.getBytes(StandardCharsets.UTF_8), false);
            return true;
        }
        ObjectFile o = Assembler.assemble(baseName(f) + ".s", asm);
        o.setMachine(options.machine());
        if (options.stage() == Stage.OBJECT) {
            write(output != null ? output : baseName(f) + ".o", ElfWriter.writeObject(o), false);
        } else {
            inputs.add(new LinkInput.ObjectInput(o));
        }
        return true;
    }

    /**
     * Writes the make dependency file of a compilation ({@code -MD}, {@code -MMD}) as gcc does: the targets, a
     * colon, the source and every header, one space apart, lines broken with a backslash before they pass 72
     * columns; with {@code -MP}, an empty rule for each header. Without {@code -MF} the file is the output's name
     * with {@code .d} for its suffix ({@code -o obj/t.o} writes {@code obj/t.d}), else the source's base name
     * with {@code .d} in the current directory.
     */
    private void writeDependencies(String f, String shown, IncludeLog log) throws IOException {
        Dependencies d = options.deps();
        if (d == null) {
            return;
        }
        String output = options.output();
        boolean named = output != null && !output.equals("-") && options.stage() != Stage.EXECUTABLE;
        String object = named && options.stage() != Stage.PREPROCESS ? output : baseName(f) + ".o";
        String file = d.file() != null ? d.file()
                : named ? stripSuffix(output) + ".d" : baseName(f) + ".d";
        List<String> targets = d.targets().isEmpty() ? List.of(makeQuote(object)) : d.targets();
        List<String> deps = new ArrayList<>();
        deps.add(makeQuote(shown));
        for (IncludeLog.Header h : log.headers()) {
            if (h.onDisk() && (d.systemHeaders() || !h.system())) {
                deps.add(makeQuote(h.path()));
            }
        }
        StringBuilder sb = new StringBuilder();
        int column = 0;
        for (String t : targets) {
            column = makeWord(sb, t, column);
        }
        sb.append(':');
        column++;
        for (String dep : deps) {
            column = makeWord(sb, dep, column);
        }
        sb.append('\n');
        if (d.phony()) {
            for (String dep : deps.subList(1, deps.size())) {
                sb.append(dep).append(":\n");
            }
        }
        write(file, sb.toString().getBytes(StandardCharsets.UTF_8), false);
    }

    /** The widest a dependency line grows before a word goes to the next line, as gcc's. */
    private static final int DEPENDENCY_COLUMNS = 72;

    /** Appends a word of a dependency rule at {@code column}; returns the column after it. */
    private static int makeWord(StringBuilder sb, String word, int column) {
        if (column > 0) {
            if (column + word.length() > DEPENDENCY_COLUMNS) {
                sb.append(" \\\n");
                column = 0;
            }
            column++;
            sb.append(' ');
        }
        sb.append(word);
        return column + word.length();
    }

    /** A file name as make reads it: spaces and {@code #} escaped with a backslash, {@code $} doubled. */
    private static String makeQuote(String name) {
        return name.replace("$", "$$").replace(" ", "\\ ").replace("#", "\\#");
    }

    private static String stripSuffix(String f) {
        int slash = f.lastIndexOf('/');
        int dot = f.lastIndexOf('.');
        return dot > slash + 1 ? f.substring(0, dot) : f;
    }

    private static String baseName(String f) {
        String n = Path.of(f).getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot > 0 ? n.substring(0, dot) : n;
    }

    private static LinkInput archive(String name, byte[] bytes) throws ElfFormatException {
        Archive ar = Archive.read(name, bytes);
        List<ObjectFile> members = new ArrayList<>();
        for (Archive.Member m : ar.members()) {
            if (ElfReader.isElf(m.data())) {
                members.add(ElfReader.readObject(name + "(" + m.name() + ")", m.data()));
            }
        }
        return new LinkInput.ArchiveInput(name, members);
    }

    private boolean link(Sysroot root, List<LinkInput> userInputs) {
        List<LinkInput> inputs = new ArrayList<>();
        try {
            if (!options.noStdLib()) {
                byte[] crt0 = root.library(options.machine(), CRT0);
                if (crt0 == null) {
                    err.println("scmpcc: error: " + CRT0 + " not found in the sysroot (" + root.describe()
                            + "); use --sysroot or -nostdlib");
                    return false;
                }
                inputs.add(new LinkInput.ObjectInput(ElfReader.readObject(CRT0, crt0)));
            }
            inputs.addAll(userInputs);
            for (String l : options.libs()) {
                byte[] b = findLibrary(root, "lib" + l + ".a");
                if (b == null) {
                    err.println("scmpcc: error: cannot find -l" + l);
                    return false;
                }
                inputs.add(archive("lib" + l + ".a", b));
            }
            if (!options.noStdLib()) {
                for (String l : DEFAULT_LIBS) {
                    byte[] b = root.library(options.machine(), l);
                    if (b != null) {
                        inputs.add(archive(l, b));
                    }
                }
            }
            LinkResult r = Linker.link(inputs, LinkOptions.defaults().withMachine(options.machine()));
            String output = options.output();
            write(output != null ? output : "a.out", ElfWriter.writeExecutable(r.executable()), true);
            return true;
        } catch (LinkException e) {
            for (String s : e.errors()) {
                err.println("scmpcc: error: " + s);
            }
            return false;
        } catch (ElfFormatException e) {
            err.println("scmpcc: error: " + e.getMessage());
            return false;
        } catch (IOException e) {
            err.println("scmpcc: error: " + e.getMessage());
            return false;
        }
    }

    private byte[] findLibrary(Sysroot root, String name) throws IOException {
        for (String d : options.libDirs()) {
            Path p = Path.of(d, name);
            if (Files.isRegularFile(p)) {
                try {
                    return InputFile.read(p, InputFile.MAX_BINARY_SIZE);
                } catch (InputFile.Unreadable e) {
                    throw new IOException(p + ": " + e.getMessage());
                }
            }
        }
        return options.noStdLib() ? null : root.library(options.machine(), name);
    }

    /** Why an output file could not be written, in the C library's words as gcc prints them. */
    private static String whyNotWritten(String name, Exception e) {
        if (e instanceof java.nio.file.InvalidPathException) {
            return "Invalid argument";
        }
        if (Files.isDirectory(Path.of(name))) {
            return "Is a directory";
        }
        String why = InputFile.reason((IOException) e);
        int colon = why.lastIndexOf(": ");
        why = colon >= 0 ? why.substring(colon + 2) : why;
        return why.isEmpty() ? why : why.substring(0, 1).toUpperCase(Locale.ROOT) + why.substring(1);
    }

    private void write(String name, byte[] data, boolean executable) throws IOException {
        if (name == null || name.equals("-")) {
            out.write(data);
            out.flush();
            return;
        }
        Path p;
        try {
            p = Path.of(name);
            Files.write(p, data);
        } catch (IOException | java.nio.file.InvalidPathException e) {
            throw new IOException("cannot open output file " + name + ": " + whyNotWritten(name, e), e);
        }
        if (executable) {
            try {
                Files.setPosixFilePermissions(p, EnumSet.of(PosixFilePermission.OWNER_READ,
                        PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE,
                        PosixFilePermission.GROUP_READ, PosixFilePermission.GROUP_EXECUTE,
                        PosixFilePermission.OTHERS_READ, PosixFilePermission.OTHERS_EXECUTE));
            } catch (UnsupportedOperationException | IOException e) {
                // Not a POSIX file system: the file is still written.
            }
        }
    }
}
