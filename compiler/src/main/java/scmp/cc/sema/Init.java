package scmp.cc.sema;

import java.util.ArrayList;
import java.util.List;
import scmp.cc.ast.Expr;
import scmp.cc.type.Type;

/**
 * An initializer laid over an object (C99 6.7.8): a leaf holds the expression for a scalar; an aggregate holds
 * one child per element or member (a union: the member initialized, the others null). Arrays of unknown size
 * grow as the initializer names elements past their end.
 */
final class Init {
    Type type;
    Expr expr;
    List<Init> children;
    boolean flexible;
    int unionMember = -1;

    private Init(Type type) {
        this.type = type;
    }

    /** An empty initializer for an object of type {@code t}; an array of unknown size may grow if allowed. */
    static Init of(Type t, boolean allowFlexible) {
        Init in = new Init(t);
        if (t.isArray()) {
            in.children = new ArrayList<>();
            if (t.arrayLen < 0) {
                in.flexible = allowFlexible;
            } else {
                for (int i = 0; i < t.arrayLen; i++) {
                    in.children.add(null);
                }
            }
        } else if (t.isAggregate()) {
            in.children = new ArrayList<>();
            for (int i = 0; i < t.agg.members.size(); i++) {
                in.children.add(null);
            }
        }
        return in;
    }

    /** The initializer of element or member {@code i}, made on first use. */
    Init child(int i) {
        if (children.get(i) == null) {
            Type ct = type.isArray() ? type.base : type.agg.members.get(i).type();
            children.set(i, of(ct, false));
        }
        return children.get(i);
    }

    /**
     * Forgets what earlier items set in this sub-object: a brace-enclosed list, a string literal or a whole
     * struct value initializes all of it, overriding (6.7.9p19) rather than merging with what came before, as in
     * {@code int x[2][3] = {1, 2, 3, [0] = {7}}}, where {@code x[0][1]} and {@code x[0][2]} are zero.
     */
    void reset() {
        expr = null;
        unionMember = -1;
        if (children != null) {
            children.replaceAll(x -> null);
        }
    }

    /** Makes room for element {@code i} of an array of unknown size. */
    void grow(int i) {
        while (flexible && children.size() <= i) {
            children.add(null);
        }
    }
}
