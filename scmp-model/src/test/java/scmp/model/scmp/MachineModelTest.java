package scmp.model.scmp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scmp.elf.ElfWriter;
import scmp.elf.Executable;
import scmp.elf.MachineKind;
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
        Executable e = Sim.build(EXIT_7);
        Path p = dir.resolve("p-" + m.id());
        Files.write(p, ElfWriter.writeExecutable(new Executable(m, e.entry(), e.sections(), e.symbols())));
        return p;
    }

    private static String[] run(Simulation.Options o) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Simulation.run(o, out, err, new ByteArrayInputStream(new byte[0]));
        return new String[] {Integer.toString(code), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void anScmpProgramRunsWithOrWithoutMachine() throws Exception {
        Path p = program(MachineKind.SCMP);
        assertEquals("7", run(new Simulation.Options().program(p.toString(), List.of()))[0]);
        assertEquals("7", run(new Simulation.Options().machine(MachineKind.SCMP).program(p.toString(), List.of()))[0]);
    }

    @Test
    void programsForModelsNotOnTheClassPathAreRefusedInOneLine() throws Exception {
        // this module's tests see the SCMP model only: the T3D's and the SP's are modules of their own
        for (MachineKind m : List.of(MachineKind.T3D, MachineKind.SP)) {
            assertFalse(Simulation.available(m));
            Path p = program(m);
            String[] r = run(new Simulation.Options().program(p.toString(), List.of()));
            assertEquals("1", r[0]);
            assertEquals("scmpsim: " + p + ": the " + m.id() + " machine model is not available\n", r[1]);
        }
        assertTrue(Simulation.available(MachineKind.SCMP));
    }

    @Test
    void machineNamingAnotherModelThanTheProgramsIsRefused() throws Exception {
        Path p = program(MachineKind.T3D);
        String[] r = run(new Simulation.Options().machine(MachineKind.SCMP).program(p.toString(), List.of()));
        assertEquals("2", r[0]);
        assertEquals("scmpsim: " + p + " is built for the t3d machine model, not scmp (--machine)\n", r[1]);
        Path q = program(MachineKind.SCMP);
        r = run(new Simulation.Options().machine(MachineKind.SP).program(q.toString(), List.of()));
        assertEquals("2", r[0]);
        assertEquals("scmpsim: " + q + " is built for the scmp machine model, not sp (--machine)\n", r[1]);
    }
}
