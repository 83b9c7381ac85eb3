package scmp.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import scmp.common.InputFile;
import scmp.dump.Dumper;
import scmp.elf.Archive;
import scmp.elf.ElfFormatException;
import scmp.elf.ElfReader;

/**
 * {@code scmpdump}, the object file dumper: shows the headers, symbols, relocations, contents and disassembly
 * of SCMP objects, executables and archives, with the options and layout of binutils' objdump.
 */
@Command(name = "scmpdump", sortOptions = false, usageHelpAutoWidth = true,
        versionProvider = VersionLines.class,
        description = {"Display information from SCMP object files, executables and archives (every member).",
            "With no option, scmpdump shows all headers, as with -x."},
        footer = {"", "Examples:", "  scmpdump -d prog       disassemble an executable's code",
            "  scmpdump -dr foo.o     disassemble an object, with its relocations",
            "  scmpdump -t libc.a     symbol tables of every member of a library", "",
            "Exit status: 0 when every file was shown, 1 when a file was rejected,", "2 on bad usage."})
public final class DumpMain implements Callable<Integer> {

    @Option(names = {"-f", "--file-headers"}, description = "Show the file header: kind and start address.")
    private boolean fileHeaders;

    @Option(names = {"-p", "--private-headers"}, description = "Show the program headers (the PT_LOAD segments) of executables.")
    private boolean privateHeaders;

    @Option(names = {"-h", "--section-headers", "--headers"}, description = "Show the section headers.")
    private boolean sectionHeaders;

    @Option(names = {"-t", "--syms"}, description = "Show the symbol table.")
    private boolean syms;

    @Option(names = {"-r", "--reloc"}, description = "Show the relocation records (under each instruction with -d).")
    private boolean reloc;

    @Option(names = {"-x", "--all-headers"}, description = "Show all headers: -f -p -h -r -t.")
    private boolean allHeaders;

    @Option(names = {"-d", "--disassemble"}, description = "Disassemble the executable sections; objects show relocations under their instructions.")
    private boolean disassemble;

    @Option(names = {"-D", "--disassemble-all"}, description = "Disassemble every section that has contents.")
    private boolean disassembleAll;

    @Option(names = {"-S", "--source"}, description = "Interleave source lines with the disassembly (implies -d; "
            + "executables built with scmpcc -g).")
    private boolean source;

    @Option(names = {"-s", "--full-contents"}, description = "Show the contents of every section in hex and ASCII.")
    private boolean fullContents;

    @Option(names = {"-j", "--section"}, paramLabel = "NAME", description = "Only show section NAME (repeatable).")
    private List<String> only = new ArrayList<>();

    /** Every section name of every file shown, to warn about -j names that match nothing. */
    private final java.util.Set<String> seenSections = new java.util.HashSet<>();

    @Option(names = "--reassemblable", description = "Disassemble in the form the assembler reads: labels as 'name:', "
            + "branch targets relative to the location counter (.+8), no addresses or raw words, relocations as comments.")
    private boolean reassemblable;

    @Option(names = "--help", usageHelp = true, description = "Show this help and exit.")
    private boolean help;

    @Option(names = {"-V", "--version"}, versionHelp = true, description = "Show the version and exit.")
    private boolean version;

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "Objects, executables or archives.")
    private List<Path> files = new ArrayList<>();

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
            status = run(System.out, System.err, args);
        } catch (OutOfMemoryError e) {
            System.out.flush();
            System.err.println("scmpdump: out of memory (a larger Java heap can be given with SCMP_JAVA_OPTS=-Xmx4g)");
            status = 1;
        }
        System.exit(status);
    }

    /**
     * Runs the tool with the given streams.
     *
     * @param out  where the listing goes
     * @param err  where diagnostics go
     * @param args the command line
     * @return the exit status
     */
    public static int run(PrintStream out, PrintStream err, String... args) {
        DumpMain tool = new DumpMain();
        tool.out = out;
        tool.err = err;
        CommandLine cl = new CommandLine(tool);
        Commands.oneLineFailures(cl, "scmpdump", "scmpdump: ", out, err);
        return cl.execute(args);
    }

    @Override
    public Integer call() {
        boolean any = fileHeaders || privateHeaders || sectionHeaders || syms || reloc || allHeaders || disassemble
                || disassembleAll || fullContents || source;
        boolean all = allHeaders || !any;
        Dumper.Options o = new Dumper.Options(all || fileHeaders, all || privateHeaders, all || sectionHeaders,
                all || syms, all || reloc, disassemble || source, disassembleAll, fullContents, reassemblable,
                new LinkedHashSet<>(only), source);
        int status = 0;
        for (Path f : files) {
            if (!dumpFile(f, o)) {
                status = 1;
            }
        }
        out.flush();
        for (String name : new LinkedHashSet<>(only)) {
            if (!seenSections.contains(name)) {
                // As objdump: a warning, not a failure.
                err.println("scmpdump: warning: section '" + name + "' mentioned in a -j option, but not found in any "
                        + "input file");
            }
        }
        return status;
    }

    /** Dumps one file; returns false after reporting a problem on one line. */
    private boolean dumpFile(Path f, Dumper.Options o) {
        String name = f.toString();
        byte[] data;
        try {
            // Recognize the kind from the first bytes, so that a big file of another kind is not read at all.
            byte[] head = InputFile.head(f, 8);
            if (head.length == 0) {
                err.println("scmpdump: " + name + ": empty file");
                return false;
            }
            if (!ElfReader.isElf(head) && !Archive.isArchive(head) && !startsWith(head, "!<thin>\n")) {
                err.println("scmpdump: " + name + ": not an ELF file or archive");
                return false;
            }
            data = InputFile.read(f, InputFile.MAX_BINARY_SIZE);
        } catch (InputFile.Unreadable e) {
            err.println("scmpdump: " + name + ": " + e.getMessage());
            return false;
        }
        if (Archive.isArchive(data) || startsWith(data, "!<thin>\n")) {
            Archive a;
            try {
                a = Archive.read(name, data);
            } catch (ElfFormatException e) {
                err.println("scmpdump: " + e.getMessage());
                return false;
            }
            out.print((reassemblable ? "# " : "") + "In archive " + name + ":\n");
            boolean ok = true;
            for (Archive.Member m : a.members()) {
                ok &= dumpElf(m.name(), name + "(" + m.name() + ")", m.data(), o);
            }
            return ok;
        }
        return dumpElf(name, name, data, o);
    }

    private static boolean startsWith(byte[] data, String prefix) {
        byte[] p = prefix.getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        return data.length >= p.length && java.util.Arrays.equals(data, 0, p.length, p, 0, p.length);
    }

    private boolean dumpElf(String shown, String name, byte[] data, Dumper.Options o) {
        try {
            Dumper d;
            if (!ElfReader.isElf(data)) {
                throw new ElfFormatException(name, data.length == 0 ? "empty file" : "not an ELF file or archive");
            }
            int type = data.length >= 18 ? (data[16] & 0xFF) | (data[17] & 0xFF) << 8 : 1;
            if (type == 1) {
                d = Dumper.of(ElfReader.readObject(name, data));
            } else {
                d = Dumper.of(ElfReader.readExecutable(name, data));
            }
            seenSections.addAll(d.sectionNames());
            out.print(d.render(shown, o));
            return true;
        } catch (ElfFormatException e) {
            out.flush();
            err.println("scmpdump: " + e.getMessage());
            return false;
        }
    }
}
