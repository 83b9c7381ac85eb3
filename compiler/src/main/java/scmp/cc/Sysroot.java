package scmp.cc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The system headers and libraries scmpcc compiles and links against: {@code include/} (stdio.h...) and
 * {@code lib/} (crt0.o, libc.a, libm.a...). They are found, in order, in the directory given by
 * {@code --sysroot DIR}, in the directory named by the {@code SCMP_SYSROOT} environment variable, or as
 * classpath resources under {@code scmp/sysroot/} (the clib module packages them into the tools' jar).
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

    /** The bytes of {@code include/NAME} or {@code lib/NAME} (relative path), or null if absent. */
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

    /** A system header as text (ISO-8859-1, byte for byte), or null. */
    public String header(String name) {
        byte[] b = read("include/" + name);
        return b == null ? null : new String(b, StandardCharsets.ISO_8859_1);
    }

    /** The display name of a system header, used in diagnostics and line information. */
    public String headerPath(String name) {
        return dir != null ? dir.resolve("include").resolve(name).toString() : "<sysroot>/include/" + name;
    }

    /** A library file (lib/NAME), or null. */
    public byte[] library(String name) {
        return read("lib/" + name);
    }
}
