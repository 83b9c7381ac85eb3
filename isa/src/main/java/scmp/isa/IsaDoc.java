package scmp.isa;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import scmp.isa.sem.InstructionSemantics;
import scmp.isa.sem.SemanticTable;
import scmp.isa.sem.SemanticsText;

/**
 * Generates docs/isa.md from the declaration. Run {@code main} with the output path to regenerate; a test
 * fails when the committed file differs from what this produces.
 */
public final class IsaDoc {
    private IsaDoc() {
    }

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args.length > 0 ? args[0] : "docs/isa.md");
        Files.writeString(out, markdown());
        System.out.println("wrote " + out);
    }

    public static String markdown() {
        StringBuilder sb = new StringBuilder();
        sb.append("# The SCMP instruction set\n\n");
        sb.append("<!-- Generated from isa/src/main/java/scmp/isa by scmp.isa.IsaDoc; do not edit by hand.\n");
        sb.append("     Regenerate: java -cp isa/target/classes scmp.isa.IsaDoc docs/isa.md -->\n\n");
        sb.append("32-bit fixed-length instructions, stored little-endian. 32 integer registers of 32 bits per thread ");
        sb.append("context (r0 is always zero) and 32 double-precision FP registers. Byte addresses; halfwords, words ");
        sb.append("and doubles must be naturally aligned. The calling convention and register names are in ");
        sb.append("[abi.md](abi.md); the cost of each timing class is in [timing.md](timing.md).\n\n");

        sb.append("## Formats\n\nBits 31..26 hold the major opcode in every format.\n\n");
        sb.append("| format | fields (name[hi:lo]) |\n|---|---|\n");
        for (Format f : Format.values()) {
            sb.append("| ").append(f.name()).append(" | op[31:26]");
            for (Field fld : f.fields()) {
                sb.append(" ").append(fld.name()).append('[').append(fld.hi()).append(':').append(fld.lo()).append(']');
            }
            sb.append(" |\n");
        }
        sb.append("\nOperand syntax: `rd rs1 rs2 rs3` are integer registers in slots d, s1, s2, s3; `fd fs1 fs2` ");
        sb.append("FP registers; `imm` the immediate; `imm(rs1)` a memory operand; `type` a message type; `sr` a ");
        sb.append("special register. Fields an instruction does not name must be zero, or the word is an illegal ");
        sb.append("instruction.\n\n");

        sb.append("## Immediate kinds\n\n| kind | meaning |\n|---|---|\n");
        for (ImmKind k : ImmKind.values()) {
            sb.append("| ").append(k.name()).append(" | ").append(k.description).append(" |\n");
        }

        sb.append("\n## Instructions\n\n");
        sb.append("| mnemonic | syntax | format | encoding | immediate | timing | semantics |\n");
        sb.append("|---|---|---|---|---|---|---|\n");
        for (Instruction i : Instruction.values()) {
            sb.append("| `").append(i.mnemonic).append("` | `").append(i.mnemonic);
            if (!i.syntax.isEmpty()) {
                sb.append(' ').append(i.syntax);
            }
            sb.append("` | ").append(i.format.name()).append(" | ");
            sb.append(String.format("op=0x%02x", i.opcode));
            if (i.funct >= 0) {
                sb.append(String.format(", funct=%d", i.funct));
            }
            sb.append(String.format(" (`%08x`/`%08x`)", i.fixedBits(), i.fixedMask()));
            sb.append(" | ").append(i.immKind == ImmKind.NONE ? "" : i.immKind.name());
            sb.append(" | ").append(i.timing.name());
            sb.append(" | ").append(i.description.replace("|", "\\|")).append(" |\n");
        }
        sb.append("\nThe encoding column gives the fixed bits and their mask: a word `w` is the instruction when ");
        sb.append("`(w & mask) == bits`.\n");

        sb.append("\n## Declared semantics\n\n");
        sb.append("What each instruction does, as declared in `scmp.isa.sem.SemanticTable`: the interpreter's ");
        sb.append("instruction switch is generated from these declarations ([architecture.md](architecture.md)). ");
        sb.append("Statements take effect in order, each after its operands are evaluated. In expressions `pc` is ");
        sb.append("the instruction's own address and `imm` the immediate's value (PC-relative ones in bytes); `<u`, ");
        sb.append("`>=u`, `/u` and `%u` are unsigned; `/` and `%` trap on a zero divisor; `memN[a]` is an ");
        sb.append("N-bit access at address `a`, `s` or `u` the extension of a narrower load; FP operations are ");
        sb.append("IEEE double precision with canonical NaNs. A redirect's kind (branch, jump, jump register) ");
        sb.append("decides its bubbles; `occupy` names an unpipelined unit; `send head(node, type, address, stride)` ");
        sb.append("starts a message, `send data` and `send dma` append to it (`+tail` ends it). Implicit operands ");
        sb.append("are the registers read or written beyond the syntax.\n\n");
        sb.append("| mnemonic | semantics | implicit operands |\n|---|---|---|\n");
        for (Instruction i : Instruction.values()) {
            InstructionSemantics sem = SemanticTable.of(i);
            List<String> imp = new ArrayList<>();
            sem.implicit().forEach(x -> imp.add(x.toString()));
            sb.append("| `").append(i.mnemonic).append("` | ").append(SemanticsText.of(sem).replace("|", "\\|"))
                    .append(" | ").append(String.join(", ", imp)).append(" |\n");
        }

        sb.append("\n## Pseudo-instructions\n\n| pseudo | expansion | meaning |\n|---|---|---|\n");
        for (Pseudo p : Pseudo.values()) {
            sb.append("| `").append(p.mnemonic);
            if (!p.syntax.isEmpty()) {
                sb.append(' ').append(p.syntax);
            }
            sb.append("` | `").append(String.join("; ", p.expansion)).append("` | ")
                    .append(p.description.replace("|", "\\|")).append(" |\n");
        }

        sb.append("\n## Timing classes\n\n| class | instructions |\n|---|---|\n");
        for (TimingClass t : TimingClass.values()) {
            sb.append("| ").append(t.name()).append(" | ").append(t.description).append(" |\n");
        }

        sb.append("\n## Message types\n\n| type | code | meaning |\n|---|---|---|\n");
        for (MessageType t : MessageType.values()) {
            sb.append("| ").append(t.name()).append(" | ").append(t.code).append(" | ").append(t.description).append(" |\n");
        }

        sb.append("\n## Special registers (`rdsr rd, sr`)\n\n| sr | number | meaning |\n|---|---|---|\n");
        for (SpecialRegister s : SpecialRegister.values()) {
            sb.append("| `").append(s.asmName).append("` | ").append(s.ordinal()).append(" | ").append(s.description).append(" |\n");
        }

        sb.append("\n## Host calls (`hcall n`)\n\nArguments in a0 upward, results in the registers ");
        sb.append("the table names; a negative result is -errno. For the timing model an `hcall` reads its service's ");
        sb.append("argument registers and writes its result registers, like any instruction's operands (a service ");
        sb.append("that ends the simulation lists a0 like the others).\n\n");
        sb.append("| service | number | arguments | results | effect |\n|---|---|---|---|---|\n");
        for (HostCall h : HostCall.values()) {
            List<String> res = new ArrayList<>();
            h.results.forEach(r -> res.add(Registers.gprName(r)));
            sb.append("| `").append(h.asmName).append("` | ").append(h.ordinal()).append(" | ").append(h.arguments)
                    .append(" | ").append(String.join(", ", res)).append(" | ").append(h.description).append(" |\n");
        }

        sb.append("\n## Registers\n\n| register | ABI name | | FP register | ABI name |\n|---|---|---|---|---|\n");
        for (int r = 0; r < 32; r++) {
            sb.append("| r").append(r).append(" | ").append(Registers.gprName(r)).append(" | | f").append(r)
                    .append(" | ").append(Registers.fprName(r)).append(" |\n");
        }
        return sb.toString();
    }
}
