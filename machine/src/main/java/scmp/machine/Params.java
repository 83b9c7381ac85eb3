package scmp.machine;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The one loader of every machine model's parameters: it fills a model's parameter record from {@code key=value}
 * pairs by reflection ({@code scmpsim --param vcs=2}, a {@code --params} file, or scmpsim's own options such as
 * {@code --vcs 2}, which are pairs with a name of their own). A key is a record component's name; a value is
 * converted to the component's type:
 * <ul>
 *   <li>{@code int}, {@code long} (and their boxes): decimal, optionally with a binary {@code K}, {@code M} or
 *       {@code G} suffix ({@code 64M});</li>
 *   <li>{@code boolean}: {@code true} or {@code false}; {@code double}; {@code String};</li>
 *   <li>an enum: a constant's name in any case;</li>
 *   <li>{@code List<T>}: the key may be given several times, and a value may list items separated by commas;</li>
 *   <li>any other type with a static {@code parse(String)} or {@code valueOf(String)} method.</li>
 * </ul>
 * Keys not given take the values of the record's public no-argument constructor (its defaults); then the canonical
 * constructor checks the whole record. An unknown key, a malformed value or a check that fails is a one-line
 * {@link ConfigException} that names the parameter as the user gave it.
 */
public final class Params {
    private Params() {
    }

    /**
     * A parameter as the user gave it.
     *
     * @param key    the record component's name
     * @param value  the value's text
     * @param option how the user named it, for messages ({@code --vcs}); null for {@code --param KEY}
     */
    public record Given(String key, String value, String option) {

        /**
         * A parameter given as {@code --param key=value} or in a file.
         *
         * @param key   the key
         * @param value the value's text
         */
        public Given(String key, String value) {
            this(key, value, null);
        }

        /** Returns how the user named the parameter. */
        public String named() {
            return option != null ? option : "--param " + key;
        }

        /**
         * Parses {@code key=value}.
         *
         * @param text the pair
         * @return the parameter
         * @throws ConfigException when there is no {@code =} or no key
         */
        public static Given parse(String text) {
            int eq = text.indexOf('=');
            if (eq <= 0) {
                throw new ConfigException("--param " + text + ": expected KEY=VALUE");
            }
            return new Given(text.substring(0, eq).trim(), text.substring(eq + 1).trim());
        }
    }

    /**
     * Returns a model's default parameters: its record's no-argument constructor.
     *
     * @param type the record type
     * @param <P>  the record type
     * @return the defaults
     */
    public static <P extends Record> P defaults(Class<P> type) {
        try {
            Constructor<P> none = type.getDeclaredConstructor();
            none.trySetAccessible();
            return none.newInstance();
        } catch (NoSuchMethodException | IllegalAccessException | InstantiationException e) {
            throw new IllegalArgumentException(type.getName() + " needs a public constructor without arguments that "
                    + "gives the defaults", e);
        } catch (InvocationTargetException e) {
            throw rethrow(e.getCause(), List.of());
        }
    }

    /**
     * Fills a parameter record: the defaults, with the given pairs in order (a later one of a key replaces an
     * earlier one, except for lists, which collect them).
     *
     * @param type  the record type
     * @param model the model's name, for messages
     * @param given the pairs
     * @param <P>   the record type
     * @return the checked record
     * @throws ConfigException when a key is unknown, a value malformed or a check fails
     */
    public static <P extends Record> P load(Class<P> type, String model, List<Given> given) {
        RecordComponent[] parts = type.getRecordComponents();
        P defaults = defaults(type);
        Object[] values = new Object[parts.length];
        Map<String, Integer> index = new LinkedHashMap<>();
        for (int k = 0; k < parts.length; k++) {
            index.put(parts[k].getName(), k);
            values[k] = read(parts[k], defaults);
        }
        boolean[] listed = new boolean[parts.length];
        for (Given g : given) {
            Integer k = index.get(g.key());
            if (k == null) {
                throw new ConfigException(g.named() + ": the " + model + " model has no such parameter; its "
                        + "parameters: " + String.join(", ", index.keySet()));
            }
            RecordComponent part = parts[k];
            if (part.getType() == List.class) {
                List<Object> items = listed[k] ? new ArrayList<>((List<?>) values[k]) : new ArrayList<>();
                Class<?> item = elementType(part);
                for (String v : g.value().split(",")) {
                    if (!v.isBlank()) {
                        items.add(convert(item, v.trim(), g));
                    }
                }
                values[k] = items;
                listed[k] = true;
            } else {
                values[k] = convert(part.getType(), g.value(), g);
            }
        }
        return construct(type, parts, values, given);
    }

    /**
     * Returns a record with one parameter replaced, checked again by the canonical constructor.
     *
     * @param params the record
     * @param key    the component's name
     * @param value  the new value
     * @param <P>    the record type
     * @return the new record
     */
    @SuppressWarnings("unchecked")
    public static <P extends Record> P with(P params, String key, Object value) {
        Class<P> type = (Class<P>) params.getClass();
        RecordComponent[] parts = type.getRecordComponents();
        Object[] values = new Object[parts.length];
        boolean found = false;
        for (int k = 0; k < parts.length; k++) {
            found |= parts[k].getName().equals(key);
            values[k] = parts[k].getName().equals(key) ? value : read(parts[k], params);
        }
        if (!found) {
            throw new IllegalArgumentException(type.getSimpleName() + " has no component " + key);
        }
        return construct(type, parts, values, List.of());
    }

    /**
     * Returns the parameters' keys, in declaration order.
     *
     * @param type the record type
     * @return the keys
     */
    public static List<String> keys(Class<? extends Record> type) {
        return Arrays.stream(type.getRecordComponents()).map(RecordComponent::getName).toList();
    }

    /**
     * Reads a parameter file: one {@code key=value} per line; blank lines and lines starting with {@code #} are
     * skipped.
     *
     * @param file the file
     * @return the pairs, in order
     * @throws ConfigException when the file cannot be read or a line is not a pair
     */
    public static List<Given> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw new ConfigException("--params " + file + ": cannot read: " + e.getMessage());
        }
        List<Given> out = new ArrayList<>();
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new ConfigException(file + ":" + (n + 1) + ": expected KEY=VALUE, got '" + line + "'");
            }
            String key = line.substring(0, eq).trim();
            out.add(new Given(key, line.substring(eq + 1).trim(), file + ":" + (n + 1) + ": " + key));
        }
        return out;
    }

    private static <P extends Record> P construct(Class<P> type, RecordComponent[] parts, Object[] values,
                                                 List<Given> given) {
        Class<?>[] types = Arrays.stream(parts).map(RecordComponent::getType).toArray(Class<?>[]::new);
        try {
            Constructor<P> canonical = type.getDeclaredConstructor(types);
            canonical.trySetAccessible();
            return canonical.newInstance(values);
        } catch (NoSuchMethodException | IllegalAccessException | InstantiationException e) {
            throw new IllegalArgumentException(type.getName() + ": no public canonical constructor", e);
        } catch (InvocationTargetException e) {
            throw rethrow(e.getCause(), given);
        }
    }

    /**
     * Names a failed parameter as the user gave it: {@code --vcs: must be 1..12, got 13} for {@code --vcs 13}.
     *
     * @param e     the failure
     * @param given the parameters as given
     * @return the exception with the one-line message
     */
    public static ConfigException named(ParamException e, List<Given> given) {
        String named = null;
        for (Given g : given) {
            if (g.key().equals(e.key())) {
                named = g.named();
            }
        }
        return named == null ? e : new ConfigException(e.naming(named));
    }

    /** A check of the record's constructor failed: a one-line message naming the parameter as the user did. */
    private static RuntimeException rethrow(Throwable cause, List<Given> given) {
        if (cause instanceof ParamException p) {
            return named(p, given);
        }
        if (cause instanceof RuntimeException r) {
            return r;
        }
        return new IllegalStateException(cause);
    }

    private static Object read(RecordComponent part, Record from) {
        try {
            return part.getAccessor().invoke(from);
        } catch (IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot read " + part.getName(), e);
        }
    }

    private static Class<?> elementType(RecordComponent part) {
        Type t = part.getGenericType();
        if (t instanceof ParameterizedType p && p.getActualTypeArguments()[0] instanceof Class<?> c) {
            return c;
        }
        throw new IllegalArgumentException(part.getName() + ": a list parameter needs an element type");
    }

    private static Object convert(Class<?> type, String value, Given g) {
        try {
            if (type == int.class || type == Integer.class) {
                return Math.toIntExact(number(value));
            }
            if (type == long.class || type == Long.class) {
                return number(value);
            }
            if (type == boolean.class || type == Boolean.class) {
                if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
                    return Boolean.parseBoolean(value);
                }
                throw new ConfigException(g.named() + ": '" + value + "' is not true or false");
            }
            if (type == double.class || type == Double.class) {
                return Double.parseDouble(value);
            }
            if (type == String.class) {
                return value;
            }
            if (type.isEnum()) {
                for (Object c : type.getEnumConstants()) {
                    if (((Enum<?>) c).name().equalsIgnoreCase(value)) {
                        return c;
                    }
                }
                throw new ConfigException(g.named() + ": '" + value + "' is not one of "
                        + Arrays.stream(type.getEnumConstants()).map(c -> ((Enum<?>) c).name().toLowerCase(Locale.ROOT))
                        .toList());
            }
            Method parse = factory(type);
            return parse.invoke(null, value);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new ConfigException(g.named() + ": '" + value + "' is not a number");
        } catch (InvocationTargetException e) {
            String why = e.getCause() == null ? "malformed" : e.getCause().getMessage();
            throw new ConfigException(g.named() + ": " + why);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(type.getName() + ": its parse method is not accessible", e);
        }
    }

    private static Method factory(Class<?> type) {
        for (String name : List.of("parse", "valueOf")) {
            try {
                Method m = type.getMethod(name, String.class);
                if (Modifier.isStatic(m.getModifiers()) && type.isAssignableFrom(m.getReturnType())) {
                    return m;
                }
            } catch (NoSuchMethodException e) {
                // try the next name
            }
        }
        throw new IllegalArgumentException(type.getName() + " has no static parse(String) or valueOf(String)");
    }

    /** A decimal number with an optional binary suffix: {@code 64M} is 64 x 2^20. */
    private static long number(String text) {
        String v = text.trim().toUpperCase(Locale.ROOT);
        int shift = 0;
        if (v.endsWith("K") || v.endsWith("M") || v.endsWith("G")) {
            shift = v.endsWith("K") ? 10 : v.endsWith("M") ? 20 : 30;
            v = v.substring(0, v.length() - 1);
        }
        long n = Long.parseLong(v);
        if (shift > 0 && (n > (Long.MAX_VALUE >> shift) || n < (Long.MIN_VALUE >> shift))) {
            throw new NumberFormatException(text);
        }
        return n << shift;
    }
}
