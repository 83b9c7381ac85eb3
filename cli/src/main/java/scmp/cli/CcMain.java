package scmp.cli;

import java.io.InputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import scmp.cc.Driver;
import scmp.common.Limits;
import scmp.elf.MachineKind;

/**
 * {@code scmpcc}, the C compiler driver's command line, shaped like gcc: {@code scmpcc [-c|-S|-E] [-o OUT]
 * [-O0|-O1|-O2] [-g] [-I DIR] [-D NAME[=V]] [-U NAME] [-L DIR] [-l LIB] [-Wall] [-Werror] [-Wformat]
 * [-Wuninitialized] [-w] [-MD|-MMD] [-MF FILE] [-MT TARGET] [-MP] [-x LANG] [-v] [-fmax-errors=N] [-nostdlib]
 * [-nostdinc] [--sysroot DIR] FILE...}, where FILE may be {@code -} for standard input. Options take their value
 * attached or as the next word ({@code -oout}, {@code -o out}, {@code -Iinc}, {@code -I inc}). The options become
 * {@link Driver.Options}; {@link Driver} runs the pipeline (see docs/compiler.md).
 */
@Command(name = "scmpcc", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
        sortOptions = false, usageHelpAutoWidth = true, separator = " ",
        description = "Compiles C99 programs for the SCMP multiprocessor (docs/compiler.md). FILE '-' is standard "
                + "input (with -x c, or -E).",
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:success (warnings do not count unless -Werror)", "1:errors in the input, a file that "
                + "cannot be read or written, or an invalid command line, as gcc"})
public final class CcMain implements Callable<Integer> {
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
    // -O and -W are read before the command line is parsed (run); these entries only document them in --help.
    @Option(names = {"-O0", "-O1", "-O2"}, description = "optimisation level: -O0 none (the default), -O1 registers "
            + "and peephole, -O2 as -O1 plus more; -O is -O1, -O3 and -Ofast are -O2, -Os is -O1, -Og is -O0 "
            + "(docs/compiler.md)")
    boolean optLevelHelp;
    @Option(names = "-Wall", description = "warnings gcc gives with -Wall (unused variables, -Wformat, "
            + "-Wuninitialized...)")
    boolean wallHelp;
    @Option(names = "-Werror", description = "make every warning an error (exit 1); -Wno-error undoes it")
    boolean werrorHelp;
    @Option(names = "-Wformat", description = "check printf and scanf arguments against a literal format")
    boolean wformatHelp;
    @Option(names = "-Wuninitialized", description = "a local read before any assignment in straight-line code")
    boolean wuninitHelp;
    @Option(names = "-v", description = "print the version, the search paths and each step")
    boolean verbose;
    @Option(names = "-x", paramLabel = "LANG", description = "treat the following files as LANG: c, assembler, "
            + "assembler-with-cpp, or none (by suffix)")
    List<String> languageHelp;
    @Option(names = "-MD", description = "write a make dependency file (FILE.d, or the output's name with .d) "
            + "listing the source and its headers")
    boolean depsAll;
    @Option(names = "-MMD", description = "as -MD, without the sysroot's headers")
    boolean depsUser;
    @Option(names = "-MF", paramLabel = "FILE", description = "the dependency file's name")
    String depFile;
    @Option(names = "-MT", paramLabel = "TARGET", description = "the dependency rule's target (repeatable; default "
            + "the object file)")
    List<String> depTargets = new ArrayList<>();
    @Option(names = "-MP", description = "an empty rule for each header, so that make goes on when one is deleted")
    boolean depsPhony;
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
    /** The -W, -f, -m and -std options, each without its leading dash; see {@link #warningFlags()}. */
    @Option(names = "--warning", hidden = true)
    List<String> warningWords = new ArrayList<>();
    @Option(names = "--max-errors", hidden = true)
    int maxErrors = Limits.DEFAULT_MAX_ERRORS;
    @Option(names = "-w", description = "suppress all warnings")
    boolean noWarnings;
    @Option(names = "-nostdlib", description = "do not link crt0.o or the default libraries")
    boolean noStdLib;
    @Option(names = "-nostdinc", description = "do not search the sysroot's include directory")
    boolean noStdInc;
    @Option(names = "-mmachine", paramLabel = "MODEL", converter = Commands.MachineConverter.class,
            description = "build for machine model MODEL: scmp (the default), t3d or sp (also written -mmachine=MODEL)")
    MachineKind machine = MachineKind.SCMP;
    @Option(names = "--sysroot", paramLabel = "DIR", description = "the sysroot (include/, lib/); default $SCMP_SYSROOT, else the one in the jar")
    String sysroot;
    @Parameters(paramLabel = "FILE", description = ".c, .s, .S, .o and .a files")
    List<String> files = new ArrayList<>();

    private PrintStream out = System.out;
    private PrintStream err = System.err;
    private InputStream in = System.in;
    /** The language {@code -x} gave each input file, in order (null: by its suffix). */
    private final List<String> languages = new ArrayList<>();

    public static void main(String[] args) {
        System.exit(run(System.in, System.out, System.err, args));
    }

    /** The options that take a value as the next word; a word after one of them is not an input file. */
    private static final List<String> WITH_VALUE = List.of("-o", "-I", "-D", "-U", "-L", "-l", "-MF", "-MT", "-x",
            "--sysroot", "-mmachine");

    /**
     * Runs the driver with gcc-style arguments; returns the exit status (0, or 1 after errors). Options picocli
     * cannot express as gcc spells them ({@code -O2}, {@code -Wall}, {@code -std=c99}) are rewritten first.
     */
    public static int run(PrintStream out, PrintStream err, String... args) {
        return run(System.in, out, err, args);
    }

    /**
     * Runs the driver with gcc-style arguments, reading the input file {@code -} from {@code in}; returns the exit
     * status (0, or 1 after errors or for a bad command line, as gcc's).
     */
    public static int run(InputStream in, PrintStream out, PrintStream err, String... args) {
        List<String> a = new ArrayList<>();
        List<String> languages = new ArrayList<>();
        String language = null;
        for (int i = 0; i < args.length; i++) {
            String s = args[i];
            if (s.equals("-x") || s.startsWith("-x") && s.length() > 2) {
                String lang = s.length() > 2 ? s.substring(2) : i + 1 < args.length ? args[++i] : null;
                if (lang == null) {
                    err.println("scmpcc: error: missing argument to '-x'");
                    return 1;
                }
                if (!List.of("c", "assembler", "assembler-with-cpp", "none").contains(lang)) {
                    err.println("scmpcc: error: language " + lang + " not recognized");
                    return 1;
                }
                language = lang.equals("none") ? null : lang;
            } else if (WITH_VALUE.contains(s) && i + 1 < args.length) {
                a.add(s);
                a.add(args[++i]);
            } else if (s.equals("-") || !s.startsWith("-")) {
                a.add(s);
                languages.add(language);
            } else if ((s.startsWith("-MF") || s.startsWith("-MT")) && s.length() > 3) {
                a.add(s.substring(0, 3));
                a.add(s.substring(3));
            } else if (s.startsWith("-mmachine=")) {
                a.add("-mmachine");    // before the other -m options, which are accepted and ignored
                a.add(s.substring("-mmachine=".length()));
            } else if (s.startsWith("-fmax-errors=")) {
                String n = s.substring("-fmax-errors=".length());
                if (!n.matches("[0-9]{1,9}")) {
                    err.println("scmpcc: error: argument to '-fmax-errors=' should be a non-negative integer");
                    return 1;
                }
                a.add("--max-errors");
                a.add(n);
            } else if (s.matches("-O[0-9]?|-Os|-Og|-Ofast")) {
                int level = s.equals("-O0") || s.equals("-Og") ? 0 : s.length() == 3 && Character.isDigit(s.charAt(2))
                        ? Math.min(2, s.charAt(2) - '0') : 1;
                a.add("--opt-level");
                a.add(Integer.toString(level));
            } else if (s.startsWith("-W") && s.length() > 2 || s.startsWith("-std=") || s.startsWith("-f")
                    && s.length() > 2 || s.startsWith("-m") && s.length() > 2 || s.equals("-pedantic")
                    || s.equals("-ansi") || s.equals("-pipe")) {
                a.add("--warning");
                a.add(s.substring(1));   // without its dash, not to be taken for an option
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
        main.in = in;
        main.languages.addAll(languages);
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

    /** The -W, -f, -m and -std options as given. */
    private List<String> warningFlags() {
        return warningWords.stream().map(w -> "-" + w).toList();
    }

    @Override
    public Integer call() {
        List<String> warningFlags = warningFlags();
        Driver.Stage stage = preprocessOnly ? Driver.Stage.PREPROCESS : assembleOnly ? Driver.Stage.ASSEMBLY
                : compileOnly ? Driver.Stage.OBJECT : Driver.Stage.EXECUTABLE;
        Driver.Builder b = Driver.Options.builder().stage(stage).output(output).optLevel(optLevel).debug(debug)
                .includeDirs(includeDirs).defines(defines).undefines(undefines).libDirs(libDirs).libs(libs)
                .wall(warningFlags.contains("-Wall") || warningFlags.contains("-Wextra")).warnings(!noWarnings)
                .warningOptions(warningFlags).noStdLib(noStdLib).noStdInc(noStdInc).sysroot(sysroot)
                .machine(machine).maxErrors(maxErrors).verbose(verbose);
        for (int i = 0; i < files.size(); i++) {
            b.file(files.get(i), files.size() == languages.size() ? languages.get(i) : null);
        }
        if (depsAll || depsUser) {
            b.deps(new Driver.Dependencies(depsAll, depFile, depTargets, depsPhony));
        }
        if (verbose && files.isEmpty()) {
            for (String l : scmp.common.Version.lines("scmpcc")) {
                err.println(l);
            }
            return 0;
        }
        return Driver.run(b.build(), in, out, err);
    }
}
