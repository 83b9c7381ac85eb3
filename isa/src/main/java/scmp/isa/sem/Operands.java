package scmp.isa.sem;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.Operand;

/**
 * The registers and units an instruction reads and writes: those its syntax names, its declared implicit
 * operands, and the units its semantics occupy. The pre-decoded text builds each instruction's scoreboard
 * dependences from {@link #of(Instruction, int)}; {@link #accessed(InstructionSemantics)} reads the same
 * information off the semantic tree, so that a test can check that the two agree.
 */
public final class Operands {
    private Operands() {
    }

    /**
     * A place an instruction reads or writes.
     *
     * @param kind   integer register, FP register or unit
     * @param number the register number, or the {@link Unit}'s ordinal
     */
    public record Location(Kind kind, int number) {
        /** The kinds of location. */
        public enum Kind { GPR, FPR, UNIT }
    }

    /**
     * The locations one instruction word reads and writes.
     *
     * @param reads  in order: the registers of slots s1, s2 and s3, the implicit reads, the occupied units
     * @param writes in order: the register of slot d, the implicit writes
     */
    public record Uses(List<Location> reads, List<Location> writes) {
        /** Copies the lists. */
        public Uses {
            reads = List.copyOf(reads);
            writes = List.copyOf(writes);
        }
    }

    /**
     * Returns the locations an instruction word reads and writes.
     *
     * @param insn the instruction
     * @param word a word that decodes as {@code insn}
     * @return its reads and writes
     */
    public static Uses of(Instruction insn, int word) {
        int[] values = Isa.operands(insn, word);
        List<Operand> ops = insn.operands();
        List<Location> reads = new ArrayList<>();
        List<Location> writes = new ArrayList<>();
        int imm = 0;
        for (int k = 0; k < values.length; k++) {
            if (ops.get(k).kind() == Operand.Kind.IMM) {
                imm = values[k];
            }
        }
        for (Reg.Slot slot : new Reg.Slot[] {Reg.Slot.S1, Reg.Slot.S2, Reg.Slot.S3}) {
            Location l = slotLocation(ops, values, slot);
            if (l != null) {
                reads.add(l);
            }
        }
        Location d = slotLocation(ops, values, Reg.Slot.D);
        if (d != null) {
            writes.add(d);
        }
        InstructionSemantics sem = SemanticTable.of(insn);
        for (Implicit i : sem.implicit()) {
            for (int r : i.registers(imm)) {
                (i.isRead() ? reads : writes).add(new Location(Location.Kind.GPR, r));
            }
        }
        for (Unit u : sem.units()) {
            reads.add(new Location(Location.Kind.UNIT, u.ordinal()));
        }
        return new Uses(reads, writes);
    }

    private static Location slotLocation(List<Operand> ops, int[] values, Reg.Slot slot) {
        for (int k = 0; k < values.length; k++) {
            Operand o = ops.get(k);
            if (o.field().name().equals(slot.field)) {
                if (o.kind() == Operand.Kind.GPR) {
                    return new Location(Location.Kind.GPR, values[k]);
                }
                if (o.kind() == Operand.Kind.FPR) {
                    return new Location(Location.Kind.FPR, values[k]);
                }
            }
        }
        return null;
    }

    /**
     * What a semantic tree reads and writes, symbolically.
     *
     * @param intReads    integer registers read
     * @param fpReads     FP registers read
     * @param intWrites   integer registers written (a link register included)
     * @param fpWrites    FP registers written
     * @param immediate   whether the immediate is used
     * @param messageType whether the message type field is used
     * @param hostCall    whether the host is called (which reads its arguments and writes its results)
     * @param loads       whether memory is read
     */
    public record Accesses(Set<Reg> intReads, Set<Reg> fpReads, Set<Reg> intWrites, Set<Reg> fpWrites,
                           boolean immediate, boolean messageType, boolean hostCall, boolean loads) {
    }

    /**
     * Walks a semantic tree and collects what it reads and writes.
     *
     * @param sem the semantics
     * @return the accesses
     */
    public static Accesses accessed(InstructionSemantics sem) {
        Collector c = new Collector();
        for (Stmt s : sem.body()) {
            s.accept(c);
        }
        return new Accesses(c.intReads, c.fpReads, c.intWrites, c.fpWrites, c.immediate, c.messageType, c.hostCall,
                c.loads);
    }

    /** Collects accesses; every visit returns null. */
    private static final class Collector implements Expr.Visitor<Void>, Stmt.Visitor<Void> {
        final Set<Reg> intReads = new LinkedHashSet<>();
        final Set<Reg> fpReads = new LinkedHashSet<>();
        final Set<Reg> intWrites = new LinkedHashSet<>();
        final Set<Reg> fpWrites = new LinkedHashSet<>();
        boolean immediate;
        boolean messageType;
        boolean hostCall;
        boolean loads;

        private Void all(Expr... es) {
            for (Expr e : es) {
                e.accept(this);
            }
            return null;
        }

        @Override
        public Void visit(Expr.X e) {
            intReads.add(e.reg());
            return null;
        }

        @Override
        public Void visit(Expr.F e) {
            fpReads.add(e.reg());
            return null;
        }

        @Override
        public Void visit(Expr.Imm e) {
            immediate = true;
            return null;
        }

        @Override
        public Void visit(Expr.MessageType e) {
            messageType = true;
            return null;
        }

        @Override
        public Void visit(Expr.Pc e) {
            return null;
        }

        @Override
        public Void visit(Expr.Const e) {
            return null;
        }

        @Override
        public Void visit(Expr.Binary e) {
            return all(e.a(), e.b());
        }

        @Override
        public Void visit(Expr.Compare e) {
            return all(e.a(), e.b());
        }

        @Override
        public Void visit(Expr.FpBinary e) {
            return all(e.a(), e.b());
        }

        @Override
        public Void visit(Expr.FpUnary e) {
            return all(e.a());
        }

        @Override
        public Void visit(Expr.FpCompare e) {
            return all(e.a(), e.b());
        }

        @Override
        public Void visit(Expr.Convert e) {
            return all(e.a());
        }

        @Override
        public Void visit(Expr.Pack e) {
            return all(e.lo(), e.hi());
        }

        @Override
        public Void visit(Expr.Load e) {
            loads = true;
            return all(e.address());
        }

        @Override
        public Void visit(Expr.SpecialRegister e) {
            return all(e.number());
        }

        @Override
        public Void visit(Stmt.SetX s) {
            intWrites.add(s.reg());
            return all(s.value());
        }

        @Override
        public Void visit(Stmt.SetF s) {
            fpWrites.add(s.reg());
            return all(s.value());
        }

        @Override
        public Void visit(Stmt.Store s) {
            return all(s.address(), s.value());
        }

        @Override
        public Void visit(Stmt.Redirect s) {
            if (s.condition() != null) {
                s.condition().accept(this);
            }
            if (s.link() != null) {
                intWrites.add(s.link());
            }
            return all(s.target());
        }

        @Override
        public Void visit(Stmt.Occupy s) {
            return null;
        }

        @Override
        public Void visit(Stmt.SendHead s) {
            return all(s.node(), s.type(), s.address(), s.stride());
        }

        @Override
        public Void visit(Stmt.SendData s) {
            return all(s.words().toArray(new Expr[0]));
        }

        @Override
        public Void visit(Stmt.SendDma s) {
            return all(s.address(), s.strideCount());
        }

        @Override
        public Void visit(Stmt.Stop s) {
            return null;
        }

        @Override
        public Void visit(Stmt.HostCall s) {
            hostCall = true;
            return all(s.service());
        }
    }
}
