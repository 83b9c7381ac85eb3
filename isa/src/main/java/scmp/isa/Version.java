package scmp.isa;

/** The version every scmp tool reports with --version. */
public final class Version {
    private Version() {
    }

    public static final String NUMBER = "0.1.0";

    /** Lines for picocli's version provider. */
    public static String[] lines(String tool) {
        return new String[] {tool + " (scmp) " + NUMBER, "SCMP toolchain and cycle-accurate simulator"};
    }
}
