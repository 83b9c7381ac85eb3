package scmp.cc.parse;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.tree.ParseTree;

/**
 * The ordinary-identifier scopes as far as the parser needs them: for each name, whether it currently
 * denotes a typedef (true) or an object, function or enumerator (false), which hides an outer typedef.
 * The grammar's actions call {@link #declare} after each declarator and {@link #enter}/{@link #exit} around
 * blocks; the tokens ask {@link #isTypedefName} when the parser reads their type.
 */
public final class TypedefScopes {
    private final Deque<Map<String, Boolean>> scopes = new ArrayDeque<>();
    private List<String> pendingParameters = List.of();

    public TypedefScopes() {
        scopes.push(new HashMap<>());
        scopes.peek().put("__builtin_va_list", true);
    }

    public boolean isTypedefName(String name) {
        for (Map<String, Boolean> s : scopes) {
            Boolean b = s.get(name);
            if (b != null) {
                return b;
            }
        }
        return false;
    }

    /** Opens a block; the parameters of the function being defined, if any, are declared in it. */
    public void enter() {
        scopes.push(new HashMap<>());
        for (String p : pendingParameters) {
            scopes.peek().put(p, false);
        }
        pendingParameters = List.of();
    }

    public void exit() {
        if (scopes.size() > 1) {
            scopes.pop();
        }
    }

    public void declareOrdinary(String name) {
        scopes.peek().put(name, false);
    }

    /** Records the name a declarator declares, as a typedef name or as an ordinary identifier. */
    public void declare(ParserRuleContext declarator, boolean isTypedef) {
        if (declarator == null) {
            return;
        }
        String name = nameOf(declarator);
        if (name != null) {
            scopes.peek().put(name, isTypedef);
        }
    }

    /** Remembers the parameter names of a function definition's declarator for its body's scope. */
    public void parametersOf(ParserRuleContext declarator) {
        CParser.FunctionDeclaratorContext f = innermostFunction(declarator);
        List<String> names = new ArrayList<>();
        if (f != null && f.parameterTypeList() != null) {
            for (CParser.ParameterDeclarationContext p : f.parameterTypeList().parameterDeclaration()) {
                if (p.declarator() != null) {
                    String n = nameOf(p.declarator());
                    if (n != null) {
                        names.add(n);
                    }
                }
            }
        }
        pendingParameters = names;
    }

    /** The function declarator that applies directly to the declared name (the last one on the way down). */
    public static CParser.FunctionDeclaratorContext innermostFunction(ParseTree t) {
        CParser.FunctionDeclaratorContext found = null;
        ParseTree cur = t;
        while (cur != null) {
            if (cur instanceof CParser.DeclaratorContext d) {
                cur = d.directDeclarator();
            } else if (cur instanceof CParser.FunctionDeclaratorContext f) {
                found = f;
                cur = f.directDeclarator();
            } else if (cur instanceof CParser.ArrayDeclaratorContext a) {
                cur = a.directDeclarator();
            } else if (cur instanceof CParser.VlaStarDeclaratorContext a) {
                cur = a.directDeclarator();
            } else if (cur instanceof CParser.KrFunctionDeclaratorContext k) {
                cur = k.directDeclarator();
            } else if (cur instanceof CParser.ParenDeclaratorContext p) {
                cur = p.declarator();
            } else {
                break;
            }
        }
        return found;
    }

    /** The identifier a declarator declares, or null if the parse was broken. */
    public static String nameOf(ParseTree t) {
        ParseTree cur = t;
        while (cur != null) {
            if (cur instanceof CParser.DeclaratorContext d) {
                cur = d.directDeclarator();
            } else if (cur instanceof CParser.NameDeclaratorContext n) {
                // A typedef name too: `int a, T;` declares T as an object, hiding the typedef.
                return n.name == null || n.name.getTokenIndex() < 0 ? null : n.name.getText();
            } else if (cur instanceof CParser.FunctionDeclaratorContext f) {
                cur = f.directDeclarator();
            } else if (cur instanceof CParser.ArrayDeclaratorContext a) {
                cur = a.directDeclarator();
            } else if (cur instanceof CParser.VlaStarDeclaratorContext a) {
                cur = a.directDeclarator();
            } else if (cur instanceof CParser.KrFunctionDeclaratorContext k) {
                cur = k.directDeclarator();
            } else if (cur instanceof CParser.ParenDeclaratorContext p) {
                cur = p.declarator();
            } else {
                return null;
            }
        }
        return null;
    }
}
