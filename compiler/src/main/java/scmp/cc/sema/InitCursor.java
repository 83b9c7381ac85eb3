package scmp.cc.sema;

import java.util.ArrayList;
import java.util.List;
import org.antlr.v4.runtime.tree.ParseTree;
import scmp.cc.parse.CParser;

/**
 * An initializer list flattened into its items, consumed in order, so that brace elision (C99 6.7.8p20) can
 * let a sub-object take as many items as it needs. Each item keeps its designators; {@link #used} counts those
 * already applied while descending into nested sub-objects.
 */
final class InitCursor {
    final List<CParser.DesignationContext> desig = new ArrayList<>();
    final List<CParser.InitializerContext> items = new ArrayList<>();
    int i;
    /** How many designators of the current item have been used. */
    int used;

    InitCursor(CParser.InitializerListContext l) {
        CParser.DesignationContext pending = null;
        for (int k = 0; k < l.getChildCount(); k++) {
            ParseTree c = l.getChild(k);
            if (c instanceof CParser.DesignationContext dc) {
                pending = dc;
            } else if (c instanceof CParser.InitializerContext ic) {
                desig.add(pending);
                items.add(ic);
                pending = null;
            }
        }
    }

    boolean more() {
        return i < items.size();
    }

    CParser.InitializerContext item() {
        return items.get(i);
    }

    /** The designators of the current item not yet applied. */
    List<ParseTree> pendingDesignators() {
        CParser.DesignationContext d = desig.get(i);
        List<ParseTree> out = new ArrayList<>();
        if (d == null) {
            return out;
        }
        if (d.Identifier() != null) {
            out.add(d.Identifier());
        } else {
            out.addAll(d.designator());
        }
        return out.subList(Math.min(used, out.size()), out.size());
    }

    void advance() {
        i++;
        used = 0;
    }
}
