package scmp.cc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import scmp.elf.MachineKind;

/**
 * The system headers and libraries scmpcc compiles and links against. What every machine model shares (the C
 * library and its headers, crt0.o) is in {@code include/} and {@code lib/}; what one model has of its own is in
 * {@code MODEL/include/} and {@code MODEL/lib/} ({@code scmp/include/scmp.h}, {@code scmp/lib/libmpi.a}), and
 * a model's own file is found before a shared one of the same name (docs/compiler.md, "The sysroot"). The
 * sysroot is found, in order, in the directory given by {@code --sysroot DIR}, in the directory named by the
 * {@code SCMP_SYSROOT} environment variable, or as classpath resources under {@code scmp/sysroot/} (the clib
 * and mpi modules package them into the tools' jar).
 */
public final class Sysroot {
    /** The classpath folder holding the packaged sysroot. */
    public static final String RESOURCE_ROOT = "scmp/sysroot/";

    private final Path dir;

    private Sysroot(Path dir) {
        this.dir = dir;
    }

    /** The sysroot for a run: {@code explicit} if given, else $SCMP_SYSROOT, else the classpath. */
    public static Sysroot locate(String explicit) {
        if (explicit != null) {
            return new Sysroot(Path.of(explicit));
        }
        String env = System.getenv("SCMP_SYSROOT");
        if (env != null && !env.isEmpty()) {
            return new Sysroot(Path.of(env));
        }
        return new Sysroot(null);
    }

    /** A sysroot in a directory (tests use this). */
    public static Sysroot ofDirectory(Path dir) {
        return new Sysroot(dir);
    }

    /** Where the sysroot is, for messages: a directory or "classpath:scmp/sysroot". */
    public String describe() {
        return dir != null ? dir.toString() : "classpath:" + RESOURCE_ROOT;
    }

    /** Whether the sysroot is a directory (its headers are files make can look at), not resources in the jar. */
    public boolean isDirectory() {
        return dir != null;
    }

    /** The bytes of a file of the sysroot ({@code include/NAME}, {@code scmp/lib/NAME}...), or null if absent. */
    public byte[] read(String relative) {
        if (relative.contains("..")) {
            return null;
        }
        try {
            if (dir != null) {
                Path p = dir.resolve(relative);
                return Files.isRegularFile(p) ? Files.readAllBytes(p) : null;
            }
            ClassLoader cl = Sysroot.class.getClassLoader();
            try (InputStream in = cl.getResourceAsStream(RESOURCE_ROOT + relative)) {
                return in == null ? null : in.readAllBytes();
            }
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * A system header.
     *
     * @param path its display name, used in diagnostics and line information
     * @param text its text (ISO-8859-1, byte for byte)
     */
    public record Header(String path, String text) {
    }

    /**
     * Finds a system header: the model's own, else the shared one.
     *
     * @param machine the model compiled for, or null for code that runs on every model (shared headers only)
     * @param name    the name in {@code #include <name>}
     * @return the header, or null when neither has it
     */
    public Header header(MachineKind machine, String name) {
        for (String folder : folders(machine, "include/")) {
            byte[] b = read(folder + name);
            if (b != null) {
                String path = dir != null ? dir.resolve(folder).resolve(name).toString() : "<sysroot>/" + folder + name;
                return new Header(path, new String(b, StandardCharsets.ISO_8859_1));
            }
        }
        return null;
    }

    /**
     * The models that have a header of their own under this name, to explain why it is missing for another.
     *
     * @param name the name in {@code #include <name>}
     * @return the models, in declaration order
     */
    public List<MachineKind> modelsWithHeader(String name) {
        List<MachineKind> models = new ArrayList<>();
        for (MachineKind m : MachineKind.values()) {
            if (read(m.id() + "/include/" + name) != null) {
                models.add(m);
            }
        }
        return models;
    }

    /**
     * Finds a library file ({@code crt0.o}, {@code libc.a}...): the model's own, else the shared one.
     *
     * @param machine the model linked for, or null for shared libraries only
     * @param name    the file's name
     * @return its bytes, or null when neither has it
     */
    public byte[] library(MachineKind machine, String name) {
        for (String folder : folders(machine, "lib/")) {
            byte[] b = read(folder + name);
            if (b != null) {
                return b;
            }
        }
        return null;
    }

    /** The folders searched for a model, its own first: {@code scmp/include/} then {@code include/}. */
    private static List<String> folders(MachineKind machine, String kind) {
        return machine == null ? List.of(kind) : List.of(machine.id() + "/" + kind, kind);
    }
}
