package scmp.isa.sem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import scmp.isa.EncodingException;
import scmp.isa.HostCall;
import scmp.isa.ImmKind;
import scmp.isa.Instruction;
import scmp.isa.Isa;
import scmp.isa.Operand;
import scmp.isa.Registers;
import scmp.isa.TimingClass;

/**
 * Checks the semantic declarations against the rest of the instruction table: every row has semantics and a
 * timing class, the registers the semantics read and write are those the syntax names plus the declared implicit
 * operands, and the statements agree with the timing classes the timing model charges.
 */
class SemanticTableTest {

    @Test
    void everyRowHasSemanticsAndATimingClass() {
        for (Instruction i : Instruction.values()) {
            assertNotNull(i.timing, i + " has no timing class");
            InstructionSemantics sem = SemanticTable.of(i);
            assertNotNull(sem, i + " has no semantics");
            assertEquals(i, sem.instruction());
            assertFalse(sem.body().isEmpty(), i + " has no statements");
        }
    }

    @Test
    void explicitOperandsAreExactlyTheSlotsTheSemanticsUse() {
        for (Instruction i : Instruction.values()) {
            Operands.Accesses acc = Operands.accessed(SemanticTable.of(i));
            Set<Reg> intReads = new HashSet<>();
            Set<Reg> fpReads = new HashSet<>();
            Set<Reg> intWrites = new HashSet<>();
            Set<Reg> fpWrites = new HashSet<>();
            boolean type = false;
            for (Operand o : i.operands()) {
                switch (o.kind()) {
                    case GPR, FPR -> {
                        Reg.Slot slot = slot(o);
                        boolean fp = o.kind() == Operand.Kind.FPR;
                        if (slot == Reg.Slot.D) {
                            (fp ? fpWrites : intWrites).add(slot);
                        } else {
                            (fp ? fpReads : intReads).add(slot);
                        }
                    }
                    case TYPE -> type = true;
                    case IMM -> {
                    }
                }
            }
            assertEquals(intReads, slots(acc.intReads()), i + ": integer registers read");
            assertEquals(fpReads, slots(acc.fpReads()), i + ": FP registers read");
            assertEquals(intWrites, slots(acc.intWrites()), i + ": integer registers written");
            assertEquals(fpWrites, slots(acc.fpWrites()), i + ": FP registers written");
            assertEquals(i.immKind != ImmKind.NONE, acc.immediate(), i + ": immediate use");
            assertEquals(type, acc.messageType(), i + ": message type use");
        }
    }

    @Test
    void implicitOperandsAreExactlyTheFixedRegistersAndHostCallsOfTheSemantics() {
        for (Instruction i : Instruction.values()) {
            InstructionSemantics sem = SemanticTable.of(i);
            Operands.Accesses acc = Operands.accessed(sem);
            Set<Integer> reads = new HashSet<>();
            Set<Integer> writes = new HashSet<>();
            boolean hostArgs = false;
            boolean hostResults = false;
            for (Implicit imp : sem.implicit()) {
                switch (imp.kind()) {
                    case READ_REGISTER -> reads.add(imp.register());
                    case WRITE_REGISTER -> writes.add(imp.register());
                    case HOST_ARGUMENTS -> hostArgs = true;
                    case HOST_RESULTS -> hostResults = true;
                }
            }
            assertEquals(reads, fixed(acc.intReads()), i + ": implicit registers read");
            assertEquals(writes, fixed(acc.intWrites()), i + ": implicit registers written");
            assertEquals(acc.hostCall(), hostArgs, i + ": host call arguments");
            assertEquals(acc.hostCall(), hostResults, i + ": host call results");
        }
    }

    @Test
    void jalLinksRaAndJalrLinksItsDestination() {
        assertEquals(new Reg.Fixed(Registers.RA), SemanticTable.of(Instruction.JAL).link());
        assertEquals(Reg.Slot.D, SemanticTable.of(Instruction.JALR).link());
        assertEquals(null, SemanticTable.of(Instruction.J).link());
    }

    @Test
    void statementsAgreeWithTheTimingClasses() {
        for (Instruction i : Instruction.values()) {
            InstructionSemantics sem = SemanticTable.of(i);
            TimingClass tc = i.timing;
            assertEquals(tc == TimingClass.STORE, sem.writesMemory(), i + ": stores are the STORE class");
            assertEquals(tc == TimingClass.NET, sem.sends(), i + ": sends are the NET class");
            assertEquals(tc == TimingClass.HOST, sem.callsHost(), i + ": host calls are the HOST class");
            assertEquals(tc == TimingClass.LOAD, sem.readsMemory(), i + ": loads are the LOAD class");
            Stmt.Redirect r = sem.redirect();
            assertEquals(tc == TimingClass.BRANCH, r != null && r.kind() == RedirectKind.BRANCH, i + ": branches");
            assertEquals(tc == TimingClass.JUMP, r != null && r.kind() != RedirectKind.BRANCH, i + ": jumps");
            List<Unit> expected = switch (tc) {
                case DIV -> List.of(Unit.DIVIDER);
                case FPDIV, FPSQRT -> List.of(Unit.FP_DIVIDER);
                default -> List.of();
            };
            assertEquals(expected, sem.units(), i + ": unpipelined units");
        }
    }

    @Test
    void effectsOutsideTheThreadAreStoresSendsHostCallsAndEndingTheThread() {
        Set<Instruction> effects = new HashSet<>();
        for (Instruction i : Instruction.values()) {
            if (SemanticTable.of(i).hasEffectsOutsideThread()) {
                effects.add(i);
            }
        }
        Set<Instruction> expected = new HashSet<>(List.of(Instruction.ENDT, Instruction.HCALL));
        for (Instruction i : Instruction.values()) {
            if (i.timing == TimingClass.STORE || i.timing == TimingClass.NET) {
                expected.add(i);
            }
        }
        assertEquals(expected, effects);
        assertTrue(SemanticTable.of(Instruction.SUSPEND).suspends());
        assertFalse(SemanticTable.of(Instruction.SUSPEND).hasEffectsOutsideThread());
        assertTrue(SemanticTable.of(Instruction.SENDE).endsMessage());
        assertFalse(SemanticTable.of(Instruction.SEND2).endsMessage());
    }

    @Test
    void hostCallRowsDeclareTheirArgumentsAndResults() {
        for (HostCall h : HostCall.values()) {
            int named = 0;
            for (int r = Registers.A0; r <= Registers.A3; r++) {
                if (h.arguments.contains(Registers.gprName(r) + " =")) {
                    named++;
                }
            }
            assertEquals(named, h.argumentCount, h + ": the arguments column names " + named + " registers");
            assertEquals(Registers.A0, (int) h.results.get(0), h + ": the result is a0");
        }
        assertEquals(List.of(Registers.A0, Registers.A1), HostCall.CYCLES.results);
    }

    @Test
    void operandsOfAWordListSourcesInSlotOrderThenImplicitThenUnits() throws EncodingException {
        Operands.Uses div = Operands.of(Instruction.DIV, Isa.encode(Instruction.DIV, 5, 6, 7));
        assertEquals(List.of(gpr(6), gpr(7), new Operands.Location(Operands.Location.Kind.UNIT, Unit.DIVIDER.ordinal())),
                div.reads());
        assertEquals(List.of(gpr(5)), div.writes());
        Operands.Uses sw = Operands.of(Instruction.SW, Isa.encode(Instruction.SW, 9, 16, 8));
        assertEquals(List.of(gpr(8), gpr(9)), sw.reads(), "base register first, as slot s1");
        assertEquals(List.of(), sw.writes());
        Operands.Uses write = Operands.of(Instruction.HCALL, Isa.encode(Instruction.HCALL, HostCall.WRITE.ordinal()));
        assertEquals(List.of(gpr(4), gpr(5), gpr(6)), write.reads());
        assertEquals(List.of(gpr(4)), write.writes());
        Operands.Uses cycles = Operands.of(Instruction.HCALL, Isa.encode(Instruction.HCALL, HostCall.CYCLES.ordinal()));
        assertEquals(List.of(), cycles.reads());
        assertEquals(List.of(gpr(4), gpr(5)), cycles.writes());
        Operands.Uses jal = Operands.of(Instruction.JAL, Isa.encode(Instruction.JAL, 8));
        assertEquals(List.of(gpr(Registers.RA)), jal.writes());
        Operands.Uses rr = Operands.of(Instruction.SENDH_RR, Isa.encode(Instruction.SENDH_RR, 1, 1, 2, 3));
        assertEquals(List.of(gpr(1), gpr(2), gpr(3)), rr.reads());
    }

    @Test
    void theVocabularyRejectsIllTypedTrees() {
        Expr fp = new Expr.F(Reg.Slot.S1);
        assertThrows(IllegalArgumentException.class, () -> new Stmt.SetX(Reg.Slot.D, fp));
        assertThrows(IllegalArgumentException.class, () -> new Expr.Binary(IntOp.ADD, fp, new Expr.Imm()));
        assertThrows(IllegalArgumentException.class, () -> new Expr.Load(Width.WORD, false, new Expr.Imm()));
        assertThrows(IllegalArgumentException.class,
                () -> new Stmt.Redirect(null, new Expr.Pc(), null, RedirectKind.BRANCH));
        assertThrows(IllegalArgumentException.class, () -> new Stmt.SendData(List.of(), true));
        assertThrows(IllegalArgumentException.class, () -> new Reg.Fixed(0));
    }

    @Test
    void theNotationReadsLikeTheDescriptions() {
        assertEquals("rd ← rs1 + rs2", SemanticsText.of(SemanticTable.of(Instruction.ADD)));
        assertEquals("if rs1 <u rs2: pc ← pc + imm (branch)", SemanticsText.of(SemanticTable.of(Instruction.BLTU)));
        assertEquals("pc ← (rs1 + imm) & ~3, rd ← pc + 4 (jump register)",
                SemanticsText.of(SemanticTable.of(Instruction.JALR)));
        assertEquals("mem32[rs1 + imm] ← single_bits(fs2)", SemanticsText.of(SemanticTable.of(Instruction.FSW)));
    }

    private static Operands.Location gpr(int r) {
        return new Operands.Location(Operands.Location.Kind.GPR, r);
    }

    private static Reg.Slot slot(Operand o) {
        for (Reg.Slot s : Reg.Slot.values()) {
            if (s.field.equals(o.field().name())) {
                return s;
            }
        }
        throw new AssertionError(o + " is in no register slot");
    }

    private static Set<Reg> slots(Set<Reg> regs) {
        Set<Reg> out = new HashSet<>();
        for (Reg r : regs) {
            if (r instanceof Reg.Slot) {
                out.add(r);
            }
        }
        return out;
    }

    private static Set<Integer> fixed(Set<Reg> regs) {
        Set<Integer> out = new HashSet<>();
        for (Reg r : regs) {
            if (r instanceof Reg.Fixed f) {
                out.add(f.number());
            }
        }
        return out;
    }
}
