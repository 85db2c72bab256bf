"""Django 3.2 (Debian's python3-django, over psycopg2): the same model over a numeric table and a
relabelled fastnumeric one, through Django's own PostgreSQL backend and through the backend of the
recipe in docs/clients.md (psycopg2's recipe on each connection, inspectdb's typmods, a
FastNumericField for migrations)."""

import decimal
import io
import os
import sys

import pytest

from conftest import (assert_same_queries, assert_same_tables, assert_same_values, kinds, orm_tables, orm_texts, psql,
                      recipe, rep)

D = decimal.Decimal
LONG = D("-98765432109876543210987654321.012345678901234567890123456789")


@pytest.fixture(scope="module")
def dj(tmp_path_factory):
    """Django set up with two databases on the test server: "plain" (Django's backend) and
    "default" (the recipe's backend, a package holding it as base.py)."""
    path = tmp_path_factory.mktemp("django")
    (path / "fastnumeric_django").mkdir()
    (path / "fastnumeric_django" / "__init__.py").write_text("")
    (path / "fastnumeric_django" / "base.py").write_text(recipe("psycopg2") + "\n\n" + recipe("django"))
    sys.path.insert(0, str(path))
    import django
    from django.conf import settings
    db = {"NAME": os.environ["PGDATABASE"], "HOST": os.environ["PGHOST"], "PORT": os.environ["PGPORT"],
          "USER": os.environ["PGUSER"], "OPTIONS": {"options": "-c search_path=clients,public"}}
    settings.configure(DATABASES={"default": dict(db, ENGINE="fastnumeric_django"),
                                  "plain": dict(db, ENGINE="django.db.backends.postgresql")},
                       INSTALLED_APPS=[], USE_TZ=True)
    django.setup()
    from django.db import connections, models
    import fastnumeric_django.base as backend

    def model(table):
        return type("Item_" + table, (models.Model,), {
            "__module__": __name__,
            "price": models.DecimalField(max_digits=12, decimal_places=2, null=True),
            "qty": models.DecimalField(max_digits=90, decimal_places=60, null=True),
            "Meta": type("Meta", (), {"app_label": "orm", "db_table": table, "managed": False})})
    yield {"n": model("dj_n"), "f": model("dj_f"), "backend": backend}
    connections.close_all()
    sys.path.remove(str(path))


def read(query):
    return [[rep(i.id), rep(i.price), rep(i.qty)] for i in query.order_by("id")]


def inspectdb(alias, table):
    from django.core.management import call_command
    out = io.StringIO()
    call_command("inspectdb", table, database=alias, stdout=out)
    return [line.strip() for line in out.getvalue().splitlines() if line.strip().startswith(("price", "qty"))]


def test_without_recipe(dj):
    """Django's backend: str values from the fastnumeric table; inspectdb guesses TextField"""
    orm_tables("dj")
    texts = orm_texts("clients.dj_n")
    assert read(dj["f"].objects.using("plain")) == [[("int", str(i)), p and ("str", p), q and ("str", q)]
                                                    for i, p, q in texts]
    assert kinds(read(dj["n"].objects.using("plain"))) == {"int", "Decimal"}
    assert inspectdb("plain", "dj_f") == [
        "price = models.TextField(blank=True, null=True)  # This field type is a guess.",
        "qty = models.TextField(blank=True, null=True)  # This field type is a guess."]


@pytest.fixture(scope="module")
def seen(dj):
    """What the same model reads and computes over each table through the recipe's backend; both
    tables get the same writes through the ORM."""
    from django.db.models import Avg, F, Max, Sum
    orm_tables("dj")
    out = {"texts": orm_texts("clients.dj_n")}
    for key in "nf":
        model = dj[key]
        got = out[key] = {"rows": read(model.objects)}
        got["bound"] = list(model.objects.filter(price__gt=D("9.99")).order_by("id").values_list("id", flat=True))
        got["literal"] = list(model.objects.extra(where=["price >= 9.99"]).order_by("id").values_list("id", flat=True))
        got["order"] = list(model.objects.order_by(F("qty").desc(nulls_last=True), "id").values_list("id", flat=True))
        got["aggregates"] = {k: rep(v) for k, v in model.objects.filter(id__in=[1, 6]).aggregate(
            s=Sum("price"), a=Avg("price"), m=Max("qty"), p=Sum(F("price") * F("qty"))).items()}
        model.objects.filter(id__lt=3).update(price=F("price") * D("1.1"))
        model.objects.create(id=8, price=D("0.05"), qty=LONG)
        model.objects.filter(id=8).update(price=D("-12345.675"), qty=F("qty") * 3)
        model.objects.bulk_create([model(id=9 + i, price=p, qty=q) for i, (p, q) in enumerate(
            [(D("1.005"), D("NaN")), (D("-0.00"), D("1E-60")), (None, D("0")), (D("9999999999.99"), D(1))])])
        got["written"] = read(model.objects)
    return out


def test_values(seen):
    assert_same_values(seen)


def test_queries(seen):
    assert_same_queries(seen)
    assert kinds(list(seen["f"]["aggregates"].values())) == {"Decimal"}


def test_writes(seen):
    assert seen["f"]["written"] == seen["n"]["written"]
    with decimal.localcontext() as exact:
        exact.prec = 100
        assert ("Decimal", str(LONG * 3)) in [r[2] for r in seen["f"]["written"]]
    assert_same_tables("dj")


def test_inspectdb(dj):
    """with the recipe, inspectdb writes the fastnumeric table's fields as numeric's"""
    orm_tables("dj")
    assert inspectdb("default", "dj_f") == inspectdb("default", "dj_n") == [
        "price = models.DecimalField(max_digits=12, decimal_places=2, blank=True, null=True)",
        "qty = models.DecimalField(max_digits=65535, decimal_places=65535, blank=True, null=True)"]  # numeric's, as psycopg2 reads no typmod


def test_migrations(dj):
    """a migration creating a FastNumericField, one relabelling a numeric column by RunSQL"""
    from django.db import connection, migrations, models
    from django.db.migrations.state import ProjectState
    migration = migrations.Migration("0001_initial", "orm")
    migration.operations = [
        migrations.CreateModel("Made", [("id", models.AutoField(primary_key=True)),
                                        ("price", dj["backend"].FastNumericField(max_digits=12, decimal_places=2))],
                               options={"db_table": "dj_made"}),
        migrations.RunSQL("CREATE TABLE dj_old (id int PRIMARY KEY, price numeric(12,2));"
                          " ALTER TABLE dj_old ALTER price TYPE fastnumeric(12,2)",
                          reverse_sql="DROP TABLE dj_old"),
    ]
    with connection.schema_editor() as editor:
        state = migration.apply(ProjectState(), editor)
    assert psql("SELECT attrelid::regclass, format_type(atttypid, atttypmod) FROM pg_attribute"
                " WHERE attrelid IN ('clients.dj_made'::regclass, 'clients.dj_old'::regclass) AND attname = 'price'"
                " ORDER BY 1") == [["clients.dj_made", "fastnumeric(12,2)"], ["clients.dj_old", "fastnumeric(12,2)"]]
    made = state.apps.get_model("orm", "Made")
    made.objects.create(price=D("12.345"))
    assert rep(made.objects.get().price) == ("Decimal", "12.35")
    with connection.schema_editor() as editor:
        migration.unapply(state, editor)
    assert psql("SELECT to_regclass('clients.dj_made'), to_regclass('clients.dj_old')") == [["", ""]]
