package scmp.cc;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import scmp.asm.Assembler;
import scmp.cc.lex.SourceFile;
import scmp.common.InputFile;
import scmp.common.Limits;
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
     */
    public record Options(Stage stage, String output, int optLevel, boolean debug, List<String> includeDirs,
                          List<String> defines, List<String> undefines, List<String> libDirs, List<String> libs,
                          boolean wall, boolean warnings, boolean noStdLib, boolean noStdInc, String sysroot,
                          MachineKind machine, List<String> files, int maxErrors) {
        /** Copies the lists, so that the options stay as they were built. */
        public Options {
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
            files.addAll(names);
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
                    warnings, noStdLib, noStdInc, sysroot, machine, files, maxErrors);
        }
    }

    private final Options options;
    private final PrintStream out;
    private final PrintStream err;

    private Driver(Options options, PrintStream out, PrintStream err) {
        this.options = options;
        this.out = out;
        this.err = err;
    }

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
        int[] status = {1};
        Thread t = new Thread(null, () -> status[0] = runHere(options, out, err), "scmpcc", STACK_SIZE);
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

    private static int runHere(Options options, PrintStream out, PrintStream err) {
        try {
            return new Driver(options, out, err).run();
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
        if (sameAsOutput(files, stage)) {
            return 1;
        }
        List<LinkInput> inputs = new ArrayList<>();
        boolean failed = false;
        for (String f : files) {
            byte[] bytes;
            try {
                bytes = InputFile.read(Path.of(f), isSource(f) ? Limits.MAX_SOURCE_SIZE : InputFile.MAX_BINARY_SIZE);
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
            try {
                if (f.endsWith(".c") || f.endsWith(".i") || f.endsWith(".h")) {
                    failed |= !compileC(f, bytes, copt, inputs);
                } else if (f.endsWith(".s") || f.endsWith(".S") || f.endsWith(".asm")) {
                    String text = new String(bytes, StandardCharsets.UTF_8);
                    if (f.endsWith(".S")) {
                        Diagnostics diag = new Diagnostics();
                        diag.setMaxErrors(options.maxErrors());
                        List<scmp.cc.lex.Token> toks = Compiler.preprocess(Compiler.source(f, bytes), copt, diag);
                        diag.print(err);
                        if (diag.hasErrors()) {
                            failed = true;
                            continue;
                        }
                        text = scmp.cc.pp.Preprocessor.render(toks).replaceAll("(?m)^# [0-9]+ \".*\"$", "");
                        if (stage == Stage.PREPROCESS) {
                            write(output, text.getBytes(StandardCharsets.UTF_8), false);
                            continue;
                        }
                    }
                    if (stage.compareTo(Stage.ASSEMBLY) <= 0) {
                        continue;
                    }
                    ObjectFile o = Assembler.assemble(f, text);
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

    private static boolean isSource(String f) {
        return f.endsWith(".c") || f.endsWith(".i") || f.endsWith(".h") || f.endsWith(".s") || f.endsWith(".S")
                || f.endsWith(".asm");
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

    private boolean compileC(String f, byte[] bytes, Compiler.Options copt, List<LinkInput> inputs)
            throws DiagnosticException, IOException {
        Diagnostics diag = new Diagnostics();
        diag.setMaxErrors(options.maxErrors());
        diag.setWallEnabled(options.wall());
        SourceFile src = Compiler.source(f, bytes);
        String output = options.output();
        if (options.stage() == Stage.PREPROCESS) {
            List<scmp.cc.lex.Token> toks = Compiler.preprocess(src, copt, diag);
            diag.print(err);
            if (diag.hasErrors()) {
                return false;
            }
            write(output, scmp.cc.pp.Preprocessor.render(toks).getBytes(StandardCharsets.ISO_8859_1), false);
            return true;
        }
        String asm;
        try {
            asm = Compiler.compile(src, copt, diag);
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

    private void write(String name, byte[] data, boolean executable) throws IOException {
        if (name == null || name.equals("-")) {
            out.write(data);
            out.flush();
            return;
        }
        Path p = Path.of(name);
        try {
            Files.write(p, data);
        } catch (IOException e) {
            throw new IOException("cannot write " + name + ": " + InputFile.reason(e), e);
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
