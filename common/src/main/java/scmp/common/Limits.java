package scmp.common;

/**
 * The limits the tools put on every dimension of their input, so that no input, however large or strange, makes
 * them run out of memory, overflow the stack or take more than linear time (docs/compiler.md, "Limits"). Each
 * is far beyond what a program for an 8 MiB node needs, and past each the tool stops with one clear error.
 */
public final class Limits {
    private Limits() {
    }

    /** The largest source file (C, header or assembly) read, in bytes: 64 MiB. */
    public static final long MAX_SOURCE_SIZE = 64L << 20;

    /** The largest assembly file {@code scmpas} reads, in bytes: 256 MiB (compiler output is larger than C). */
    public static final long MAX_ASSEMBLY_SIZE = 256L << 20;

    /** The longest source line, in characters: 4 MiB. */
    public static final int MAX_LINE_LENGTH = 4 << 20;

    /** The longest identifier (or assembly symbol), in characters. */
    public static final int MAX_IDENTIFIER_LENGTH = 65_536;

    /**
     * The most preprocessing tokens in one file, and the most tokens a translation unit may have after
     * preprocessing: 4 Mi (a 4 MiB source file of the densest code has about a million).
     */
    public static final int MAX_TOKENS = 4 << 20;

    /** The deepest nesting of {@code #include}. */
    public static final int MAX_INCLUDE_DEPTH = 200;

    /** The deepest nesting of {@code #if}, {@code #ifdef} and {@code #ifndef} groups. */
    public static final int MAX_IF_DEPTH = 4096;

    /** The most tokens one macro invocation may expand to, nested expansions included: 1 Mi. */
    public static final int MAX_MACRO_EXPANSION = 1 << 20;

    /** The deepest nesting of macro invocations in macro arguments ({@code F(F(F(x)))}). */
    public static final int MAX_MACRO_NESTING = 256;

    /** The deepest nesting of parentheses, brackets and braces (clang's default bracket depth). */
    public static final int MAX_BRACKET_DEPTH = 256;

    /**
     * The deepest parse tree of a C translation unit, which bounds the nesting of declarators and expressions in
     * every form: a parenthesised expression costs about 8 levels, each cast, prefix or assignment operator of
     * a chain and each binary operator of a left-associative chain ({@code 1+1+...+1}) one level.
     */
    public static final int MAX_NESTING = 8192;

    /** The errors a compilation reports before it stops, as gcc's {@code -fmax-errors=N} (0: no limit). */
    public static final int DEFAULT_MAX_ERRORS = 100;

    /**
     * How much of a long source line a diagnostic shows: this many characters around the column, with
     * {@code ...} where the line was cut.
     */
    public static final int ECHO_WINDOW = 160;
}
