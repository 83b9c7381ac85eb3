package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.MachineKind;
import scmp.machine.Guest;
import scmp.machine.Simulation;

/** A run picks the machine model the program was built for; --machine names one and refuses the others. */
class MachineModelTest {
    @TempDir
    Path dir;

    private static final String EXIT_7 = """
                .text
                .globl _start
            _start:
                li a0, 7
                hcall exit
            """;

    private Path program(MachineKind m) throws Exception {
        return Guest.file(dir, m, EXIT_7);
    }

    @Test
    void anScmpProgramRunsWithOrWithoutMachine() throws Exception {
        Path p = program(MachineKind.SCMP);
        assertEquals(7, Guest.simulate(new Simulation.Options().program(p.toString(), List.of())).code());
        assertEquals(7, Guest.simulate(new Simulation.Options().machine(MachineKind.SCMP).program(p.toString(),
                List.of())).code());
    }

    @Test
    void programsForModelsNotOnTheClassPathAreRefusedInOneLine() throws Exception {
        // this module's tests see the SCMP model only: the T3D's and the SP's are modules of their own
        for (MachineKind m : List.of(MachineKind.T3D, MachineKind.SP)) {
            assertFalse(Simulation.available(m));
            Path p = program(m);
            Guest.Outcome r = Guest.simulate(new Simulation.Options().program(p.toString(), List.of()));
            assertEquals(Simulation.EXIT_CANNOT_RUN, r.code());
            assertEquals("scmpsim: " + p + ": the " + m.id() + " machine model is not available\n", r.err());
        }
        assertTrue(Simulation.available(MachineKind.SCMP));
    }

    @Test
    void machineNamingAnotherModelThanTheProgramsIsRefused() throws Exception {
        Path p = program(MachineKind.T3D);
        Guest.Outcome r = Guest.simulate(new Simulation.Options().machine(MachineKind.SCMP).program(p.toString(),
                List.of()));
        assertEquals(Simulation.EXIT_CANNOT_RUN, r.code());
        assertEquals("scmpsim: " + p + " is built for the t3d machine model, not scmp (--machine)\n", r.err());
        Path q = program(MachineKind.SCMP);
        r = Guest.simulate(new Simulation.Options().machine(MachineKind.SP).program(q.toString(), List.of()));
        assertEquals(Simulation.EXIT_CANNOT_RUN, r.code());
        assertEquals("scmpsim: " + q + " is built for the scmp machine model, not sp (--machine)\n", r.err());
    }
}
