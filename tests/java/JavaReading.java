import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Scanner;
import java.util.StringTokenizer;

/**
 * Reads standard input as the Big Two assignment's console reads it, and says
 * what it read: the reference for the Python port's line reader.
 *
 * <p>Each line comes from {@code new Scanner(System.in, "UTF-8").nextLine()},
 * is split by {@code new StringTokenizer(line)}, and each token goes through
 * {@code Integer.parseInt}; the selection keeps the indices from 0 to size - 1,
 * once each, sorted (the assignment's {@code getSelected}).  For every line it
 * prints two lines:
 *
 * <pre>
 * line: TEXT        the line, printable ASCII as is, every other UTF-16 unit
 *                   (and the backslash) as \\uXXXX
 * selected: I J ... the selection for a hand of SIZE cards (nothing: a pass)
 * </pre>
 *
 * <p>Options: {@code --size N} (default 13); {@code --digest} prints
 * {@code line: length=L sha256=H} instead of the text (L in UTF-16 units, H of
 * the line's UTF-8 bytes), for lines too long to print; {@code --digits}
 * reads nothing and prints, for every char of the Basic Multilingual Plane
 * that {@code Character.digit(ch, 10)} counts as a digit, its code (4 hex
 * digits) and value.
 */
public final class JavaReading {
    private JavaReading() {
    }

    public static void main(String[] args) throws NoSuchAlgorithmException {
        int size = 13;
        boolean digest = false;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--size": size = Integer.parseInt(args[++i]); break;
                case "--digest": digest = true; break;
                case "--digits": printDigits(); return;
                default: throw new IllegalArgumentException(args[i]);
            }
        }
        StringBuilder out = new StringBuilder();
        Scanner scanner = new Scanner(System.in, "UTF-8");
        while (scanner.hasNextLine()) {
            String line = scanner.nextLine();
            out.append("line: ");
            if (digest) {
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                byte[] hash = sha.digest(line.getBytes(StandardCharsets.UTF_8));
                out.append("length=").append(line.length()).append(" sha256=");
                for (byte b : hash) {
                    out.append(String.format("%02x", b & 0xff));
                }
            } else {
                escape(line, out);
            }
            out.append("\nselected:");
            for (int idx : getSelected(line, size)) {
                out.append(' ').append(idx);
            }
            out.append('\n');
            if (out.length() > 1 << 16) {
                System.out.print(out);
                out.setLength(0);
            }
        }
        System.out.print(out);
        System.out.flush();
    }

    /** The assignment's getSelected, on a line already read. */
    static ArrayList<Integer> getSelected(String line, int size) {
        StringTokenizer st = new StringTokenizer(line);
        ArrayList<Integer> idxList = new ArrayList<Integer>();
        while (st.hasMoreTokens()) {
            try {
                int idx = Integer.parseInt(st.nextToken());
                if (idx >= 0 && idx < size && !idxList.contains(idx)) {
                    idxList.add(idx);
                }
            } catch (NumberFormatException e) {
                // junk: ignored, as the assignment ignores it
            }
        }
        Collections.sort(idxList);
        return idxList;
    }

    static void escape(String line, StringBuilder out) {
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c >= 0x20 && c < 0x7f && c != '\\') {
                out.append(c);
            } else {
                out.append(String.format("\\u%04x", (int) c));
            }
        }
    }

    static void printDigits() {
        StringBuilder out = new StringBuilder();
        for (int c = 0; c <= 0xffff; c++) {
            int digit = Character.digit((char) c, 10);
            if (digit >= 0) {
                out.append(String.format("%04x %d%n", c, digit));
            }
        }
        System.out.print(out);
    }
}
