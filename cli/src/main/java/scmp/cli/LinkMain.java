package scmp.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.Stack;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IParameterConsumer;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import scmp.common.InputFile;
import scmp.elf.Archive;
import scmp.elf.ElfFormatException;
import scmp.elf.ElfReader;
import scmp.elf.ElfWriter;
import scmp.link.LinkException;
import scmp.link.LinkInput;
import scmp.link.LinkOptions;
import scmp.link.LinkResult;
import scmp.link.Linker;

/**
 * The {@code scmpld} command: links objects and archives into an SCMP executable.
 *
 * <pre>
 * scmpld [-o OUT] [-Map FILE] [-L DIR]... [-l NAME]... [-e SYM] [-Ttext ADDR] FILE...
 * </pre>
 *
 * <p>Inputs are recognized by their contents (ELF relocatable objects and {@code ar} archives) and linked in
 * command-line order; {@code -lNAME} stands for the file {@code libNAME.a} found in the first {@code -L}
 * directory that has it, at the position of the option. Every error is printed as one line
 * {@code scmpld: error: ...} and the exit status is 1; on success the status is 0 and the output file is
 * executable.
 */
@Command(name = "scmpld", mixinStandardHelpOptions = true, versionProvider = VersionLines.class,
        sortOptions = false, usageHelpAutoWidth = true,
        customSynopsis = {"scmpld [-o OUT] [-Map FILE] [-L DIR]... [-l NAME]...",
            "              [-e SYM] [-Ttext ADDR] FILE..."},
        description = {"Links SCMP relocatable objects and archives into an executable.",
            "Inputs are linked in command-line order; an archive member is linked only when it defines a symbol "
                    + "that is still undefined, and archives are rescanned until nothing changes. "
                    + "docs/linker.md describes the layout, the symbol rules and the map."},
        exitCodeOnInvalidInput = 1, exitCodeOnExecutionException = 1)
public final class LinkMain implements Callable<Integer> {

    /** The tool name that prefixes every diagnostic. */
    static final String TOOL = "scmpld";

    /** A positional file or a {@code -l} library, in command-line order. */
    private record InputArg(String text, boolean library) {
    }

    /** Appends each positional FILE to the ordered input list as picocli meets it. */
    static final class FileConsumer implements IParameterConsumer {
        @Override
        public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
            ((LinkMain) commandSpec.userObject()).ordered.add(new InputArg(args.pop(), false));
        }
    }

    private final List<InputArg> ordered = new ArrayList<>();
    private final List<String> libraryDirs = new ArrayList<>();
    private PrintWriter out;
    private PrintWriter err;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "Write the executable to OUT "
            + "(default: ${DEFAULT-VALUE}).", defaultValue = "a.out")
    private String output;

    @Option(names = {"-Map", "--Map"}, paramLabel = "FILE", description = "Write the link map to FILE "
            + "(- for standard output).")
    private String mapFile;

    @Option(names = {"-L", "--library-path"}, paramLabel = "DIR", description = "Search DIR for -l libraries; "
            + "directories are searched in the order given, and every -L applies to every -l.")
    private void libraryDir(String dir) {
        libraryDirs.add(dir);
    }

    @Option(names = {"-l", "--library"}, paramLabel = "NAME", description = "Link the archive libNAME.a (or, "
            + "for -l:FILE, the file FILE) from the -L directories, at this position among the inputs.")
    private void library(String name) {
        ordered.add(new InputArg(name, true));
    }

    @Option(names = {"-e", "--entry"}, paramLabel = "SYM", description = "Start the program at SYM "
            + "(default: ${DEFAULT-VALUE}); a number is used as an address when no symbol has that name.",
            defaultValue = LinkOptions.DEFAULT_ENTRY)
    private String entry;

    @Option(names = "-Ttext", paramLabel = "ADDR", description = "Place .text at ADDR, a hexadecimal number "
            + "with or without 0x, as in GNU ld (default: 0x1000).")
    private String textBase;

    @Parameters(paramLabel = "FILE", arity = "0..*", parameterConsumer = FileConsumer.class,
            description = "Relocatable objects and archives, recognized by their contents.")
    private List<String> files = new ArrayList<>();

    private LinkMain() {
    }

    /**
     * Runs the tool and exits with its status.
     *
     * @param args the command-line arguments
     */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        int status;
        try {
            status = run(args, out, err);
        } catch (OutOfMemoryError e) {
            err.println(TOOL + ": error: out of memory (the inputs are too large for the Java heap; "
                    + "a larger one can be given with SCMP_JAVA_OPTS=-Xmx4g)");
            err.flush();
            status = 1;
        }
        System.exit(status);
    }

    /**
     * Runs the tool with the given streams, for embedding and tests.
     *
     * @param args the command-line arguments
     * @param out  where help, version and a {@code -Map -} map go
     * @param err  where diagnostics go
     * @return the exit status: 0 on success, 1 on any error
     */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        LinkMain main = new LinkMain();
        main.out = out;
        main.err = err;
        CommandLine cl = new CommandLine(main);
        cl.setOverwrittenOptionsAllowed(true);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            main.error(ex.getMessage() + " (see " + TOOL + " --help)");
            return 1;
        });
        cl.setExecutionExceptionHandler((ex, c, r) -> {
            main.error("internal error: " + ex);
            return 1;
        });
        int status = cl.execute(args);
        out.flush();
        err.flush();
        return status;
    }

    private void error(String message) {
        err.println(TOOL + ": error: " + message.replace('\n', ' '));
        err.flush();
    }

    @Override
    public Integer call() {
        LinkOptions options = LinkOptions.defaults().withEntry(entry);
        if (textBase != null) {
            Long base = parseHex(textBase);
            if (base == null) {
                error("invalid address for -Ttext: `" + textBase + "' (expected a hexadecimal number)");
                return 1;
            }
            options = options.withTextBase((int) (long) base);
        }
        if (ordered.isEmpty()) {
            error("no input files");
            return 1;
        }
        for (InputArg a : ordered) {
            if (!a.library() && sameFile(a.text(), output)) {
                // As gcc: the output would overwrite an input.
                error("output file " + output + " is also an input file");
                return 1;
            }
        }
        List<LinkInput> inputs = new ArrayList<>();
        boolean failed = false;
        for (InputArg a : ordered) {
            try {
                inputs.add(read(a.library() ? findLibrary(a.text()) : a.text()));
            } catch (InputException e) {
                error(e.getMessage());
                failed = true;
            }
        }
        if (failed) {
            return 1;
        }
        LinkResult result;
        try {
            result = Linker.link(inputs, options);
        } catch (LinkException e) {
            for (String line : e.errors()) {
                error(line);
            }
            return 1;
        }
        byte[] image = ElfWriter.writeExecutable(result.executable());
        // The map file first: when it cannot be written, the link fails and no executable is left behind.
        if (mapFile != null && !mapFile.equals("-")) {
            try {
                Files.writeString(Path.of(mapFile), result.map(), StandardCharsets.UTF_8);
            } catch (IOException | RuntimeException e) {
                error("cannot write map file " + mapFile + ": " + reason(e));
                return 1;
            }
        }
        try {
            Path path = Path.of(output);
            Files.write(path, image);
            makeExecutable(path);
        } catch (IOException | RuntimeException e) {
            error("cannot write output file " + output + ": " + reason(e));
            return 1;
        }
        if ("-".equals(mapFile)) {
            out.print(result.map());
            out.flush();
        }
        return 0;
    }

    private static boolean sameFile(String a, String b) {
        try {
            return Files.exists(Path.of(a)) && Files.exists(Path.of(b)) && Files.isSameFile(Path.of(a), Path.of(b));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** A problem with one input file, reported as one line. */
    private static final class InputException extends Exception {
        InputException(String message) {
            super(message);
        }
    }

    /** Parses a hexadecimal number with or without {@code 0x} (GNU ld's -Ttext syntax), or returns null. */
    static Long parseHex(String s) {
        String digits = s.startsWith("0x") || s.startsWith("0X") ? s.substring(2) : s;
        if (digits.isEmpty() || digits.length() > 8) {
            return null;
        }
        try {
            return Long.parseLong(digits, 16);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private String findLibrary(String name) throws InputException {
        String file = name.startsWith(":") ? name.substring(1) : "lib" + name + ".a";
        for (String dir : libraryDirs) {
            Path p = Path.of(dir).resolve(file);
            if (Files.isRegularFile(p)) {
                return p.toString();
            }
        }
        throw new InputException("cannot find -l" + name);
    }

    private static LinkInput read(String file) throws InputException {
        Path path;
        try {
            path = Path.of(file);
        } catch (RuntimeException e) {
            throw new InputException("cannot find " + file);
        }
        if (!Files.exists(path)) {
            throw new InputException("cannot find " + file + ": no such file");
        }
        byte[] data;
        try {
            // Recognize the kind from the first bytes, so that a big file of another kind is not read at all.
            byte[] head = InputFile.head(path, 8);
            if (head.length == 0) {
                throw new InputException(file + ": empty file, not an ELF object or archive");
            }
            if (startsWith(head, "!<thin>\n")) {
                throw new InputException(file + ": thin archives are not supported (members must be inside the archive)");
            }
            if (!ElfReader.isElf(head) && !Archive.isArchive(head)) {
                throw new InputException(file + ": not an ELF object or archive");
            }
            data = InputFile.read(path, InputFile.MAX_BINARY_SIZE);
        } catch (InputFile.Unreadable e) {
            throw new InputException(file + ": " + e.getMessage());
        }
        try {
            if (Archive.isArchive(data)) {
                return LinkInput.archive(Archive.read(file, data));
            }
            return LinkInput.object(ElfReader.readObject(file, data));
        } catch (ElfFormatException e) {
            throw new InputException(e.getMessage());
        }
    }

    private static boolean startsWith(byte[] data, String prefix) {
        byte[] p = prefix.getBytes(StandardCharsets.ISO_8859_1);
        return data.length >= p.length && java.util.Arrays.equals(data, 0, p.length, p, 0, p.length);
    }

    private static String reason(Exception e) {
        String m = e.getMessage();
        if (e instanceof java.nio.file.NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        return m == null ? e.getClass().getSimpleName() : m;
    }

    /** Adds execute permission wherever the file is readable (as {@code chmod +x} under the usual umask). */
    private static void makeExecutable(Path path) throws IOException {
        PosixFileAttributeView view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
        if (view == null) {
            path.toFile().setExecutable(true, false);
            return;
        }
        Set<PosixFilePermission> perms = view.readAttributes().permissions();
        if (perms.contains(PosixFilePermission.OWNER_READ)) {
            perms.add(PosixFilePermission.OWNER_EXECUTE);
        }
        if (perms.contains(PosixFilePermission.GROUP_READ)) {
            perms.add(PosixFilePermission.GROUP_EXECUTE);
        }
        if (perms.contains(PosixFilePermission.OTHERS_READ)) {
            perms.add(PosixFilePermission.OTHERS_EXECUTE);
        }
        perms.add(PosixFilePermission.OWNER_EXECUTE);
        view.setPermissions(perms);
    }
}
