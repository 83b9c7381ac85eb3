/**
 * The semantics of every instruction, declared once as data (docs/architecture.md, "Semantics").
 *
 * <p>{@link scmp.isa.sem.SemanticTable} gives each {@link scmp.isa.Instruction} row a list of
 * {@linkplain scmp.isa.sem.Stmt statements} over {@linkplain scmp.isa.sem.Expr expressions}, a small vocabulary of
 * records and enums: register reads and writes, the immediate and the pc, integer and FP operations and compares,
 * conversions, loads and stores by width and sign, redirects, unit occupancy, network sends, stops, host calls and
 * special-register reads. The tree is walked by visitors: {@link scmp.isa.sem.InterpreterSource} turns it into
 * the interpreter's instruction switch, {@link scmp.isa.sem.SemanticsText} into the notation of docs/isa.md, and
 * {@link scmp.isa.sem.Operands} into the registers an instruction word reads and writes.
 */
package scmp.isa.sem;
