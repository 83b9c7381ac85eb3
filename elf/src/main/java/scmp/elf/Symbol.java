package scmp.elf;

/**
 * A symbol of an object or executable.
 *
 * @param name    the name ("" for section symbols)
 * @param section the defining section's name, or null when undefined; {@link #ABSOLUTE} for absolute symbols
 *                (.equ), {@link #COMMON} for common symbols
 * @param value   offset within the section (in an object) or address (in an executable); for COMMON, the alignment
 * @param size    size in bytes (0 if unknown)
 * @param binding LOCAL, GLOBAL or WEAK
 * @param type    NOTYPE, OBJECT, FUNC, SECTION or FILE
 */
public record Symbol(String name, String section, long value, int size, Binding binding, Type type) {
    public static final String ABSOLUTE = "*ABS*";
    public static final String COMMON = "*COM*";

    public enum Binding {
        LOCAL(0), GLOBAL(1), WEAK(2);
        public final int code;

        Binding(int code) {
            this.code = code;
        }
    }

    public enum Type {
        NOTYPE(0), OBJECT(1), FUNC(2), SECTION(3), FILE(4);
        public final int code;

        Type(int code) {
            this.code = code;
        }
    }

    public boolean isDefined() {
        return section != null;
    }

    public boolean isGlobal() {
        return binding != Binding.LOCAL;
    }
}
