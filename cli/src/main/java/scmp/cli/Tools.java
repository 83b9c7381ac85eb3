package scmp.cli;

/**
 * The tools packaged in scmp.jar and the class each bin/ launcher runs. The launchers name the classes
 * directly; this list is for documentation and the launcher test.
 */
public final class Tools {
    private Tools() {
    }

    public static final String[][] TOOLS = {
        {"scmpas", "scmp.asm.AsmMain"},
        {"scmpld", "scmp.link.LinkMain"},
        {"scmpar", "scmp.elf.ArMain"},
        {"scmpdump", "scmp.dump.DumpMain"},
        {"scmpsim", "scmp.machine.SimMain"},
        {"scmpcc", "scmp.cc.CcMain"},
        {"scmpexp", "scmp.experiments.ExperimentsMain"},
    };
}
