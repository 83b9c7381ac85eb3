package scmp.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import scmp.common.InputFile;
import scmp.elf.Archive;
import scmp.elf.ElfFormatException;
import scmp.elf.ElfReader;

/**
 * {@code scmpar}, the archiver: creates, lists and extracts static libraries of SCMP objects with the key
 * letters of GNU {@code ar}'s common uses ({@code rcs}, {@code t}, {@code x}, {@code d}, {@code s}). The
 * archives it writes always carry a symbol index, so {@code s} is implied.
 */
@Command(name = "scmpar", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {"Create, modify and extract static libraries (ar archives) of SCMP objects.", "",
            "OPERATION is a word of key letters, as for GNU ar, with or without a leading '-':",
            "  r   insert FILEs into ARCHIVE, replacing members of the same name (creates ARCHIVE)",
            "  d   delete the members named by FILEs",
            "  t   list the members (only those named, if FILEs are given)",
            "  x   extract the members (only those named, if FILEs are given) into --output",
            "  s   alone: rewrite the symbol index",
            "modifiers:",
            "  c   do not report that ARCHIVE is being created",
            "  s   write a symbol index (always done)",
            "  v   verbose: report each member handled (t: with sizes)",
            "  D   deterministic headers (always done)", ""},
        footer = {"", "Examples:", "  scmpar rcs libm.a sin.o cos.o", "  scmpar t libm.a", "  scmpar x libm.a sin.o",
            "", "Members must be SCMP relocatable objects. Exit status: 0 on success, 1 on any error, 2 on bad usage."})
public final class ArMain implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "OPERATION", description = "Key letters, for example rcs, t or x.")
    private String operation;

    @Parameters(index = "1", paramLabel = "ARCHIVE", description = "The archive file.")
    private Path archive;

    @Parameters(index = "2..*", paramLabel = "FILE", description = "Objects to insert, or member names.")
    private List<String> files = new ArrayList<>();

    @Option(names = "--output", paramLabel = "DIR", description = "Directory x extracts into (default: the current directory).")
    private Path output;

    private PrintStream out = System.out;
    private PrintStream err = System.err;

    /**
     * Runs the tool and exits with its status.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /**
     * Runs the tool with the given streams.
     *
     * @param out  where listings go
     * @param err  where diagnostics go
     * @param args the command line
     * @return the exit status
     */
    public static int run(PrintStream out, PrintStream err, String... args) {
        ArMain tool = new ArMain();
        tool.out = out;
        tool.err = err;
        CommandLine cl = new CommandLine(tool);
        cl.setUnmatchedOptionsArePositionalParams(true);
        Commands.oneLineFailures(cl, "scmpar", "scmpar: ", out, err);
        return cl.execute(args);
    }

    /** Thrown inside the tool to stop with a one-line message. */
    private static final class Failure extends Exception {
        /** The exit status: 1 for a failure, 2 for bad usage. */
        final int status;

        Failure(String message) {
            this(message, 1);
        }

        Failure(String message, int status) {
            super(message);
            this.status = status;
        }
    }

    @Override
    public Integer call() {
        try {
            return perform();
        } catch (Failure f) {
            err.println("scmpar: " + f.getMessage());
            return f.status;
        }
    }

    private int perform() throws Failure {
        String key = operation.startsWith("-") ? operation.substring(1) : operation;
        char op = 0;
        boolean create = false;
        boolean verbose = false;
        boolean index = false;
        for (char c : key.toCharArray()) {
            switch (c) {
                case 'r', 'd', 't', 'x' -> {
                    if (op != 0) {
                        throw new Failure("two operations in '" + operation + "' (try 'scmpar --help')", 2);
                    }
                    op = c;
                }
                case 'c' -> create = true;
                case 'v' -> verbose = true;
                case 's' -> index = true;
                case 'D' -> {
                }
                default -> throw new Failure("unknown key letter '" + c + "' in '" + operation + "' (try 'scmpar --help')", 2);
            }
        }
        if (op == 0) {
            if (!index) {
                throw new Failure("no operation in '" + operation + "' (try 'scmpar --help')", 2);
            }
            op = 's';
        }
        switch (op) {
            case 'r' -> replace(create, verbose);
            case 'd' -> delete(verbose);
            case 't' -> list(verbose);
            case 'x' -> extract(verbose);
            default -> write(load().members());
        }
        return 0;
    }

    private Archive load() throws Failure {
        // A file that does not start like an archive is refused from its first bytes, however big it is.
        byte[] data;
        try {
            data = InputFile.head(archive, 8);
        } catch (InputFile.Unreadable e) {
            throw new Failure(archive + ": " + e.getMessage());
        }
        if (Archive.isArchive(data)) {
            data = readFile(archive);
        }
        try {
            return Archive.read(archive.toString(), data);
        } catch (ElfFormatException e) {
            throw new Failure(e.getMessage());
        }
    }

    private void replace(boolean create, boolean verbose) throws Failure {
        List<Archive.Member> members = new ArrayList<>();
        if (Files.exists(archive)) {
            members.addAll(load().members());
        } else if (!create) {
            err.println("scmpar: creating " + archive);
        }
        for (String f : files) {
            Path p = Path.of(f);
            byte[] data = readFile(p);
            try {
                ElfReader.readObject(f, data);
            } catch (ElfFormatException e) {
                throw new Failure(e.getMessage());
            }
            Path fileName = p.getFileName();
            String name = fileName == null ? f : fileName.toString();
            Archive.Member m = new Archive.Member(name, data);
            int at = indexOf(members, name);
            if (at >= 0) {
                members.set(at, m);
            } else {
                members.add(m);
            }
            if (verbose) {
                out.println((at >= 0 ? "r - " : "a - ") + name);
            }
        }
        write(members);
    }

    private void delete(boolean verbose) throws Failure {
        List<Archive.Member> members = new ArrayList<>(load().members());
        for (String f : files) {
            int at = indexOf(members, f);
            if (at < 0) {
                throw new Failure(f + ": no such member in " + archive);
            }
            members.remove(at);
            if (verbose) {
                out.println("d - " + f);
            }
        }
        write(members);
    }

    private void list(boolean verbose) throws Failure {
        Archive a = load();
        Set<String> wanted = new LinkedHashSet<>(files);
        for (Archive.Member m : a.members()) {
            if (wanted.isEmpty() || wanted.remove(m.name())) {
                out.println(verbose ? String.format("%10d %s", m.data().length, m.name()) : m.name());
            }
        }
        missing(wanted);
    }

    private void extract(boolean verbose) throws Failure {
        Archive a = load();
        Path dir = output == null ? Path.of(".") : output;
        Set<String> wanted = new LinkedHashSet<>(files);
        for (Archive.Member m : a.members()) {
            if (wanted.isEmpty() || wanted.remove(m.name())) {
                String n = m.name();
                if (n.contains("/") || n.contains("\\") || n.equals(".") || n.equals("..")) {
                    throw new Failure("refusing to extract member '" + n + "', whose name is a path");
                }
                Path target = dir.resolve(n);
                try {
                    Files.write(target, m.data());
                } catch (IOException e) {
                    throw new Failure(target + ": " + reason(e));
                }
                if (verbose) {
                    out.println("x - " + n);
                }
            }
        }
        missing(wanted);
    }

    private void missing(Set<String> wanted) throws Failure {
        if (!wanted.isEmpty()) {
            throw new Failure(wanted.iterator().next() + ": no such member in " + archive);
        }
    }

    private static int indexOf(List<Archive.Member> members, String name) {
        for (int i = 0; i < members.size(); i++) {
            if (members.get(i).name().equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Writes the archive through a temporary file in the same directory, so a failure leaves the old one. */
    private void write(List<Archive.Member> members) throws Failure {
        byte[] bytes;
        try {
            bytes = Archive.write(members);
        } catch (IllegalArgumentException e) {
            throw new Failure(e.getMessage());
        }
        Path abs = archive.toAbsolutePath();
        Path tmp = null;
        try {
            tmp = Files.createTempFile(abs.getParent(), ".scmpar", ".tmp");
            Files.write(tmp, bytes);
            try {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new Failure(archive + ": " + reason(e));
        } finally {
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException ignored) {
                    // Best effort: the temporary file is already gone after a successful move.
                }
            }
        }
    }

    private static byte[] readFile(Path p) throws Failure {
        try {
            return InputFile.read(p, InputFile.MAX_BINARY_SIZE);
        } catch (InputFile.Unreadable e) {
            throw new Failure(p + ": " + e.getMessage());
        }
    }

    /** A short reason for an I/O failure, without the exception's class name. */
    static String reason(IOException e) {
        return InputFile.reason(e);
    }
}
