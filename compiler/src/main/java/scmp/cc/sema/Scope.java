package scmp.cc.sema;

import java.util.HashMap;
import java.util.Map;
import scmp.cc.ast.Var;
import scmp.cc.type.Type;

/**
 * One block scope (C99 6.2.1): ordinary identifiers (objects, functions, typedef names, enumeration
 * constants) and, in their own name space, struct, union and enum tags.
 */
final class Scope {
    /**
     * What an ordinary identifier denotes: a variable or function, a typedef, or an enum constant (its value and
     * its type: int, or unsigned int for a value above INT_MAX as gcc gives it).
     */
    record Entry(Var var, Type typedef, Long enumValue, Type enumType) {
    }

    final Scope parent;
    final Map<String, Entry> names = new HashMap<>();
    final Map<String, Type> tags = new HashMap<>();
    /**
     * A function prototype's scope (6.2.1p4), which holds its parameters so that a later parameter's array
     * size can name an earlier one ({@code int n, int a[n]}). Tags and enumerators declared in a parameter list
     * go to the enclosing scope, as they always have here.
     */
    final boolean prototype;

    Scope(Scope parent) {
        this(parent, false);
    }

    Scope(Scope parent, boolean prototype) {
        this.parent = parent;
        this.prototype = prototype;
    }

    /** The scope where tags and enumerators declared here go: this one, or the one a prototype scope is in. */
    Scope tagScope() {
        Scope s = this;
        while (s.prototype && s.parent != null) {
            s = s.parent;
        }
        return s;
    }

    Entry lookup(String name) {
        for (Scope s = this; s != null; s = s.parent) {
            Entry e = s.names.get(name);
            if (e != null) {
                return e;
            }
        }
        return null;
    }

    Type lookupTag(String tag) {
        for (Scope s = this; s != null; s = s.parent) {
            Type t = s.tags.get(tag);
            if (t != null) {
                return t;
            }
        }
        return null;
    }

    boolean isFile() {
        return parent == null;
    }
}
