package scmp.cli;

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
 * [-O0|-O1|-O2] [-g] [-I DIR] [-D NAME[=V]] [-U NAME] [-L DIR] [-l LIB] [-Wall] [-w] [-fmax-errors=N] [-nostdlib] [-nostdinc]
 * [--sysroot DIR] FILE...}. The options become {@link Driver.Options}; {@link Driver} runs the pipeline (see
 * docs/compiler.md).
 */
@Command(name = "scmpcc", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = "Compiles C99 programs for the SCMP multiprocessor (docs/compiler.md).")
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
    @Option(names = "--max-errors", hidden = true)
    int maxErrors = Limits.DEFAULT_MAX_ERRORS;
    @Option(names = "-w", description = "suppress all warnings")
    boolean noWarnings;
    @Option(names = "-nostdlib", description = "do not link crt0.o or the default libraries")
    boolean noStdLib;
    @Option(names = "-nostdinc", description = "do not search the sysroot's include directory")
    boolean noStdInc;
    @Option(names = "-mmachine", paramLabel = "MODEL", converter = Commands.MachineConverter.class,
            description = "build for machine model MODEL: scmp (the default), t3d or sp (written -mmachine=MODEL)")
    MachineKind machine = MachineKind.SCMP;
    @Option(names = "--sysroot", paramLabel = "DIR", description = "the sysroot (include/, lib/); default $SCMP_SYSROOT, else the one in the jar")
    String sysroot;
    @Parameters(paramLabel = "FILE", description = ".c, .s, .S, .o and .a files")
    List<String> files = new ArrayList<>();

    private PrintStream out = System.out;
    private PrintStream err = System.err;

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
            if (s.startsWith("-mmachine=")) {
                a.add(s);    // before the other -m options, which are accepted and ignored
            } else if (s.startsWith("-fmax-errors=")) {
                String n = s.substring("-fmax-errors=".length());
                if (!n.matches("[0-9]{1,9}")) {
                    err.println("scmpcc: error: argument to '-fmax-errors=' should be a non-negative integer");
                    return 1;
                }
                a.add("--max-errors=" + n);
            } else if (s.matches("-O[0-9]?|-Os|-Og|-Ofast")) {
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
        Driver.Stage stage = preprocessOnly ? Driver.Stage.PREPROCESS : assembleOnly ? Driver.Stage.ASSEMBLY
                : compileOnly ? Driver.Stage.OBJECT : Driver.Stage.EXECUTABLE;
        Driver.Options options = Driver.Options.builder().stage(stage).output(output).optLevel(optLevel).debug(debug)
                .includeDirs(includeDirs).defines(defines).undefines(undefines).libDirs(libDirs).libs(libs)
                .wall(warningFlags.contains("-Wall") || warningFlags.contains("-Wextra")).warnings(!noWarnings)
                .noStdLib(noStdLib).noStdInc(noStdInc).sysroot(sysroot).machine(machine).files(files)
                .maxErrors(maxErrors).build();
        return Driver.run(options, out, err);
    }
}
