package scmp.cc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import scmp.cc.lex.SourceFile;

/**
 * The headers one compilation read, in the order first found, for make dependency files ({@code -MD},
 * {@code -MMD}; docs/compiler.md, "Dependency files"). A header is a system header when it came from the sysroot
 * or was included by one, as gcc's {@code -MMD} leaves out headers of the system directories and what they
 * include.
 */
public final class IncludeLog {
    /**
     * One header.
     *
     * @param path   its name as the compilation saw it (the directory it was found in, then the name)
     * @param system whether it is a sysroot header or one a sysroot header included
     * @param onDisk whether it is a file make can look at (a sysroot packaged in the jar has none)
     */
    public record Header(String path, boolean system, boolean onDisk) {
    }

    private final Map<String, Header> headers = new LinkedHashMap<>();
    private final Set<SourceFile> system = Collections.newSetFromMap(new IdentityHashMap<>());

    /** Records a header the preprocessor found; {@code fromSysroot} when the sysroot supplied it. */
    void found(SourceFile file, SourceFile includer, boolean fromSysroot, boolean onDisk) {
        boolean sys = fromSysroot || includer != null && system.contains(includer);
        if (sys) {
            system.add(file);
        }
        headers.putIfAbsent(file.name(), new Header(file.name(), sys, onDisk));
    }

    /** The headers, each once, in the order first found. */
    public List<Header> headers() {
        return new ArrayList<>(headers.values());
    }
}
