package scmp.isa;

/** An operand that cannot be encoded (out of range, misaligned, wrong register). */
public class EncodingException extends Exception {
    public EncodingException(String message) {
        super(message);
    }
}
