package scmp.noc.traffic;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A configuration file in BookSim2's syntax ({@code key = value;}, {@code //} comments, statements may span
 * lines) for the options {@code scmpsim noc} shares with BookSim2, translated into the command line's options
 * ({@code scmpsim noc --config FILE}). docs/noc.md section 7 has the mapping table; in short:
 *
 * <ul>
 *   <li>network: {@code topology = mesh} with {@code k} (the mesh is k x k) and {@code n = 2}, or {@code topology =
 *       torus} with {@code k} and {@code n} from 1 to 3 (a k-ary n-cube: {@code --topology torus --mesh kxkxk} for
 *       n = 3, {@code kxkx1} for 2, {@code kx1x1} for 1), {@code c = 1}, {@code routing_function = dor} (or
 *       {@code dim_order}, {@code dim_order_torus}); or, not one of BookSim's, {@code topology = sp} with {@code k}
 *       nodes ({@code --topology sp --mesh k}), the SP model's multistage switch;</li>
 *   <li>router: {@code num_vcs}, {@code vc_buf_size}, {@code routing_delay}, {@code vc_alloc_delay},
 *       {@code sw_alloc_delay}, {@code st_final_delay} (the four stage delays), {@code credit_delay} (BookSim's
 *       credit goes back over a channel of the link's latency, 1, after {@code credit_delay} router cycles, so
 *       the model's credit delay is {@code credit_delay + 1}), {@code vc_allocator}
 *       ({@code separable_input_first} or {@code separable_output_first}), {@code arb_type}
 *       ({@code round_robin} or {@code matrix});</li>
 *   <li>traffic: {@code traffic}, {@code injection_rate} (packets/node/cycle unless
 *       {@code injection_rate_uses_flits = 1}), {@code injection_process} ({@code bernoulli} or {@code on_off}),
 *       {@code burst_alpha}, {@code burst_beta}, {@code burst_r1}, {@code packet_size}, and {@code hotspot_fraction}
 *       (scmp's own);</li>
 *   <li>simulation: {@code warmup_periods} x {@code sample_period} warm-up cycles, {@code max_samples} x
 *       {@code sample_period} measured cycles (BookSim's defaults 3, 1000 and 10 fill in the others when one of
 *       them is given), {@code latency_thres} (the sweep's latency limit), {@code seed};</li>
 *   <li>keys whose only value here is BookSim's default are accepted with that value: {@code router = iq},
 *       {@code sw_allocator = separable_input_first}, {@code alloc_iters = 1}, {@code input_speedup = 1},
 *       {@code output_speedup = 1}, {@code internal_speedup = 1.0}, {@code wait_for_tail_credit = 0},
 *       {@code sim_type = latency}, {@code classes = 1}, {@code include_queuing = 1}, {@code sim_count = 1},
 *       {@code use_read_write = 0}, {@code st_prepare_delay = 0}.</li>
 * </ul>
 *
 * Any other key is an error naming it. Keys the file leaves out keep {@code scmpsim noc}'s defaults, not
 * BookSim's.
 */
public final class BookSimConfig {

    /** Keys accepted only with one value (the behaviour the model has), and that value. */
    private static final Map<String, String> FIXED = Map.ofEntries(Map.entry("router", "iq"),
            Map.entry("sw_allocator", "separable_input_first"), Map.entry("alloc_iters", "1"),
            Map.entry("input_speedup", "1"), Map.entry("output_speedup", "1"), Map.entry("internal_speedup", "1"),
            Map.entry("wait_for_tail_credit", "0"), Map.entry("sim_type", "latency"), Map.entry("classes", "1"),
            Map.entry("include_queuing", "1"), Map.entry("sim_count", "1"), Map.entry("use_read_write", "0"),
            Map.entry("st_prepare_delay", "0"), Map.entry("c", "1"));

    /** Keys taken as they are (numbers), and the option each sets. */
    private static final Map<String, String> DIRECT = Map.of("num_vcs", "--vcs", "vc_buf_size", "--buffer",
            "packet_size", "--packet-flits", "seed", "--seed", "latency_thres", "--latency-limit",
            "burst_alpha", "--burst-alpha", "burst_beta", "--burst-beta", "burst_r1", "--burst-r1",
            "hotspot_fraction", "--hotspot-fraction");
    private static final Set<String> INTEGERS = Set.of("num_vcs", "vc_buf_size", "packet_size", "seed", "k", "n",
            "routing_delay", "vc_alloc_delay", "sw_alloc_delay", "st_final_delay", "credit_delay", "sample_period",
            "warmup_periods", "max_samples", "injection_rate_uses_flits");
    private static final Set<String> OTHERS = Set.of("topology", "k", "n", "routing_function", "routing_delay", "vc_alloc_delay",
            "sw_alloc_delay", "st_final_delay", "credit_delay", "vc_allocator", "arb_type", "traffic",
            "injection_rate", "injection_rate_uses_flits", "injection_process", "sample_period", "warmup_periods",
            "max_samples");

    private record Value(String text, int line) {
    }

    private final String name;
    private final Map<String, Value> values;

    private BookSimConfig(String name, Map<String, Value> values) {
        this.name = name;
        this.values = values;
    }

    /**
     * Reads a file.
     *
     * @param file the file
     * @return the configuration
     * @throws IOException when it cannot be read; its message names the file
     * @throws IllegalArgumentException with {@code FILE:LINE: message} for a syntax error or a key not known
     */
    public static BookSimConfig read(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file);
        } catch (FileSystemException e) {
            throw e;
        } catch (IOException e) {
            // such as reading a directory: the message alone does not name the file
            throw new IOException(file + ": " + e.getMessage(), e);
        }
        return parse(text, file.toString());
    }

    /**
     * Parses the text of a configuration.
     *
     * @param text the text
     * @param name the file name for messages
     * @return the configuration
     * @throws IllegalArgumentException with {@code NAME:LINE: message} for a syntax error, a key given twice or
     *                                  a key not known
     */
    public static BookSimConfig parse(String text, String name) {
        Map<String, Value> values = new LinkedHashMap<>();
        StringBuilder stmt = new StringBuilder();
        int start = 0;
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String l = lines[i];
            int comment = l.indexOf("//");
            if (comment >= 0) {
                l = l.substring(0, comment);
            }
            int from = 0;
            int semi;
            while ((semi = l.indexOf(';', from)) >= 0) {
                if (stmt.toString().isBlank()) {
                    start = i + 1;
                }
                stmt.append(l, from, semi);
                statement(stmt.toString(), start, name, values);
                stmt.setLength(0);
                from = semi + 1;
            }
            String rest = l.substring(from);
            if (!rest.isBlank() && stmt.toString().isBlank()) {
                start = i + 1;
            }
            stmt.append(rest).append(' ');
        }
        if (!stmt.toString().isBlank()) {
            throw new IllegalArgumentException(name + ":" + start + ": missing ';' after '" + stmt.toString().strip() + "'");
        }
        return new BookSimConfig(name, values);
    }

    private static void statement(String s, int line, String name, Map<String, Value> values) {
        if (s.isBlank()) {
            return;
        }
        int eq = s.indexOf('=');
        if (eq < 0) {
            throw new IllegalArgumentException(name + ":" + line + ": expected 'key = value;', got '" + s.strip() + "'");
        }
        String key = s.substring(0, eq).strip().toLowerCase(Locale.ROOT);
        String value = s.substring(eq + 1).replaceAll("\\s+", "");
        if (!key.matches("[a-z_][a-z0-9_]*") || value.isEmpty()) {
            throw new IllegalArgumentException(name + ":" + line + ": expected 'key = value;', got '" + s.strip() + "'");
        }
        if (!FIXED.containsKey(key) && !DIRECT.containsKey(key) && !OTHERS.contains(key)) {
            throw new IllegalArgumentException(name + ":" + line + ": unknown key '" + key + "' (docs/noc.md lists "
                    + "the BookSim keys scmpsim noc takes)");
        }
        if (values.containsKey(key)) {
            throw new IllegalArgumentException(name + ":" + line + ": '" + key + "' is given twice (first on line "
                    + values.get(key).line() + ")");
        }
        values.put(key, new Value(value, line));
    }

    /** Returns the keys the file sets, in file order. */
    public Set<String> keys() {
        return values.keySet();
    }

    /**
     * Translates the file into command-line options: option name to value, as the command line spells them.
     * Rates go to {@code --packet-rate} (BookSim's default unit) or {@code --rate} ({@code
     * injection_rate_uses_flits = 1}); stage delays to {@code --stages}.
     *
     * @return the options, in a fixed order
     * @throws IllegalArgumentException with {@code FILE:LINE: message} when a value is not allowed
     */
    public Map<String, String> options() {
        Map<String, String> o = new LinkedHashMap<>();
        for (String key : values.keySet()) {
            String fixed = FIXED.get(key);
            if (fixed != null && !sameValue(values.get(key).text(), fixed)) {
                throw error(key, key + " = " + values.get(key).text() + ": only " + fixed + " is modelled");
            }
            if (INTEGERS.contains(key)) {
                integer(key);
            } else if (DIRECT.containsKey(key) || key.equals("injection_rate")) {
                number(key);
            }
        }
        boolean torus = values.containsKey("topology") && text("topology").equals("torus");
        // not one of BookSim's: the SP model's multistage switch, its k nodes on one stage (n = 1)
        boolean sp = values.containsKey("topology") && text("topology").equals("sp");
        if (values.containsKey("topology") && !torus && !sp && !text("topology").equals("mesh")) {
            throw error("topology", "topology = " + values.get("topology").text() + ": only mesh, torus and sp are "
                    + "modelled");
        }
        if (sp) {
            if (values.containsKey("n") && integer("n") != 1) {
                throw error("n", "n = " + integer("n") + ": the SP switch's nodes are k, with n = 1");
            }
            o.put("--topology", "sp");
            if (values.containsKey("k")) {
                o.put("--mesh", String.valueOf(integer("k")));
            }
        }
        int n = values.containsKey("n") ? integer("n") : sp ? 1 : 2;
        if (!sp && (torus ? n < 1 || n > 3 : n != 2)) {
            throw error("n", "n = " + n + ": " + (torus ? "a torus of 1 to 3 dimensions is modelled" : "only n = 2 "
                    + "is modelled for a mesh"));
        }
        if (values.containsKey("n") && torus && !values.containsKey("k")) {
            throw error("n", "n = " + n + " needs k (the torus's side)");
        }
        if (torus) {
            o.put("--topology", "torus");
        }
        if (values.containsKey("k") && !sp) {
            int k = integer("k");
            if (k < 1) {
                throw error("k", "k must be at least 1, got " + k);
            }
            // a k-ary n-cube: the torus is always three-dimensional here, its unused dimensions of side 1
            o.put("--mesh", torus ? k + "x" + (n >= 2 ? k : 1) + "x" + (n == 3 ? k : 1) : k + "x" + k);
        }
        if (values.containsKey("routing_function")) {
            String r = text("routing_function");
            if (!r.equals("dor") && !r.equals("dim_order") && !r.equals("dor_mesh") && !r.equals("dim_order_mesh")
                    && !r.equals("dim_order_torus")) {
                throw error("routing_function", "routing_function = " + r + ": only dimension-order routing (dor) is "
                        + "modelled");
            }
        }
        for (String key : values.keySet()) {
            if (DIRECT.containsKey(key)) {
                o.put(DIRECT.get(key), values.get(key).text());
            }
        }
        String[] stages = {"routing_delay", "vc_alloc_delay", "sw_alloc_delay", "st_final_delay"};
        if (values.keySet().stream().anyMatch(k -> k.endsWith("_delay") && !k.equals("credit_delay")
                && !k.equals("st_prepare_delay"))) {
            StringBuilder sb = new StringBuilder();
            for (String st : stages) {
                sb.append(sb.length() == 0 ? "" : ",").append(values.containsKey(st) ? integer(st) : 1);
            }
            o.put("--stages", sb.toString());
        }
        if (values.containsKey("credit_delay")) {
            int c = integer("credit_delay");
            if (c < 0) {
                throw error("credit_delay", "credit_delay must not be negative, got " + c);
            }
            o.put("--credit-delay", Integer.toString(c + 1));
        }
        if (values.containsKey("vc_allocator")) {
            String a = text("vc_allocator");
            o.put("--vc-allocator", switch (a) {
                case "separable_input_first" -> "input_first";
                case "separable_output_first" -> "output_first";
                default -> throw error("vc_allocator", "vc_allocator = " + a + ": only separable_input_first and "
                        + "separable_output_first are modelled");
            });
        }
        if (values.containsKey("arb_type")) {
            String a = text("arb_type");
            if (!a.equals("round_robin") && !a.equals("matrix")) {
                throw error("arb_type", "arb_type = " + a + ": only round_robin and matrix are modelled");
            }
            o.put("--arbiter", a);
        }
        if (values.containsKey("traffic")) {
            try {
                TrafficPattern.parse(values.get("traffic").text());
            } catch (IllegalArgumentException e) {
                throw error("traffic", e.getMessage());
            }
            o.put("--traffic", values.get("traffic").text());
        }
        if (values.containsKey("injection_process")) {
            String p = text("injection_process");
            if (!p.equals("bernoulli") && !p.equals("on_off")) {
                throw error("injection_process", "injection_process = " + p + ": bernoulli or on_off");
            }
            o.put("--injection", p);
        }
        boolean flits = values.containsKey("injection_rate_uses_flits") && integer("injection_rate_uses_flits") != 0;
        if (values.containsKey("injection_rate")) {
            o.put(flits ? "--rate" : "--packet-rate", values.get("injection_rate").text());
        }
        boolean period = values.containsKey("sample_period");
        int sample = period ? integer("sample_period") : 1000;
        if (period || values.containsKey("warmup_periods")) {
            int w = values.containsKey("warmup_periods") ? integer("warmup_periods") : 3;
            o.put("--warmup", Long.toString((long) w * sample));
        }
        if (period || values.containsKey("max_samples")) {
            int m = values.containsKey("max_samples") ? integer("max_samples") : 10;
            o.put("--measure", Long.toString((long) m * sample));
        }
        return o;
    }

    private static boolean sameValue(String a, String b) {
        if (a.equals(b)) {
            return true;
        }
        try {
            return Double.parseDouble(a) == Double.parseDouble(b);
        } catch (NumberFormatException e) {
            return false;
        }
    }

    private String text(String key) {
        return values.get(key).text().toLowerCase(Locale.ROOT);
    }

    private int integer(String key) {
        String t = values.get(key).text();
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            throw error(key, key + " = " + t + ": not an integer");
        }
    }

    private double number(String key) {
        String t = values.get(key).text();
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            throw error(key, key + " = " + t + ": not a number");
        }
    }

    private IllegalArgumentException error(String key, String message) {
        return new IllegalArgumentException(name + ":" + values.get(key).line() + ": " + message);
    }
}
