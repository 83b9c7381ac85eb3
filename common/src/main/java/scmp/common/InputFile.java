package scmp.common;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads the files the tools are given on their command lines, with a size limit and a short, lower-case reason
 * for every failure ({@code no such file or directory}, {@code is a directory}, {@code file too large ...}), so
 * that no input, however big or strange (a directory, {@code /dev/zero}, a 3 GB file), ends in a stack trace.
 */
public final class InputFile {
    private InputFile() {
    }

    /**
     * The largest object, archive or executable the tools read (1 GiB): far more than any SCMP program needs
     * (a node has 8 MiB), and small enough to fit in a Java array and in memory.
     */
    public static final long MAX_BINARY_SIZE = 1L << 30;

    /** A file that could not be read; the message is the reason alone, without the file name. */
    public static final class Unreadable extends Exception {
        private static final long serialVersionUID = 1L;

        /**
         * Creates the exception.
         *
         * @param reason the one-line reason
         */
        public Unreadable(String reason) {
            super(reason);
        }
    }

    /**
     * Reads a whole file.
     *
     * @param path  the file
     * @param limit the largest size accepted, in bytes (at most {@link Integer#MAX_VALUE} - 8)
     * @return the contents
     * @throws Unreadable when the file is missing, a directory, unreadable or larger than {@code limit}
     */
    public static byte[] read(Path path, long limit) throws Unreadable {
        if (Files.isDirectory(path)) {
            throw new Unreadable("is a directory");
        }
        try {
            long size = Files.size(path);
            if (size > limit) {
                throw tooLarge(size, limit);
            }
            // Read through a stream, never trusting the size: devices and pipes report 0 and may never end.
            try (InputStream in = Files.newInputStream(path)) {
                byte[] data = in.readNBytes((int) Math.min(limit + 1, Integer.MAX_VALUE - 8));
                if (data.length > limit) {
                    throw tooLarge(-1, limit);
                }
                return data;
            }
        } catch (IOException e) {
            throw new Unreadable(reason(e));
        } catch (OutOfMemoryError e) {
            throw new Unreadable("file too large for the memory available to the tool");
        }
    }

    /**
     * Reads at most the first {@code n} bytes of a file (fewer if the file is shorter), to recognize its kind
     * before reading it all.
     *
     * @param path the file
     * @param n    how many bytes
     * @return the first bytes
     * @throws Unreadable when the file is missing, a directory or unreadable
     */
    public static byte[] head(Path path, int n) throws Unreadable {
        if (Files.isDirectory(path)) {
            throw new Unreadable("is a directory");
        }
        try (InputStream in = Files.newInputStream(path)) {
            return in.readNBytes(n);
        } catch (IOException e) {
            throw new Unreadable(reason(e));
        }
    }

    private static Unreadable tooLarge(long size, long limit) {
        return new Unreadable(size >= 0
                ? String.format("file too large (%d bytes; the limit is %d)", size, limit)
                : String.format("file too large (more than %d bytes)", limit));
    }

    /**
     * A short, lower-case reason for an I/O failure, without the exception's class name.
     *
     * @param e the failure
     * @return the reason
     */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException) {
            return "file exists";
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
