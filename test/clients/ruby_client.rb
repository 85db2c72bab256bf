# ruby-pg with fastnumeric: reads clients.vals and clients.arrays without and with the recipe of
# docs/clients.md, sends parameters, writes rows and COPYs; prints one JSON document of what it
# saw, on one line, which test_ruby.py asserts on.
#
#   ruby ruby_client.rb RECIPE_FILE     (connection: the PG* variables)

require "bigdecimal"
require "json"
require "pg"

load ARGV.fetch(0) # defines fastnumeric_type_maps

COLUMNS = %w[n f nu fu].freeze

# a value as [class, text]; arrays element by element; binary strings in hex
def rep(v)
  case v
  when nil then nil
  when Array then v.map { |x| rep(x) }
  when String then v.encoding == Encoding::BINARY ? ["binary", v.unpack1("H*")] : ["String", v]
  else [v.class.name, v.to_s]
  end
end

# without the warning BasicTypeMapForResults gives once per column type it cannot decode
def quietly
  verbose, $VERBOSE = $VERBOSE, nil
  yield
ensure
  $VERBOSE = verbose
end

def columns(conn, format = 0)
  out = {}
  res = conn.exec_params("SELECT #{COLUMNS.join(', ')} FROM clients.vals ORDER BY id", [], format)
  COLUMNS.each_with_index { |c, i| out[c] = res.column_values(i).map { |v| rep(v) } }
  res = conn.exec_params("SELECT na, fa FROM clients.arrays ORDER BY id", [], format)
  %w[na fa].each_with_index { |c, i| out[c] = res.column_values(i).map { |v| rep(v) } }
  out
end

out = {}
# without the recipe: ruby-pg's usual type maps, which know numeric but not fastnumeric
plain = PG.connect
plain.type_map_for_results = PG::BasicTypeMapForResults.new(plain)
quietly { out["without"] = columns(plain) }
plain.close

conn = PG.connect
maps = fastnumeric_type_maps(conn)
out["with"] = columns(conn)
# ruby-pg has no binary decoder for numeric: binary results are raw for both types
quietly { out["binary"] = columns(conn, 1) }

# BigDecimal, Float and nil parameters (encoded as numeric, float8, NULL) in col = $1, col * $1
values = conn.exec("SELECT nu FROM clients.vals ORDER BY id").column_values(0) + [1.5, 0.1, 42.0]
out["params"] = COLUMNS.to_h do |c|
  [c, values.map do |v|
    ids = conn.exec_params("SELECT array_agg(id ORDER BY id) FROM clients.vals WHERE #{c} = $1", [v]).getvalue(0, 0)
    products = conn.exec_params("SELECT #{c} * $1 FROM clients.vals ORDER BY id", [v]).column_values(0)
    [rep(ids), rep(products)]
  end]
end

# rows written with BigDecimal parameters, and with COPY through the type maps' row coders
rows = conn.exec("SELECT id, n, nu FROM clients.vals ORDER BY id").values
rows.each do |id, n, nu|
  conn.exec_params("INSERT INTO clients.w_ruby VALUES ($1, $2, $3, $4, $5)", [id, n, n, nu, nu])
end
encoders = PG::BasicTypeMapBasedOnResult.new(maps).build_column_map(conn.exec("SELECT * FROM clients.c_ruby LIMIT 0"))
conn.copy_data("COPY clients.c_ruby FROM STDIN", PG::TextEncoder::CopyRow.new(type_map: encoders)) do
  rows.each { |id, n, nu| conn.put_copy_data([id, n, n, nu, nu]) }
end
out["written"] = rows.size

query = "SELECT #{COLUMNS.join(', ')} FROM clients.vals"
decoders = PG::BasicTypeMapForResults.new(maps).build_column_map(conn.exec("#{query} LIMIT 0"))
copied = []
conn.copy_data("COPY (#{query} ORDER BY id) TO STDOUT", PG::TextDecoder::CopyRow.new(type_map: decoders)) do
  while (row = conn.get_copy_data)
    copied << row
  end
end
out["copy_out"] = COLUMNS.each_with_index.to_h { |c, i| [c, copied.map { |r| rep(r[i]) }] }
conn.close

puts JSON.generate(out)
