package scmp.common;

/** The version every scmp tool reports with --version. */
public final class Version {
    private Version() {
    }

    /** The version number of the toolchain and simulator. */
    public static final String NUMBER = "0.1.0";

    /**
     * The lines a tool prints for {@code --version}.
     *
     * @param tool the tool's name, such as {@code scmpcc}
     * @return the lines
     */
    public static String[] lines(String tool) {
        return new String[] {tool + " (scmp) " + NUMBER, "SCMP toolchain and cycle-accurate simulator"};
    }
}
