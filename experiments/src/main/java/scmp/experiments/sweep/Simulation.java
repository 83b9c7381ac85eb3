package scmp.experiments.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import scmp.cpu.JitEngine;
import scmp.experiments.Runner;
import scmp.experiments.ThesisData;
import scmp.machine.ConfigException;
import scmp.model.scmp.ScmpConfig;
import scmp.model.scmp.ScmpParams;
import scmp.noc.FlitFormat;
import scmp.noc.NocConfig;

/**
 * What one point of a sweep simulates, read from its settings: the program, its arguments and compiler options,
 * and the machine. The machine's settings are scmpsim's options of the same names (docs/simulator.md); a
 * setting this class does not know is an error, so a misspelt one cannot go unnoticed.
 *
 * @param program  the program as {@link Runner#program(String, int, List)} takes it: a benchmark source, or a
 *                 file's absolute path
 * @param optLevel the optimisation level a C source is compiled at (scmpcc's {@code -O})
 * @param defines  its macros (scmpcc's {@code -D})
 * @param config   the machine, the program's arguments included
 */
public record Simulation(String program, int optLevel, List<String> defines, ScmpConfig config) {
    /** The settings a point may have, besides {@code env.NAME}. */
    public static final List<String> KEYS = List.of("program", "args", "opt", "defines", "mesh", "n", "protocol", "vcs",
            "buffer", "router-delay", "link-delay", "wide-flits", "niu-queue", "contexts", "mem", "stack",
            "max-cycles", "lockstep");

    /**
     * Reads a point's settings.
     *
     * @param settings the settings
     * @param base     the directory a relative program path is taken from
     * @return the simulation
     * @throws IllegalArgumentException with a one-line reason naming the setting at fault
     */
    public static Simulation of(Map<String, String> settings, Path base) {
        String program = settings.get("program");
        if (program == null || program.isBlank()) {
            throw new IllegalArgumentException("program: every point needs a program (a benchmark such as "
                    + "cg/cg_mpi.c, a C source or an SCMP executable)");
        }
        program = program.strip();
        if (!Runner.isBenchmark(program)) {
            program = base.resolve(program).toAbsolutePath().normalize().toString();
        }
        int optLevel = 1;
        String name = Path.of(program).getFileName().toString().replaceFirst("\\.c$", "");
        // the compiled engine, scmpsim's default, which gives the interpreter's results exactly
        ScmpConfig.Builder b = ScmpConfig.builder(name).args(words(settings.getOrDefault("args", "")))
                .engine(JitEngine::new);
        int ranks = 0;
        int[] mesh = null;
        boolean wide = false;
        NocConfig noc = NocConfig.defaults();
        for (Map.Entry<String, String> e : settings.entrySet()) {
            String k = e.getKey();
            String v = e.getValue().strip();
            try {
                switch (k) {
                    case "program", "args", "defines" -> { }
                    case "opt" -> optLevel = integer(v, 0, 2);
                    case "mesh" -> mesh = mesh(v);
                    case "n" -> ranks = integer(v, 1, ScmpParams.MAX_DIM * ScmpParams.MAX_DIM);
                    case "protocol" -> {
                        String family = protocol(v);
                        b.env("SCMP_MPI_PROTOCOL", family).hwRts(family.equals("thesis-hw"));
                    }
                    case "vcs" -> noc = noc.withVcs(integer(v, 1, ScmpParams.MAX_VCS));
                    case "buffer" -> {
                        int depth = integer(v, 1, Integer.MAX_VALUE);
                        noc = noc.withBufferDepth(depth).withEjectionBuffer(depth);
                    }
                    case "router-delay" -> noc = noc.withRouterDelay(integer(v, 0, Integer.MAX_VALUE));
                    case "link-delay" -> noc = noc.withLinkDelay(integer(v, 0, Integer.MAX_VALUE));
                    case "wide-flits" -> wide = bool(v);
                    case "niu-queue" -> b.niuQueue(integer(v, 0, Integer.MAX_VALUE));
                    case "contexts" -> b.contexts(integer(v, 0, Integer.MAX_VALUE));
                    case "mem" -> b.memSize(size(v));
                    case "stack" -> b.stackSize(size(v));
                    case "max-cycles" -> b.maxCycles(Long.parseLong(v));
                    case "lockstep" -> b.lockstep(bool(v));
                    default -> {
                        if (!k.startsWith("env.") || k.length() == 4) {
                            throw new IllegalArgumentException("unknown setting; the settings are "
                                    + String.join(", ", KEYS) + " and env.NAME");
                        }
                        b.env(k.substring(4), v);
                    }
                }
            } catch (NumberFormatException ex) {
                throw new IllegalArgumentException(k + ": '" + v + "' is not a number");
            } catch (IllegalArgumentException ex) {
                throw new IllegalArgumentException(k + ": " + ex.getMessage(), ex);
            }
        }
        if (mesh == null) {
            // as scmpsim: 4x4, or for n ranks the squarest mesh of exactly n nodes
            mesh = ranks > 0 ? ThesisData.mesh(ranks) : new int[] {4, 4};
        }
        if (ranks > 0) {
            b.ranks(ranks).env("SCMP_NPROCS", Integer.toString(ranks));
        }
        wide |= mesh[0] > FlitFormat.SCMP.maxMeshSide() || mesh[1] > FlitFormat.SCMP.maxMeshSide();
        try {
            b.mesh(mesh[0], mesh[1]).noc(noc.withFormat(wide ? FlitFormat.WIDE : FlitFormat.SCMP));
            return new Simulation(program, optLevel, words(settings.getOrDefault("defines", "")), b.build());
        } catch (ConfigException ex) {
            // the configuration's messages name scmpsim's options, which are these settings with two dashes
            throw new IllegalArgumentException(ex.getMessage().replaceFirst("^--?", ""), ex);
        }
    }

    private static List<String> words(String s) {
        String t = s.strip();
        return t.isEmpty() ? List.of() : new ArrayList<>(Arrays.asList(t.split("\\s+")));
    }

    private static int integer(String v, int min, int max) {
        int n = Integer.parseInt(v);
        if (n < min || n > max) {
            throw new IllegalArgumentException("must be " + min + (max == Integer.MAX_VALUE ? " or more" : ".." + max)
                    + ", got " + n);
        }
        return n;
    }

    private static boolean bool(String v) {
        return switch (v.toLowerCase(Locale.ROOT)) {
            case "true", "yes", "on", "1" -> true;
            case "false", "no", "off", "0" -> false;
            default -> throw new IllegalArgumentException("'" + v + "' is not true or false");
        };
    }

    private static String protocol(String v) {
        return scmp.machine.Simulation.MpiProtocol.of(v.toLowerCase(Locale.ROOT)).value();
    }

    private static int[] mesh(String v) {
        String[] f = v.toLowerCase(Locale.ROOT).split("x");
        if (f.length != 2) {
            throw new IllegalArgumentException("'" + v + "' is not WxH (e.g. 4x4)");
        }
        return new int[] {integer(f[0], 1, ScmpParams.MAX_DIM), integer(f[1], 1, ScmpParams.MAX_DIM)};
    }

    /** Bytes, or a number with a K or M suffix (binary units), as scmpsim's --mem and --stack. */
    private static int size(String v) {
        String s = v.toUpperCase(Locale.ROOT);
        long unit = s.endsWith("K") ? 1024 : s.endsWith("M") ? 1024 * 1024 : 1;
        long n = Long.parseLong(unit == 1 ? s : s.substring(0, s.length() - 1)) * unit;
        if (n <= 0 || n > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("'" + v + "' is out of range");
        }
        return (int) n;
    }
}
