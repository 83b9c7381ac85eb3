package scmp.cc.codegen;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Program;
import scmp.cc.ast.Stmt;
import scmp.cc.ast.Var;
import scmp.cc.type.Type;

/**
 * Register allocation at -O1: scalar locals and parameters whose address is never taken live in registers,
 * the most used first (uses weighted by loop depth). They get the callee-saved s and fs registers, which the
 * prologue saves, or in a function that calls nothing first the caller-saved t4..t7 and ft6..ft11, which
 * cost no save. A candidate never used gets no home at all. What each variable got is in {@link CodeGen#regOf};
 * the rest of the generator asks {@link #regFor}.
 */
final class RegisterAllocator {
    private static final String[] SAVED = {"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9"};
    private static final String[] FSAVED = {"fs0", "fs1", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9",
        "fs10", "fs11"};
    private static final String[] LEAF_INT = {"t4", "t5", "t6", "t7"};
    private static final String[] LEAF_FP = {"ft6", "ft7", "ft8", "ft9", "ft10", "ft11"};
    /** The "register" of a variable that is never used: it needs no home. */
    static final String UNUSED = "zero-unused";

    /** The callee-saved registers a function uses, which its prologue saves and its epilogue restores. */
    record Saved(List<String> ints, List<String> fps) {
    }

    private final CodeGen g;

    RegisterAllocator(CodeGen g) {
        this.g = g;
    }

    /** Assigns registers to the candidates of {@code f} (at -O1; at -O0 none) and returns the saved ones used. */
    Saved allocate(Program.Function f, boolean leaf) {
        List<String> usedSaved = new ArrayList<>(), usedFsaved = new ArrayList<>();
        if (g.opt.optLevel() == 0) {
            return new Saved(usedSaved, usedFsaved);
        }
        Map<Var, Long> uses = new IdentityHashMap<>();
        countUses(f.body(), 0, uses);
        List<Var> cands = new ArrayList<>();
        for (Var v : f.params()) {
            if (registerCandidate(v)) {
                cands.add(v);
            }
        }
        for (Var v : f.locals()) {
            if (registerCandidate(v)) {
                cands.add(v);
            }
        }
        cands.sort((x, y) -> Long.compare(uses.getOrDefault(y, 0L), uses.getOrDefault(x, 0L)));
        int ni = 0, nf = 0;
        for (Var v : cands) {
            if (uses.getOrDefault(v, 0L) == 0 && !f.params().contains(v)) {
                g.regOf.put(v, UNUSED);
                continue;
            }
            if (v.type.isFloating()) {
                String[] pool = leaf ? concat(LEAF_FP, FSAVED) : FSAVED;
                if (nf < pool.length) {
                    String r = pool[nf++];
                    g.regOf.put(v, r);
                    if (r.startsWith("fs")) {
                        usedFsaved.add(r);
                    }
                }
            } else {
                String[] pool = leaf ? concat(LEAF_INT, SAVED) : SAVED;
                if (ni < pool.length) {
                    String r = pool[ni++];
                    g.regOf.put(v, r);
                    if (r.startsWith("s")) {
                        usedSaved.add(r);
                    }
                }
            }
        }
        return new Saved(usedSaved, usedFsaved);
    }

    /** The register variable {@code e} lives in, or null when it is not a register variable. */
    String regFor(Expr e) {
        if (e instanceof Expr.VarRef v) {
            String r = g.regOf.get(v.var());
            return r != null && !r.equals(UNUSED) ? r : null;
        }
        return null;
    }

    /** Counts variable uses, weighted by loop depth, to choose which variables get registers. */
    private static void countUses(Stmt s, int depth, Map<Var, Long> uses) {
        if (s == null) {
            return;
        }
        long w = (long) Math.pow(8, Math.min(depth, 6));
        if (s instanceof Stmt.ExprStmt es) {
            countUses(es.expr(), w, uses);
        } else if (s instanceof Stmt.Block b) {
            for (Stmt x : b.items()) {
                countUses(x, depth, uses);
            }
        } else if (s instanceof Stmt.If i) {
            countUses(i.cond(), w, uses);
            countUses(i.then(), depth, uses);
            countUses(i.otherwise(), depth, uses);
        } else if (s instanceof Stmt.Loop l) {
            countUses(l.init(), depth, uses);
            long w2 = (long) Math.pow(8, Math.min(depth + 1, 6));
            countUses(l.cond(), w2, uses);
            countUses(l.step(), w2, uses);
            countUses(l.body(), depth + 1, uses);
        } else if (s instanceof Stmt.DoWhile d) {
            countUses(d.body(), depth + 1, uses);
            countUses(d.cond(), (long) Math.pow(8, Math.min(depth + 1, 6)), uses);
        } else if (s instanceof Stmt.Switch sw) {
            countUses(sw.cond(), w, uses);
            countUses(sw.body(), depth, uses);
        } else if (s instanceof Stmt.Label l) {
            countUses(l.stmt(), depth, uses);
        } else if (s instanceof Stmt.Return r) {
            countUses(r.value(), w, uses);
        } else if (s instanceof Stmt.VlaAlloc va) {
            countUses(va.size(), w, uses);
            uses.merge(va.save(), w, Long::sum);
        } else if (s instanceof Stmt.StackRestore sr) {
            uses.merge(sr.save(), w, Long::sum);
        }
    }

    private static void countUses(Expr e, long w, Map<Var, Long> uses) {
        if (e == null) {
            return;
        }
        if (e instanceof Expr.VarRef v) {
            uses.merge(v.var(), w, Long::sum);
        } else if (e instanceof Expr.Unary u) {
            countUses(u.operand(), w, uses);
        } else if (e instanceof Expr.Binary b) {
            countUses(b.left(), w, uses);
            countUses(b.right(), w, uses);
        } else if (e instanceof Expr.Assign a) {
            countUses(a.target(), w, uses);
            countUses(a.value(), w, uses);
        } else if (e instanceof Expr.Cond c) {
            countUses(c.cond(), w, uses);
            countUses(c.then(), w, uses);
            countUses(c.otherwise(), w, uses);
        } else if (e instanceof Expr.Cast c) {
            countUses(c.operand(), w, uses);
        } else if (e instanceof Expr.Call c) {
            countUses(c.function(), w, uses);
            for (Expr a : c.args()) {
                countUses(a, w, uses);
            }
        } else if (e instanceof Expr.Member m) {
            countUses(m.base(), w, uses);
        } else if (e instanceof Expr.StmtExpr se) {
            countUses(se.body(), 0, uses);
        }
    }

    private static boolean registerCandidate(Var v) {
        Type t = v.type;
        return !v.addressTaken && !t.isVolatile && (t.isInteger() && !t.isLong64() || t.isPointer() || t.isFloating());
    }

    private static String[] concat(String[] a, String[] b) {
        String[] r = new String[a.length + b.length];
        System.arraycopy(a, 0, r, 0, a.length);
        System.arraycopy(b, 0, r, a.length, b.length);
        return r;
    }
}
