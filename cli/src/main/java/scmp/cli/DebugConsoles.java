package scmp.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;

import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import scmp.machine.Debugger;

/** Where the debugger's commands come from: a command file, a terminal (JLine: line editing, history), or a pipe. */
final class DebugConsoles {
    private DebugConsoles() {
    }

    /**
     * The commands of a file, one a line, each echoed after the prompt so that the output reads as a session.
     *
     * @param file the file
     * @param out  where the echo goes
     * @return the console
     * @throws IOException when the file cannot be read
     */
    static Debugger.Console file(Path file, PrintStream out) throws IOException {
        return echoing(Files.readAllLines(file, StandardCharsets.UTF_8).iterator(), out);
    }

    /**
     * The commands typed at a terminal, with line editing and a history (JLine), or read from a pipe and echoed.
     *
     * @param in  the input when it is not a terminal
     * @param out where the echo goes (a pipe's commands)
     * @return the console
     */
    static Debugger.Console interactive(InputStream in, PrintStream out) {
        if (System.console() != null) {
            try {
                Terminal terminal = TerminalBuilder.builder().system(true).build();
                LineReader reader = LineReaderBuilder.builder().terminal(terminal).appName("scmpsim")
                        .variable(LineReader.HISTORY_FILE, Path.of(System.getProperty("user.home"),
                                ".scmpsim_history"))
                        .build();
                return prompt -> {
                    try {
                        return reader.readLine(prompt);
                    } catch (EndOfFileException | UserInterruptException e) {
                        return null;
                    }
                };
            } catch (IOException e) {
                // no usable terminal: read lines as from a pipe
            }
        }
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        return echoing(new Iterator<>() {
            private String next;

            @Override
            public boolean hasNext() {
                if (next == null) {
                    try {
                        next = r.readLine();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
                return next != null;
            }

            @Override
            public String next() {
                String s = next;
                next = null;
                return s;
            }
        }, out);
    }

    private static Debugger.Console echoing(Iterator<String> lines, PrintStream out) {
        return prompt -> {
            if (!lines.hasNext()) {
                return null;
            }
            String line = lines.next();
            out.println(prompt + line);
            return line;
        };
    }

}
