package scmp.cli;

/**
 * The tools packaged in scmp.jar and the class each bin/ launcher runs. The launchers name the classes
 * directly; this list is for documentation and the launcher test.
 */
public final class Tools {
    private Tools() {
    }

    /** Each tool's name (its bin/ launcher) and its main class. */
    public static final String[][] TOOLS = {
        {"scmpas", "scmp.cli.AsmMain"},
        {"scmpld", "scmp.cli.LinkMain"},
        {"scmpar", "scmp.cli.ArMain"},
        {"scmpdump", "scmp.cli.DumpMain"},
        {"scmpsim", "scmp.cli.SimMain"},
        {"scmpcc", "scmp.cli.CcMain"},
        {"scmpexp", "scmp.cli.ExperimentsMain"},
    };
}
