package scmp.cli;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import scmp.common.Version;

/**
 * Supplies {@code --version} to every tool and subcommand: {@link Version#lines} for the tool the command
 * belongs to (the top command's name, so {@code scmpsim bench --version} names {@code scmpsim}).
 */
final class VersionLines implements CommandLine.IVersionProvider {
    @Spec
    private CommandSpec spec;

    @Override
    public String[] getVersion() {
        return Version.lines(spec.root().name());
    }
}
