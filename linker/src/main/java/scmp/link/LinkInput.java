package scmp.link;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import scmp.elf.Archive;
import scmp.elf.ElfFormatException;
import scmp.elf.ElfReader;
import scmp.elf.ObjectFile;

/**
 * One input of a link, in command-line order: a relocatable object, which is always linked, or an archive,
 * whose members are linked only when they define a symbol that is still undefined.
 */
public sealed interface LinkInput permits LinkInput.ObjectInput, LinkInput.ArchiveInput {

    /**
     * Returns the name of the input, for diagnostics and the link map.
     *
     * @return the file name
     */
    String name();

    /**
     * A relocatable object that is always part of the link.
     *
     * @param object the object
     */
    record ObjectInput(ObjectFile object) implements LinkInput {
        /**
         * Checks that the object is present.
         *
         * @throws NullPointerException when {@code object} is null
         */
        public ObjectInput {
            Objects.requireNonNull(object, "object");
        }

        @Override
        public String name() {
            return object.name();
        }
    }

    /**
     * An archive (a static library) whose members are candidates of the link.
     *
     * @param name    the archive's file name, for example {@code libc.a}
     * @param members the member objects in archive order; each one's {@link ObjectFile#name()} should have the
     *                form {@code libc.a(printf.o)}, which diagnostics and the link map use
     */
    record ArchiveInput(String name, List<ObjectFile> members) implements LinkInput {
        /**
         * Copies the member list.
         *
         * @throws NullPointerException when an argument is null
         */
        public ArchiveInput {
            Objects.requireNonNull(name, "name");
            members = List.copyOf(members);
        }
    }

    /**
     * Wraps an object.
     *
     * @param object the object
     * @return an input that always links {@code object}
     */
    static LinkInput object(ObjectFile object) {
        return new ObjectInput(object);
    }

    /**
     * Wraps the members of an archive.
     *
     * @param name    the archive's file name
     * @param members the member objects in archive order
     * @return an input whose members are linked on demand
     */
    static LinkInput archive(String name, List<ObjectFile> members) {
        return new ArchiveInput(name, members);
    }

    /**
     * Reads every member of an archive that is an ELF file as a relocatable object named
     * {@code archive(member)}. Members that are not ELF files (a text file stored in the archive, say) are
     * ignored, as they could never define a symbol; the archive's symbol index is not consulted, since the
     * linker looks at the members' own symbol tables.
     *
     * @param archive the archive
     * @return an input whose members are linked on demand
     * @throws ElfFormatException when a member is an ELF file but not a well-formed SCMP relocatable object;
     *                            the message names the archive and the member
     */
    static LinkInput archive(Archive archive) throws ElfFormatException {
        List<ObjectFile> members = new ArrayList<>();
        List<Archive.Member> list = archive.members();
        for (int i = 0; i < list.size(); i++) {
            if (ElfReader.isElf(list.get(i).data())) {
                members.add(archive.object(i));
            }
        }
        return new ArchiveInput(archive.name(), members);
    }
}
