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
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import scmp.asm.Assembler;
import scmp.cc.lex.SourceFile;
import scmp.diag.Diagnostic;
import scmp.diag.DiagnosticException;
import scmp.elf.Archive;
import scmp.elf.ElfFormatException;
import scmp.elf.ElfReader;
import scmp.elf.ElfWriter;
import scmp.elf.ObjectFile;
import scmp.link.LinkException;
import scmp.link.LinkInput;
import scmp.link.LinkOptions;
import scmp.link.LinkResult;
import scmp.link.Linker;

/**
 * {@code scmpcc}, the C compiler driver, shaped like gcc: {@code scmpcc [-c|-S|-E] [-o OUT] [-O0|-O1|-O2] [-g]
 * [-I DIR] [-D NAME[=V]] [-U NAME] [-L DIR] [-l LIB] [-Wall] [-w] [-nostdlib] [-nostdinc] [--sysroot DIR] FILE...}.
 * C files are preprocessed, compiled and assembled; assembly files assembled (.S ones preprocessed first);
 * objects and archives passed to the linker, all in this process. A link starts with the sysroot's crt0.o and
 * ends with its default libraries ({@link #DEFAULT_LIBS}); see docs/compiler.md.
 */
@Command(name = "scmpcc", mixinStandardHelpOptions = true, versionProvider = CcMain.VersionProvider.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = "Compiles C99 programs for the SCMP multiprocessor (docs/compiler.md).")
public final class CcMain implements Callable<Integer> {
    /** The libraries every link ends with, in order; those missing from the sysroot are skipped. */
    public static final List<String> DEFAULT_LIBS = List.of("libscmp.a", "libmpi.a", "libc.a", "libm.a");
    /** The start-up object every link begins with. */
    public static final String CRT0 = "crt0.o";

    @Option(names = "-o", paramLabel = "OUT", description = "output file (default a.out, or FILE.o/.s with -c/-S)")
    String output;
    @Option(names = "-c", description = "compile and assemble, do not link")
    boolean compileOnly;
    @Option(names = "-S", description = "compile to assembly, do not assemble")
    boolean assembleOnly;
    @Option(names = "-E", description = "preprocess only, to standard output or -o")
    boolean preprocessOnly;
    @Option(names = "--opt-level", hidden = true)
    int optLevel = 0;
    @Option(names = "-g", description = "emit line information (.file/.loc) for the simulator's source lines and call stacks")
    boolean debug;
    @Option(names = "-I", paramLabel = "DIR", description = "add DIR to the include search path")
    List<String> includeDirs = new ArrayList<>();
    @Option(names = "-D", paramLabel = "NAME[=V]", description = "define a macro")
    List<String> defines = new ArrayList<>();
    @Option(names = "-U", paramLabel = "NAME", description = "undefine a macro")
    List<String> undefines = new ArrayList<>();
    @Option(names = "-L", paramLabel = "DIR", description = "add DIR to the library search path")
    List<String> libDirs = new ArrayList<>();
    @Option(names = "-l", paramLabel = "LIB", description = "link libLIB.a")
    List<String> libs = new ArrayList<>();
    @Option(names = "--warning", hidden = true)
    List<String> warningFlags = new ArrayList<>();
    @Option(names = "-w", description = "suppress all warnings")
    boolean noWarnings;
    @Option(names = "-nostdlib", description = "do not link crt0.o or the default libraries")
    boolean noStdLib;
    @Option(names = "-nostdinc", description = "do not search the sysroot's include directory")
    boolean noStdInc;
    @Option(names = "--sysroot", paramLabel = "DIR", description = "the sysroot (include/, lib/); default $SCMP_SYSROOT, else the one in the jar")
    String sysroot;
    @Parameters(paramLabel = "FILE", description = ".c, .s, .S, .o and .a files")
    List<String> files = new ArrayList<>();

    private PrintStream out = System.out;
    private PrintStream err = System.err;

    /** Supplies --version text. */
    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return scmp.isa.Version.lines("scmpcc");
        }
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /**
     * Runs the driver with gcc-style arguments; returns the exit status (0, or 1 after errors). Options picocli
     * cannot express as gcc spells them ({@code -O2}, {@code -Wall}, {@code -std=c99}) are rewritten first.
     */
    public static int run(PrintStream out, PrintStream err, String... args) {
        List<String> a = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String s = args[i];
            if (s.matches("-O[0-9]?|-Os|-Og|-Ofast")) {
                int level = s.equals("-O0") || s.equals("-Og") ? 0 : s.length() == 3 && Character.isDigit(s.charAt(2))
                        ? Math.min(2, s.charAt(2) - '0') : 1;
                a.add("--opt-level=" + level);
            } else if (s.startsWith("-W") && s.length() > 2 || s.startsWith("-std=") || s.startsWith("-f")
                    && s.length() > 2 || s.startsWith("-m") && s.length() > 2 || s.equals("-pedantic")
                    || s.equals("-ansi") || s.equals("-pipe")) {
                a.add("--warning=" + s);
            } else if (s.length() > 2 && s.charAt(0) == '-' && "DIULlo".indexOf(s.charAt(1)) >= 0) {
                // gcc's attached forms: -DNAME=V, -Idir, -lm, -ofile.
                a.add(s.substring(0, 2));
                a.add(s.substring(2));
            } else if (s.startsWith("--sysroot=")) {
                a.add("--sysroot");
                a.add(s.substring("--sysroot=".length()));
            } else {
                a.add(s);
            }
        }
        CcMain main = new CcMain();
        main.out = out;
        main.err = err;
        CommandLine cl = new CommandLine(main);
        cl.setPosixClusteredShortOptionsAllowed(false);
        cl.setOut(new java.io.PrintWriter(out, true));
        cl.setErr(new java.io.PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, argv) -> {
            err.println("scmpcc: error: " + ex.getMessage());
            err.println("Try 'scmpcc --help' for more information.");
            return 1;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            err.println("scmpcc: internal compiler error: " + ex);
            return 1;
        });
        try {
            return cl.execute(a.toArray(new String[0]));
        } catch (StackOverflowError e) {
            err.println("scmpcc: error: program too deeply nested");
            return 1;
        }
    }

    @Override
    public Integer call() {
        if (files.isEmpty()) {
            err.println("scmpcc: fatal error: no input files");
            err.println("compilation terminated.");
            return 1;
        }
        int stop = preprocessOnly ? 1 : assembleOnly ? 2 : compileOnly ? 3 : 4;
        if (output != null && files.size() > 1 && stop < 4) {
            err.println("scmpcc: fatal error: cannot specify '-o' with '-c', '-S' or '-E' with multiple files");
            return 1;
        }
        Sysroot root = Sysroot.locate(sysroot);
        Compiler.Options copt = new Compiler.Options(optLevel, debug, includeDirs, defines, undefines, noStdInc, root,
                !noWarnings);
        List<LinkInput> inputs = new ArrayList<>();
        boolean failed = false;
        for (String f : files) {
            byte[] bytes;
            try {
                bytes = scmp.elf.InputFile.read(Path.of(f), scmp.elf.InputFile.MAX_BINARY_SIZE);
            } catch (scmp.elf.InputFile.Unreadable e) {
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
                    failed |= !compileC(f, bytes, copt, stop, inputs);
                } else if (f.endsWith(".s") || f.endsWith(".S") || f.endsWith(".asm")) {
                    String text = new String(bytes, StandardCharsets.UTF_8);
                    if (f.endsWith(".S")) {
                        Diagnostics diag = new Diagnostics();
                        List<scmp.cc.lex.Token> toks = Compiler.preprocess(Compiler.source(f, bytes), copt, diag);
                        diag.print(err);
                        if (diag.hasErrors()) {
                            failed = true;
                            continue;
                        }
                        text = scmp.cc.pp.Preprocessor.render(toks).replaceAll("(?m)^# [0-9]+ \".*\"$", "");
                        if (stop == 1) {
                            write(output, text.getBytes(StandardCharsets.UTF_8), false);
                            continue;
                        }
                    }
                    if (stop <= 2) {
                        continue;
                    }
                    ObjectFile o = Assembler.assemble(f, text);
                    if (stop == 3) {
                        write(output != null ? output : baseName(f) + ".o", ElfWriter.writeObject(o), false);
                    } else {
                        inputs.add(new LinkInput.ObjectInput(o));
                    }
                } else if (stop == 4 && Archive.isArchive(bytes)) {
                    inputs.add(archive(f, bytes));
                } else if (stop == 4 && ElfReader.isElf(bytes)) {
                    inputs.add(new LinkInput.ObjectInput(ElfReader.readObject(f, bytes)));
                } else if (stop == 4) {
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
        if (stop < 4) {
            return 0;
        }
        return link(root, inputs) ? 0 : 1;
    }

    private boolean compileC(String f, byte[] bytes, Compiler.Options copt, int stop, List<LinkInput> inputs)
            throws DiagnosticException, IOException {
        Diagnostics diag = new Diagnostics();
        diag.setWallEnabled(warningFlags.contains("-Wall") || warningFlags.contains("-Wextra"));
        SourceFile src = Compiler.source(f, bytes);
        if (stop == 1) {
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
        if (stop == 2) {
            write(output != null ? output : baseName(f) + ".s", asm.getBytes(StandardCharsets.UTF_8), false);
            return true;
        }
        ObjectFile o = Assembler.assemble(baseName(f) + ".s", asm);
        if (stop == 3) {
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
            if (!noStdLib) {
                byte[] crt0 = root.library(CRT0);
                if (crt0 == null) {
                    err.println("scmpcc: error: " + CRT0 + " not found in the sysroot (" + root.describe()
                            + "); use --sysroot or -nostdlib");
                    return false;
                }
                inputs.add(new LinkInput.ObjectInput(ElfReader.readObject(CRT0, crt0)));
            }
            inputs.addAll(userInputs);
            for (String l : libs) {
                byte[] b = findLibrary(root, "lib" + l + ".a");
                if (b == null) {
                    err.println("scmpcc: error: cannot find -l" + l);
                    return false;
                }
                inputs.add(archive("lib" + l + ".a", b));
            }
            if (!noStdLib) {
                for (String l : DEFAULT_LIBS) {
                    byte[] b = root.library(l);
                    if (b != null) {
                        inputs.add(archive(l, b));
                    }
                }
            }
            LinkResult r = Linker.link(inputs, LinkOptions.defaults());
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
        for (String d : libDirs) {
            Path p = Path.of(d, name);
            if (Files.isRegularFile(p)) {
                try {
                    return scmp.elf.InputFile.read(p, scmp.elf.InputFile.MAX_BINARY_SIZE);
                } catch (scmp.elf.InputFile.Unreadable e) {
                    throw new IOException(p + ": " + e.getMessage());
                }
            }
        }
        return noStdLib ? null : root.library(name);
    }

    private void write(String name, byte[] data, boolean executable) throws IOException {
        if (name == null || name.equals("-")) {
            out.write(data);
            out.flush();
            return;
        }
        Path p = Path.of(name);
        Files.write(p, data);
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
