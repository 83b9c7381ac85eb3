package scmp.cc.pp;

import scmp.cc.lex.SourceFile;

/**
 * Finds the file an {@code #include} names. The driver implements it over the -I directories and the
 * sysroot, which may be a directory or resources inside the jar; the preprocessor does not care which.
 */
public interface IncludeResolver {
    /**
     * The file {@code name} included from {@code includer} ({@code "name"} form when {@code quoted}, searched
     * first beside the includer), or null if it is found nowhere.
     */
    SourceFile resolve(String name, boolean quoted, SourceFile includer);

    /**
     * Why {@code name} was found nowhere, when there is more to say than that, as a note for the user (a system
     * header of another machine model); null otherwise.
     */
    default String whyMissing(String name) {
        return null;
    }
}
