package scmp.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import scmp.asm.Assembler;
import scmp.common.InputFile;
import scmp.diag.Diagnostic;
import scmp.diag.DiagnosticException;
import scmp.elf.ElfWriter;
import scmp.elf.MachineKind;
import scmp.elf.ObjectFile;

/**
 * {@code scmpas}, the assembler's command line: reads one assembly file, writes one ELF relocatable object.
 * Diagnostics go to standard error in gcc's format so that editors and the compiler driver can parse them.
 */
@Command(name = "scmpas", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {"Assemble an SCMP assembly file into an ELF relocatable object.", ""},
        footer = {"", "Examples:", "  scmpas prog.s                 writes prog.o", "  scmpas -o out.o prog.s",
            "  scmpas -o prog.o - < prog.s   reads standard input", "",
            "The language is described in docs/assembler.md. Exit status: 0 on success, 1 on errors, 2 on bad usage."})
public final class AsmMain implements Callable<Integer> {

    /** The largest source file accepted (256 MiB): far beyond what fits in a node's 8 MiB once assembled. */
    static final int MAX_SOURCE_SIZE = (int) scmp.common.Limits.MAX_ASSEMBLY_SIZE;

    @Parameters(index = "0", paramLabel = "FILE", description = "The assembly source; '-' reads standard input.")
    private String input;

    @Option(names = "-o", paramLabel = "OUT",
            description = "The object file to write ('-' for standard output). Default: FILE with its extension "
                    + "replaced by .o (a.o when reading standard input).")
    private String output;

    @Option(names = "-mmachine", paramLabel = "MODEL", converter = Commands.MachineConverter.class,
            description = "The machine model the object is for, recorded in it: scmp (the default), t3d or sp "
                    + "(written -mmachine=MODEL, as gcc's -m options).")
    private MachineKind machine = MachineKind.SCMP;

    private InputStream stdin = System.in;
    private PrintStream out = System.out;
    private PrintStream err = System.err;

    /**
     * Runs the tool and exits with its status.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        int status;
        try {
            status = run(System.in, System.out, System.err, args);
        } catch (OutOfMemoryError e) {
            System.err.println("scmpas: error: out of memory (the input is too large for the Java heap; "
                    + "a larger one can be given with SCMP_JAVA_OPTS=-Xmx4g)");
            status = 1;
        }
        System.exit(status);
    }

    /**
     * Runs the tool with the given streams, for tests and for tools that embed it.
     *
     * @return the exit status: 0 success, 1 errors, 2 bad usage
     */
    public static int run(InputStream in, PrintStream out, PrintStream err, String... args) {
        AsmMain tool = new AsmMain();
        tool.stdin = in;
        tool.out = out;
        tool.err = err;
        CommandLine cl = new CommandLine(tool);
        Commands.oneLineFailures(cl, "scmpas", "scmpas: error: ", out, err);
        return cl.execute(args);
    }

    @Override
    public Integer call() {
        boolean fromStdin = input.equals("-");
        String displayName = fromStdin ? "<stdin>" : input;
        if (!fromStdin && output != null && !output.equals("-") && sameFile(input, output)) {
            // As gcc: writing the object over its own source would destroy the source.
            err.println("scmpas: error: output file '" + output + "' is the same as the input file");
            return 1;
        }
        byte[] source;
        try {
            source = fromStdin ? readAll(stdin) : readFile(Path.of(input));
        } catch (IOException e) {
            err.println("scmpas: error: cannot read '" + displayName + "': " + reason(e));
            return 1;
        }
        ObjectFile obj;
        try {
            obj = Assembler.assemble(displayName, source);
        } catch (DiagnosticException e) {
            for (Diagnostic d : e.diagnostics()) {
                err.println(d.format());
            }
            return 1;
        }
        obj.setMachine(machine);
        byte[] elf = ElfWriter.writeObject(obj);
        String target = output != null ? output : fromStdin ? "a.o" : defaultOutput(input);
        try {
            if (target.equals("-")) {
                out.write(elf);
                out.flush();
            } else {
                Files.write(Path.of(target), elf);
            }
        } catch (IOException | RuntimeException e) {
            String why = e instanceof IOException io ? reason(io) : e.getMessage();
            err.println("scmpas: error: cannot write '" + target + "': " + why);
            return 1;
        }
        return 0;
    }

    private static boolean sameFile(String a, String b) {
        try {
            return Files.exists(Path.of(b)) && Files.isSameFile(Path.of(a), Path.of(b));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** {@code dir/prog.s} becomes {@code dir/prog.o}; a name without .s/.S/.asm gets .o appended. */
    static String defaultOutput(String input) {
        for (String ext : new String[] {".s", ".S", ".asm"}) {
            if (input.endsWith(ext) && input.length() > ext.length()) {
                return input.substring(0, input.length() - ext.length()) + ".o";
            }
        }
        return input + ".o";
    }

    private static byte[] readFile(Path p) throws IOException {
        try {
            return InputFile.read(p, MAX_SOURCE_SIZE);
        } catch (InputFile.Unreadable e) {
            throw new IOException(e.getMessage());
        }
    }

    private static byte[] readAll(InputStream in) throws IOException {
        byte[] b = in.readNBytes(MAX_SOURCE_SIZE + 1);
        if (b.length > MAX_SOURCE_SIZE) {
            throw new IOException("file too large (more than " + MAX_SOURCE_SIZE + " bytes)");
        }
        return b;
    }

    /** A short reason for an I/O failure, without the exception's class name. */
    static String reason(IOException e) {
        return InputFile.reason(e);
    }
}
