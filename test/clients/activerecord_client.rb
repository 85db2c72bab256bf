# ActiveRecord 6.1 with fastnumeric: one model over clients.ar_n (numeric) and clients.ar_f
# (relabelled), through the postgresql adapter and through the recipe's fastnumeric adapter of
# docs/clients.md; reads, queries, writes, schema dumps and migrations; prints one JSON document
# of what it saw, on one line, which test_activerecord.py asserts on.
#
#   ruby -I LIBDIR activerecord_client.rb   (LIBDIR holds the recipe as
#                                            active_record/connection_adapters/fastnumeric_adapter.rb;
#                                            connection: the PG* variables)

require "active_record"
require "bigdecimal"
require "json"
require "stringio"

LONG = BigDecimal("-98765432109876543210987654321.012345678901234567890123456789")

# a value as [class, text]; BigDecimal in plain notation
def rep(v)
  case v
  when nil then nil
  when Array then v.map { |x| rep(x) }
  when BigDecimal then ["BigDecimal", v.finite? ? v.to_s("F") : v.to_s]
  else [v.class.name, v.to_s]
  end
end

def models(adapter)
  base = Class.new(ActiveRecord::Base) { self.abstract_class = true }
  Object.const_set("#{adapter.capitalize}Record", base)
  base.establish_connection(adapter: adapter, schema_search_path: "clients,public")
  %w[n f].to_h do |t|
    model = Class.new(base) { self.table_name = "ar_#{t}" }
    Object.const_set("#{adapter.capitalize}Item#{t.upcase}", model)
    [t, model]
  end
end

def columns(model)
  model.reset_column_information
  model.columns.map { |c| [c.name, c.type && c.type.to_s, c.sql_type, c.precision, c.scale] }
end

def rows(model)
  model.order(:id).map { |i| [i.id, rep(i.price), rep(i.qty)] }
end

def dump(base, table)
  out = StringIO.new
  ActiveRecord::SchemaDumper.ignore_tables = [/^(?!#{table}$)/]
  ActiveRecord::SchemaDumper.dump(base.connection, out)
  out.string.lines.map(&:strip).grep(/price|qty|Could not|Unknown type/)
end

out = { "without" => {}, "with" => {} }
warnings = StringIO.new
$stderr = warnings # ActiveRecord's "unknown OID" warnings, kept for the test
plain = models("postgresql")
plain.each do |t, model|
  out["without"][t] = { "columns" => columns(model), "rows" => rows(model),
                        "sum" => rep(model.sum(:price)), "schema" => dump(model.superclass, "ar_#{t}") }
end
$stderr = STDERR
out["without"]["warnings"] = warnings.string.lines.map(&:strip).grep(/unknown OID/).map { |l| l.sub(/\d+/, "N") }.uniq

fast = models("fastnumeric")
fast.each do |t, model|
  got = out["with"][t] = { "columns" => columns(model), "rows" => rows(model) }
  got["bound"] = model.where("price > ?", BigDecimal("9.99")).order(:id).pluck(:id)
  got["arel"] = model.where(model.arel_table[:price].gteq(BigDecimal("9.99"))).order(:id).pluck(:id)
  got["literal"] = model.where("price >= 9.99").order(:id).pluck(:id)
  got["order"] = model.order(Arel.sql("qty DESC NULLS LAST, id")).pluck(:id)
  scope = model.where(id: [1, 6])
  got["aggregates"] = [scope.sum(:price), scope.average(:price), scope.maximum(:qty),
                       scope.sum(Arel.sql("price * qty"))].map { |v| rep(v) }
  model.where("id < 3").update_all("price = price * 1.1")
  model.create!(id: 8, price: BigDecimal("0.05"), qty: LONG)
  row = model.find(8)
  row.update!(price: BigDecimal("-12345.675"))
  model.where(id: 8).update_all("qty = qty * 3")
  model.insert_all([[BigDecimal("1.005"), BigDecimal("NaN")], [BigDecimal("-0.00"), BigDecimal("Infinity")],
                    [nil, BigDecimal("1E-60")], [BigDecimal("9999999999.99"), 0]].each_with_index.map do |(p, q), i|
                     { id: 9 + i, price: p, qty: q }
                   end)
  got["written"] = rows(model)
  got["schema"] = dump(model.superclass, "ar_#{t}")
end

# migrations: a table created with fastnumeric columns, a numeric column relabelled by raw SQL
class CreateMade < ActiveRecord::Migration[6.1]
  def change
    create_table "ar_made" do |t|
      t.column :price, "fastnumeric(12,2)"
      t.column :qty, :fastnumeric, precision: 12, scale: 2
    end
  end
end

class RelabelOld < ActiveRecord::Migration[6.1]
  def up
    create_table("ar_old") { |t| t.decimal :price, precision: 12, scale: 2 }
    execute "ALTER TABLE ar_old ALTER price TYPE fastnumeric(12,2)"
  end
end

ActiveRecord::Base.establish_connection(adapter: "fastnumeric", schema_search_path: "clients,public")
ActiveRecord::Migration.verbose = false
CreateMade.migrate(:up)
RelabelOld.migrate(:up)
made = Class.new(ActiveRecord::Base) { self.table_name = "ar_made" }
Object.const_set("Made", made)
made.create!(price: BigDecimal("12.345"), qty: BigDecimal("1.5"))
out["migrated"] = { "columns" => columns(made), "rows" => made.all.map { |m| [rep(m.price), rep(m.qty)] } }

puts JSON.generate(out)
