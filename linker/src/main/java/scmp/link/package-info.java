/**
 * The SCMP static linker {@code scmpld}: symbol resolution over objects and archives, the memory layout of
 * docs/abi.md, relocation through {@link scmp.isa.RelocType#apply}, and the link map. {@link scmp.link.Linker}
 * is the entry point of the API; the command is {@code scmp.cli.LinkMain} in the cli module; docs/linker.md
 * describes both.
 */
package scmp.link;
