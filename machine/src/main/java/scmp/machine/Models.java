package scmp.machine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.ServiceLoader;
import scmp.elf.MachineKind;

/**
 * The machine models on the class path, found with {@link ServiceLoader}: every module that provides
 * {@link MachineModel} in {@code META-INF/services/scmp.machine.MachineModel}. A new model is a new module; this
 * registry and the machine need no change.
 */
public final class Models {
    private static final List<MachineModel<?>> ALL = load();

    private Models() {
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static List<MachineModel<?>> load() {
        List<MachineModel<?>> all = new ArrayList<>();
        for (MachineModel m : ServiceLoader.load(MachineModel.class, MachineModel.class.getClassLoader())) {
            all.add(m);
        }
        all.sort(Comparator.comparing(MachineModel::name));
        return List.copyOf(all);
    }

    /** Returns every model found, by name. */
    public static List<MachineModel<?>> all() {
        return ALL;
    }

    /**
     * Returns the model of a name.
     *
     * @param name the model's name
     * @return the model, or null when none has that name
     */
    public static MachineModel<?> named(String name) {
        for (MachineModel<?> m : ALL) {
            if (m.name().equals(name)) {
                return m;
            }
        }
        return null;
    }

    /**
     * Returns the model that runs the executables built for a kind of machine: the one named as the kind is.
     *
     * @param kind the kind recorded in an executable
     * @return the model, or null when none is on the class path
     */
    public static MachineModel<?> of(MachineKind kind) {
        return named(kind.id());
    }
}
