package scmp.cc.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import scmp.cc.ast.Expr;
import scmp.cc.ast.Expr.UnOp;
import scmp.cc.ast.Var;
import scmp.cc.type.Type;

/**
 * Function calls per docs/abi.md ({@link CallingConvention}): arguments evaluated last to first into 8-byte
 * stack slots, then moved to their argument registers and outgoing stack places; at -O1 simple arguments
 * (constants, addresses, variables) go straight into their registers. Struct arguments are copied to
 * temporaries and passed by address; a struct result is written where the hidden first argument points.
 */
final class Calls extends Emitter {
    Calls(CodeGen g) {
        super(g);
    }

    /** Where a call's arguments are: their convention places, and the stack slots they were saved in. */
    private static final class Arguments {
        final Expr.Call call;
        final CallingConvention.Layout layout;
        /** The index of the first C argument among the places (1 after a hidden struct-return pointer). */
        final int first;
        final Type[] slotTypes;
        /** Arguments put straight into their registers at the end (-O1), never saved. */
        final boolean[] simple;
        final int[] pushOrder;
        int pushed;
        /** The bytes of outgoing stack arguments, 8-aligned. */
        int area;

        Arguments(Expr.Call call, CallingConvention.Layout layout, int first) {
            this.call = call;
            this.layout = layout;
            this.first = first;
            int n = call.args().size();
            slotTypes = new Type[n];
            simple = new boolean[n];
            pushOrder = new int[n];
        }

        CallingConvention.Place place(int i) {
            return layout.places().get(i + first);
        }

        /** Where argument {@code i} was saved, relative to sp once the outgoing area is allocated. */
        int slot(int i) {
            return area + 8 * (pushed - 1 - pushOrder[i]);
        }
    }

    /** A call, per docs/abi.md; see {@link CallingConvention}. */
    void call(Expr.Call c) {
        Type ft = c.funcType();
        boolean structRet = c.type().isAggregate();
        List<Type> types = new ArrayList<>();
        if (structRet) {
            types.add(Type.pointerTo(c.type()));
        }
        for (Expr a : c.args()) {
            types.add(a.type().isAggregate() ? Type.pointerTo(a.type()) : a.type());
        }
        int named = (structRet ? 1 : 0) + (ft.prototyped ? Math.min(ft.params.size(), c.args().size())
                : c.args().size());
        Arguments args = new Arguments(c, CallingConvention.layout(types, named), structRet ? 1 : 0);
        saveArguments(args);
        boolean direct = c.function() instanceof Expr.Unary u && u.op() == UnOp.ADDR
                && u.operand() instanceof Expr.VarRef;
        if (!direct) {
            gen(c.function());
            emit("mv t7, a0");
        }
        args.area = FrameLayout.alignUp(args.layout.stackBytes(), 8);
        if (args.area > 0) {
            emit("addi sp, sp, " + (-args.area));
        }
        // Stack arguments first (they go through t5/t6), then the registers.
        placeStackArguments(args);
        placeRegisterArguments(args);
        if (structRet) {
            addImm("a0", "fp", c.resultTemp().offset);
        }
        String uses = opt.optLevel() > 1 ? usesNote(args.layout) : "";
        if (direct) {
            Var fv = ((Expr.VarRef) ((Expr.Unary) c.function()).operand()).var();
            emit("call " + fv.symbol + uses);
        } else {
            emit("jalr ra, t7, 0" + uses);
        }
        int pop = args.area + 8 * args.pushed;
        g.operands.discard(args.pushed);
        if (pop > 0) {
            if (fitsImm(pop)) {
                emit("addi sp, sp, " + pop);
            } else {
                emit("li at, " + pop);
                emit("add sp, sp, at");
            }
        }
    }

    /**
     * At -O2, the argument registers a call reads, as a comment after it for the -O2 pass
     * ({@link GlobalOpt}), which removes it: {@code \t#uses a0 a1 fa0}.
     */
    private static String usesNote(CallingConvention.Layout layout) {
        StringBuilder sb = new StringBuilder("\t#uses");
        for (CallingConvention.Place p : layout.places()) {
            switch (p.kind()) {
                case INT_REG -> sb.append(" a").append(p.reg());
                case INT_PAIR -> sb.append(" a").append(p.reg()).append(" a").append(p.reg() + 1);
                case FP_REG -> sb.append(" fa").append(p.reg());
                case STACK -> {
                }
            }
        }
        return sb.toString();
    }

    /**
     * Evaluates the arguments from last to first, as gcc does (the order is unspecified in C, but programs
     * whose output depends on it then print what they print when built by gcc), each saved on the stack
     * (8-byte slots): argument i ends up at 8*i above the pushes' lowest slot. At -O1 an argument that is a
     * constant, an address or a variable goes straight into its register at the end (that cannot clobber
     * anything); the others are evaluated and saved first.
     */
    private void saveArguments(Arguments args) {
        Expr.Call c = args.call;
        int n = c.args().size();
        for (int i = 0; i < n && opt.optLevel() > 0; i++) {
            CallingConvention.Kind k = args.place(i).kind();
            args.simple[i] = k == CallingConvention.Kind.INT_REG && simpleIntArg(c.args().get(i)) != null
                    || k == CallingConvention.Kind.FP_REG && regFor(c.args().get(i)) != null;
        }
        for (int i = n - 1; i >= 0; i--) {
            Expr a = c.args().get(i);
            if (args.simple[i]) {
                continue;
            }
            args.pushOrder[i] = args.pushed++;
            gen(a);
            Type at = a.type();
            if (at.isAggregate()) {
                Var tmp = c.argTemps().get(i);
                addImm("a1", "fp", tmp.offset);
                copyBlock("a0", "a1", at.size(), Math.min(at.align(), Expr.knownAlign(a)));
                at = Type.UINT;
            }
            push(at, false);
            args.slotTypes[i] = at;
        }
    }

    /** Copies the saved arguments that the convention passes on the stack to their outgoing places. */
    private void placeStackArguments(Arguments args) {
        for (int i = 0; i < args.call.args().size(); i++) {
            CallingConvention.Place pl = args.place(i);
            int slot = args.slot(i);
            if (pl.kind() != CallingConvention.Kind.STACK) {
                continue;
            }
            Type at = args.slotTypes[i];
            if (at.isFloating()) {
                emitMem("fld", "ft0", slot, "sp");
                emitMem(at.kind == Type.Kind.FLOAT ? "fsd" : "fsd", "ft0", pl.stackOffset(), "sp");
            } else if (at.isLong64()) {
                emitMem("lw", "t5", slot, "sp");
                emitMem("lw", "t6", slot + 4, "sp");
                emitMem("sw", "t5", pl.stackOffset(), "sp");
                emitMem("sw", "t6", pl.stackOffset() + 4, "sp");
            } else {
                emitMem("lw", "t5", slot, "sp");
                emitMem("sw", "t5", pl.stackOffset(), "sp");
            }
        }
    }

    /** Loads the register arguments: saved ones from their slots, simple ones straight from where they are. */
    private void placeRegisterArguments(Arguments args) {
        List<Expr> list = args.call.args();
        for (int i = 0; i < list.size(); i++) {
            CallingConvention.Place pl = args.place(i);
            int slot = args.slot(i);
            if (args.simple[i]) {
                if (pl.kind() == CallingConvention.Kind.FP_REG) {
                    emit("fmv.d " + FA[pl.reg()] + ", " + regFor(list.get(i)));
                } else {
                    simpleIntArg(list.get(i)).accept(A[pl.reg()]);
                }
                continue;
            }
            switch (pl.kind()) {
                case INT_REG -> emitMem("lw", A[pl.reg()], slot, "sp");
                case INT_PAIR -> {
                    emitMem("lw", A[pl.reg()], slot, "sp");
                    emitMem("lw", A[pl.reg() + 1], slot + 4, "sp");
                }
                case FP_REG -> emitMem("fld", FA[pl.reg()], slot, "sp");
                default -> {
                }
            }
        }
    }

    /**
     * For an integer-class argument that can be put straight into an argument register without touching any
     * other register (a constant, a variable, an address), the code that does it; null for other arguments.
     */
    private java.util.function.Consumer<String> simpleIntArg(Expr e) {
        while (e instanceof Expr.Cast cs && (cs.type().isPointer() || cs.type().isArray())
                && (cs.operand().type().isPointer() || cs.operand().type().isArray()
                || cs.operand().type().isFunction())) {
            e = cs.operand();
        }
        Type t = e.type();
        if (e instanceof Expr.IntLit lit && !t.isLong64()) {
            return r -> emit("li " + r + ", " + (int) lit.value());
        }
        if (e instanceof Expr.Unary u && u.op() == UnOp.ADDR && u.operand() instanceof Expr.VarRef v) {
            Var var = v.var();
            if (var.isLocal()) {
                return g.indirect.containsKey(var) || g.regOf.containsKey(var) ? null : r -> addImm(r, "fp", var.offset);
            }
            return r -> emit("la " + r + ", " + var.symbol);
        }
        if (e instanceof Expr.VarRef v) {
            Var var = v.var();
            if (t.isArray() || t.isFunction()) {
                if (var.isLocal()) {
                    return g.indirect.containsKey(var) || g.regOf.containsKey(var) ? null : r -> addImm(r, "fp", var.offset);
                }
                return r -> emit("la " + r + ", " + var.symbol);
            }
            String reg = regFor(e);
            if (reg != null && !t.isFloating()) {
                return r -> emit("mv " + r + ", " + reg);
            }
            if (var.isLocal() && reg == null && !g.indirect.containsKey(var) && !g.regOf.containsKey(var)
                    && (t.isInteger() && !t.isLong64() || t.isPointer())) {
                Type lt = t;
                return r -> load(lt, r, var.offset, "fp");
            }
        }
        return null;
    }
}
