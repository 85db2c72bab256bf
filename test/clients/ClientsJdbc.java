import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.StringWriter;
import java.math.BigDecimal;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.sql.Array;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import javax.net.SocketFactory;
import org.postgresql.PGConnection;
import org.postgresql.PGResultSetMetaData;

/**
 * pgjdbc with fastnumeric: reads clients.vals and clients.arrays without and with the recipe of
 * docs/clients.md (FastnumericJdbc, compiled beside this file), text and binary transfer, sends
 * setBigDecimal / setDouble parameters, writes rows and COPYs (CopyManager); prints one JSON
 * document of what it saw, on one line, which test_jdbc.py asserts on.
 *
 *   java -cp DIR:/usr/share/java/postgresql.jar ClientsJdbc    (connection: the PG* variables)
 */
public final class ClientsJdbc {
    static final String[] COLUMNS = {"n", "f", "nu", "fu"};

    public static void main(String[] args) throws Exception {
        StringBuilder out = new StringBuilder("{");
        try (Connection c = connect(false)) {
            out.append("\"without\":").append(observe(c));
        }
        try (Connection c = connect(false)) {
            FastnumericJdbc.register(c);
            out.append(",\"text\":").append(observe(c));
            out.append(",\"params_text\":").append(params(c));
            out.append(",\"written_text\":").append(write(c, "clients.w_jdbc_text"));
            out.append(",\"copy\":").append(copy(c));
        }
        try (Connection c = connect(true)) {
            FastnumericJdbc.register(c);
            out.append(",\"binary\":").append(observe(c));
            out.append(",\"params_binary\":").append(params(c));
            out.append(",\"written_binary\":").append(write(c, "clients.w_jdbc_binary"));
        }
        System.out.println(out.append("}"));
    }

    /**
     * A connection from the PG* variables; if BINARY, binary transfer of numeric (and, once
     * registered, fastnumeric) from a statement's first execution.
     */
    static Connection connect(boolean binary) throws SQLException {
        String host = env("PGHOST", "localhost"), port = env("PGPORT", "5432");
        Properties p = new Properties();
        p.setProperty("user", env("PGUSER", System.getProperty("user.name")));
        p.setProperty("sslmode", "disable");
        p.setProperty("gssEncMode", "disable");
        if (host.startsWith("/")) {
            p.setProperty("socketFactory", UnixSocketFactory.class.getName());
            p.setProperty("socketFactoryArg", host + "/.s.PGSQL." + port);
            host = "localhost";
        }
        if (binary) {
            p.setProperty("binaryTransferEnable", "NUMERIC");
            p.setProperty("prepareThreshold", "-1");
        } else {
            p.setProperty("binaryTransfer", "false");
        }
        return DriverManager.getConnection(
            "jdbc:postgresql://" + host + ":" + port + "/" + env("PGDATABASE", p.getProperty("user")), p);
    }

    static String env(String name, String otherwise) {
        String v = System.getenv(name);
        return v == null || v.isEmpty() ? otherwise : v;
    }

    /** Per column: metadata, transfer format, and per row getObject, getBigDecimal and getString. */
    static String observe(Connection c) throws SQLException {
        StringBuilder b = new StringBuilder("{");
        try (PreparedStatement st = c.prepareStatement("SELECT n, f, nu, fu FROM clients.vals ORDER BY id");
             ResultSet rs = st.executeQuery()) {
            ResultSetMetaData md = rs.getMetaData();
            List<StringBuilder> cols = new ArrayList<>();
            for (int i = 1; i <= 4; i++) {
                cols.add(new StringBuilder(String.format(
                    "{\"type\":%d,\"type_name\":%s,\"class_name\":%s,\"precision\":%d,\"scale\":%d,"
                        + "\"format\":%d,\"rows\":[",
                    md.getColumnType(i), q(md.getColumnTypeName(i)), q(md.getColumnClassName(i)),
                    md.getPrecision(i), md.getScale(i), md.unwrap(PGResultSetMetaData.class).getFormat(i))));
            }
            for (int row = 0; rs.next(); row++) {
                for (int i = 1; i <= 4; i++) {
                    final int col = i;
                    cols.get(i - 1).append(row == 0 ? "" : ",").append("[")
                        .append(attempt(() -> rs.getObject(col))).append(",")
                        .append(attempt(() -> rs.getBigDecimal(col))).append(",")
                        .append(attempt(() -> rs.getString(col))).append("]");
                }
            }
            for (int i = 0; i < 4; i++) {
                b.append(i == 0 ? "" : ",").append(q(COLUMNS[i])).append(":").append(cols.get(i)).append("]}");
            }
        }
        try (PreparedStatement st = c.prepareStatement("SELECT na, fa FROM clients.arrays ORDER BY id");
             ResultSet rs = st.executeQuery()) {
            StringBuilder na = new StringBuilder(), fa = new StringBuilder();
            for (int row = 0; rs.next(); row++) {
                na.append(row == 0 ? "" : ",").append(attempt(() -> elements(rs.getArray(1))));
                fa.append(row == 0 ? "" : ",").append(attempt(() -> elements(rs.getArray(2))));
            }
            b.append(",\"na\":[").append(na).append("],\"fa\":[").append(fa).append("]");
        }
        return b.append("}").toString();
    }

    static Object elements(Array a) throws SQLException {
        return a == null ? null : a.getArray();
    }

    /** setBigDecimal (numeric's values), setDouble and setNull parameters in col = ? and col * ?. */
    static String params(Connection c) throws SQLException {
        List<Object> values = new ArrayList<>();
        try (PreparedStatement st = c.prepareStatement("SELECT nu, nu::text FROM clients.vals ORDER BY id");
             ResultSet rs = st.executeQuery()) {
            while (rs.next()) {
                values.add(value(rs, 1, 2));
            }
        }
        values.add(1.5);
        values.add(0.1);
        StringBuilder b = new StringBuilder("{");
        for (String col : COLUMNS) {
            b.append(b.length() > 1 ? "," : "").append(q(col)).append(":[");
            for (int k = 0; k < values.size(); k++) {
                Object v = values.get(k);
                String ids = query(c, "SELECT array_agg(id ORDER BY id) FROM clients.vals WHERE " + col + " = ?", v);
                String products = query(c, "SELECT " + col + " * ? FROM clients.vals ORDER BY id", v);
                b.append(k == 0 ? "" : ",").append("[").append(ids).append(",").append(products).append("]");
            }
            b.append("]");
        }
        return b.append("}").toString();
    }

    /**
     * getObject's value of column COL (BigDecimal, a Double for NaN, null), or where it refuses one
     * (+-Infinity; in binary transfer getString too) the text in column TEXT, the same value::text.
     */
    static Object value(ResultSet rs, int col, int text) throws SQLException {
        try {
            return rs.getObject(col);
        } catch (SQLException | RuntimeException e) { // binary +-Infinity: IllegalArgumentException
            return rs.getString(text);
        }
    }

    static void bind(PreparedStatement st, int i, Object v) throws SQLException {
        if (v instanceof BigDecimal) {
            st.setBigDecimal(i, (BigDecimal) v);
        } else if (v instanceof Double) {
            st.setDouble(i, (Double) v);
        } else if (v instanceof String) {
            st.setObject(i, v, Types.OTHER); // untyped text
        } else {
            st.setNull(i, Types.NUMERIC);
        }
    }

    /** The rows of one column of SQL with one parameter V, each as getObject gives it. */
    static String query(Connection c, String sql, Object v) throws SQLException {
        try (PreparedStatement st = c.prepareStatement(sql)) {
            bind(st, 1, v);
            StringBuilder b = new StringBuilder("[");
            try (ResultSet rs = st.executeQuery()) {
                while (rs.next()) {
                    b.append(b.length() > 1 ? "," : "").append(attempt(() -> {
                        Object o = rs.getObject(1);
                        return o instanceof Array ? ((Array) o).getArray() : o;
                    }));
                }
            }
            return b.append("]").toString();
        }
    }

    /** Writes clients.vals's numeric values into TABLE, each into a numeric and a fastnumeric column. */
    static int write(Connection c, String table) throws SQLException {
        int rows = 0;
        try (PreparedStatement read = c.prepareStatement(
                 "SELECT id, n, nu, n::text, nu::text FROM clients.vals ORDER BY id");
             PreparedStatement ins = c.prepareStatement("INSERT INTO " + table + " VALUES (?, ?, ?, ?, ?)");
             ResultSet rs = read.executeQuery()) {
            for (; rs.next(); rows++) {
                ins.setInt(1, rs.getInt(1));
                for (int k = 0; k < 4; k++) {
                    bind(ins, k + 2, value(rs, 2 + k / 2, 4 + k / 2));
                }
                ins.executeUpdate();
            }
        }
        return rows;
    }

    /** CopyManager, text: numeric's rows into both types; each type's rows out. */
    static String copy(Connection c) throws SQLException, IOException {
        org.postgresql.copy.CopyManager cm = c.unwrap(PGConnection.class).getCopyAPI();
        StringWriter numeric = new StringWriter(), fast = new StringWriter();
        cm.copyOut("COPY (SELECT id, n, n, nu, nu FROM clients.vals ORDER BY id) TO STDOUT", numeric);
        long in = cm.copyIn("COPY clients.c_jdbc FROM STDIN", new StringReader(numeric.toString()));
        cm.copyOut("COPY (SELECT id, f, f, fu, fu FROM clients.vals ORDER BY id) TO STDOUT", fast);
        return String.format("{\"in\":%d,\"numeric\":%s,\"fastnumeric\":%s}",
            in, q(numeric.toString()), q(fast.toString()));
    }

    interface Getter {
        Object get() throws SQLException;
    }

    static String attempt(Getter g) {
        try {
            return rep(g.get());
        } catch (SQLException | RuntimeException e) {
            return "[\"raised\"," + q(e.getClass().getSimpleName() + ": " + e.getMessage()) + "]";
        }
    }

    /** A value as [class, text]; arrays element by element. */
    static String rep(Object o) {
        if (o == null) {
            return "null";
        }
        if (o instanceof Object[]) {
            StringBuilder b = new StringBuilder("[");
            for (Object e : (Object[]) o) {
                b.append(b.length() > 1 ? "," : "").append(rep(e));
            }
            return b.append("]").toString();
        }
        return "[" + q(o.getClass().getSimpleName()) + "," + q(o.toString()) + "]";
    }

    static String q(String s) {
        if (s == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            if (ch == '"' || ch == '\\') {
                b.append('\\').append(ch);
            } else if (ch < 0x20) {
                b.append(String.format("\\u%04x", (int) ch));
            } else {
                b.append(ch);
            }
        }
        return b.append("\"").toString();
    }

    /** pgjdbc connects to TCP ports only: this factory's sockets reach the server's Unix socket instead. */
    public static final class UnixSocketFactory extends SocketFactory {
        private final String path;

        public UnixSocketFactory(String path) {
            this.path = path;
        }

        @Override public Socket createSocket() {
            return new UnixSocket(path);
        }

        @Override public Socket createSocket(String host, int port) throws IOException {
            Socket s = createSocket();
            s.connect(null);
            return s;
        }

        @Override public Socket createSocket(String host, int port, InetAddress local, int localPort)
                throws IOException {
            return createSocket(host, port);
        }

        @Override public Socket createSocket(InetAddress host, int port) throws IOException {
            return createSocket((String) null, port);
        }

        @Override public Socket createSocket(InetAddress host, int port, InetAddress local, int localPort)
                throws IOException {
            return createSocket((String) null, port);
        }
    }

    static final class UnixSocket extends Socket {
        private final String path;
        private SocketChannel channel;
        private InputStream in;
        private OutputStream out;

        UnixSocket(String path) {
            this.path = path;
        }

        @Override public void connect(SocketAddress ignored, int timeout) throws IOException {
            channel = SocketChannel.open(UnixDomainSocketAddress.of(path));
            in = Channels.newInputStream(channel);
            out = Channels.newOutputStream(channel);
        }

        @Override public void connect(SocketAddress ignored) throws IOException {
            connect(ignored, 0);
        }

        @Override public boolean isConnected() {
            return channel != null;
        }

        @Override public InputStream getInputStream() {
            return in;
        }

        @Override public OutputStream getOutputStream() {
            return out;
        }

        @Override public void setTcpNoDelay(boolean on) {}

        @Override public void setKeepAlive(boolean on) {}

        @Override public void setSoTimeout(int timeout) {}

        @Override public int getSoTimeout() {
            return 0;
        }

        @Override public boolean isClosed() {
            return channel != null && !channel.isOpen();
        }

        @Override public synchronized void close() throws IOException {
            if (channel != null) {
                channel.close();
            }
        }
    }
}
