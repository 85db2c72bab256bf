# shellcheck shell=bash
# Prerequisites, checked by the file that is actually read or run, each mapped to the Debian
# package that provides it. Sourced by test/run and bench/lib.sh.
#
#   prereq_file PATH PACKAGE     PACKAGE is needed unless the file PATH exists
#   prereq_glob PATTERN PACKAGE  ... unless some file matches PATTERN
#   prereq_command NAME PACKAGE  ... unless NAME is on PATH
#   prereq_debian_pg MAJOR       Debian's server MAJOR and its pg_config (the client package);
#                                install them before the two checks below read pg_config
#   prereq_build PG_CONFIG       what `make` reads for that server: postgres.h, g++, make, and
#                                clang and llvm-lto when that server's PGXS builds JIT bitcode
#   prereq_server PG_CONFIG      what a test cluster runs: initdb, postgres, pg_regress, pgbench,
#                                and the contrib modules the tests load
#   prereq_clients               the test package's python3, pytest and psycopg, and the client
#                                libraries and ORMs test/clients tests (npm's aside: prereq_npm_clients)
#   prereq_packaging             what test/package/run builds and installs packages with:
#                                dpkg-buildpackage, debhelper with pg_buildext's sequences,
#                                lintian, and PGXN's client
#   prereq_production PG_CONFIG  what test/production starts beside that server: pgbouncer and
#                                pgbackrest, and for a Debian server its packaged hypopg,
#                                pg_qualstats, pgaudit and pg_repack (test/pg-install puts those
#                                and a pgBackRest that knows them into 17's and 18's prefixes;
#                                Debian 12's pgbackrest package brings the libraries it links)
#   prereq_npm_clients           npm's pg, pg-copy-streams, sequelize and typeorm for test/clients,
#                                into a cache outside the repository (call after prereq_install: it needs npm)
#   prereq_install               apt-get install everything found missing (root or sudo)
#
# Why by file: on Debian 12, pgxs.mk and pg_config ship in postgresql-client-15, so their presence
# says nothing about the server headers in postgresql-server-dev-15.

PREREQ_MISSING=()

prereq_need() {
    local pkg
    for pkg in "${PREREQ_MISSING[@]}"; do [[ $pkg == "$1" ]] && return 0; done
    PREREQ_MISSING+=("$1")
}

prereq_file() { [[ -e $1 ]] || prereq_need "$2"; }
prereq_glob() { compgen -G "$1" >/dev/null || prereq_need "$2"; }
prereq_command() { command -v "$1" >/dev/null || prereq_need "$2"; }

# The Debian package of a file of PostgreSQL MAJOR, or nothing for a server built elsewhere
# (which has all of its files once it is installed at all).
prereq_pg_package() {   # PG_CONFIG SUFFIX
    local dir
    dir=$("$1" --bindir 2>/dev/null) || return 0
    if [[ $dir =~ ^/usr/lib/postgresql/([0-9]+)/bin$ ]]; then
        echo "postgresql${2}-${BASH_REMATCH[1]}"
    fi
}

# The value of VAR in the Makefile.global that PGXS includes for PG_CONFIG.
prereq_pgxs_var() {   # PG_CONFIG VAR
    local global
    global=$(dirname "$("$1" --pgxs)")/../Makefile.global
    sed -n "s/^$2[[:space:]]*=[[:space:]]*//p" "$global" | tail -n 1
}

prereq_debian_pg() {
    prereq_file "/usr/lib/postgresql/$1/bin/postgres" "postgresql-$1"
    prereq_file "/usr/lib/postgresql/$1/bin/pg_config" "postgresql-client-$1"
}

prereq_build() {
    local pg_config=$1 dev clang binpath
    prereq_command make make
    prereq_command g++ g++
    dev=$(prereq_pg_package "$pg_config" -server-dev)
    if [[ -n $dev ]]; then
        prereq_file "$("$pg_config" --includedir-server)/postgres.h" "$dev"
    fi
    if [[ $(prereq_pgxs_var "$pg_config" with_llvm) == yes ]]; then
        clang=$(prereq_pgxs_var "$pg_config" CLANG)
        binpath=$(prereq_pgxs_var "$pg_config" LLVM_BINPATH)
        # Debian 12 builds its servers with LLVM 14; a server built here has with_llvm = no
        prereq_file "$clang" clang-14
        prereq_file "$binpath/llvm-lto" llvm-14
    fi
}

prereq_server() {
    local pg_config=$1 server bindir share pgxs ext
    server=$(prereq_pg_package "$pg_config" "")
    [[ -n $server ]] || return 0
    bindir=$("$pg_config" --bindir)
    share=$("$pg_config" --sharedir)
    pgxs=$(dirname "$("$pg_config" --pgxs)")/..
    prereq_file "$bindir/initdb" "$server"
    prereq_file "$bindir/postgres" "$server"
    prereq_file "$bindir/pgbench" "$server"
    prereq_file "$pgxs/test/regress/pg_regress" "${server/postgresql-/postgresql-client-}"
    for ext in amcheck postgres_fdw pg_stat_statements; do
        prereq_file "$share/extension/$ext.control" "$server"
    done
}

prereq_clients() {
    prereq_file /usr/bin/python3 python3
    prereq_file /usr/lib/python3/dist-packages/pytest/__init__.py python3-pytest
    prereq_file /usr/lib/python3/dist-packages/psycopg2/__init__.py python3-psycopg2
    prereq_file /usr/lib/python3/dist-packages/psycopg/__init__.py python3-psycopg
    prereq_file /usr/lib/python3/dist-packages/asyncpg/__init__.py python3-asyncpg
    prereq_command ruby ruby
    prereq_file /usr/lib/ruby/vendor_ruby/pg.rb ruby-pg
    prereq_file /usr/lib/python3/dist-packages/sqlalchemy/__init__.py python3-sqlalchemy
    prereq_file /usr/lib/python3/dist-packages/django/__init__.py python3-django
    prereq_glob '/usr/share/rubygems-integration/all/gems/activerecord-6.*/lib/active_record.rb' ruby-activerecord
    prereq_file /usr/share/java/postgresql.jar libpostgresql-jdbc-java
    prereq_command java default-jdk-headless
    prereq_command javac default-jdk-headless
    prereq_command node nodejs
    prereq_command npm npm
}

prereq_packaging() {
    prereq_command dpkg-buildpackage dpkg-dev
    prereq_file /usr/share/build-essential/essential-packages-list build-essential
    prereq_command dh debhelper
    prereq_file /usr/share/perl5/Debian/Debhelper/Sequence/pgxs_loop.pm postgresql-server-dev-all
    prereq_command lintian lintian
    prereq_command pgxn pgxnclient
    prereq_command git git
}

prereq_production() {
    local lib major
    prereq_command pgbouncer pgbouncer
    prereq_command pgbackrest pgbackrest
    [[ $("$1" --bindir) =~ ^/usr/lib/postgresql/([0-9]+)/bin$ ]] || return 0
    major=${BASH_REMATCH[1]}
    lib=$("$1" --pkglibdir)
    prereq_file "$lib/hypopg.so" "postgresql-$major-hypopg"
    prereq_file "$lib/pg_qualstats.so" "postgresql-$major-pg-qualstats"
    prereq_file "$lib/pgaudit.so" "postgresql-$major-pgaudit"
    prereq_file "$lib/pg_repack.so" "postgresql-$major-repack"
}

# The cache test/clients/conftest.py reads (FASTNUMERIC_NPM_PREFIX overrides).
NPM_CLIENT_PACKAGES=(pg@8.23.1 pg-copy-streams@7.0.0 sequelize@6.37.8 typeorm@0.3.31)
if [[ $(id -u) -eq 0 ]]; then
    export FASTNUMERIC_NPM_PREFIX=${FASTNUMERIC_NPM_PREFIX:-/var/cache/fastnumeric/npm}
else
    export FASTNUMERIC_NPM_PREFIX=${FASTNUMERIC_NPM_PREFIX:-$HOME/.cache/fastnumeric/npm}
fi

prereq_npm_clients() {
    local pkg json missing=()
    for pkg in "${NPM_CLIENT_PACKAGES[@]}"; do
        json=$FASTNUMERIC_NPM_PREFIX/node_modules/${pkg%@*}/package.json
        [[ -f $json && $(node -p "require('$json').version" 2>/dev/null) == "${pkg##*@}" ]] || missing+=("$pkg")
    done
    ((${#missing[@]})) || return 0
    printf '\n=== npm install %s into %s\n' "${missing[*]}" "$FASTNUMERIC_NPM_PREFIX" >&2
    mkdir -p "$FASTNUMERIC_NPM_PREFIX"
    (cd "$FASTNUMERIC_NPM_PREFIX" && npm install --prefix "$FASTNUMERIC_NPM_PREFIX" --no-audit --no-fund \
        "${NPM_CLIENT_PACKAGES[@]}" >&2) || echo "npm install failed: the node-postgres, Sequelize and TypeORM tests will fail" >&2
}

prereq_install() {
    ((${#PREREQ_MISSING[@]})) || return 0
    printf '\n=== installing %s\n' "${PREREQ_MISSING[*]}" >&2
    local sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${PREREQ_MISSING[@]}" >/dev/null
    PREREQ_MISSING=()
}
