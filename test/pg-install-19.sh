# shellcheck shell=bash disable=SC2154,SC2034  # cache, stage, apt_opts, logf, result: pg-install's
# PostgreSQL 19 for test/pg-install (sourced by it after test/pg-install-17.sh: uses its cache,
# lock, stage_dir, new_log, logged, private_apt, check_tree, and 17's mk_var and
# drop_foreign_flags).
#
# Debian serves 19 in experimental as binary packages only (no source), built for unstable: its
# programs need unstable's glibc, ICU, OpenSSL, libxml2, ..., none of which Debian 12 has in that
# version. So 19's prefix is a small root tree holding, unpacked (never installed):
#   postgresql-19, postgresql-client-19, postgresql-server-dev-19, libpq5 and libpq-dev, all of
#   the newest 19 version that unstable or experimental serves, and
#   the libraries their Depends name, transitively, in unstable's version (experimental's only
#   where no version of unstable satisfies the Depends). Only libraries are followed (lib*,
#   zlib1g; not -dev, perl, python or LLVM): postgresql-common, locales, tzdata and the like are
#   not needed to run the programs, and JIT (postgresql-19-jit, LLVM) is left out: 19 has jit
#   off by default and the server runs without its provider.
# Debian's layout is kept inside the tree, and bin/ at its top links to the programs:
#   usr/lib/postgresql/19/{bin,lib}   programs, modules, lib/pgxs (pg_regress too)
#   usr/share/postgresql/19           share files, extension/
#   usr/include/postgresql/19/server  server headers (libpq's in usr/include/postgresql)
#   usr/lib/x86_64-linux-gnu          libpq and unstable's libraries, its ld-linux-x86-64.so.2 too
# Debian's pg_config and server compute their directories from their own location, so they
# answer with paths inside the tree. Every ELF file of PostgreSQL gets, with patchelf, the tree's
# loader as its interpreter and the tree's library directory as its DT_RPATH (which, unlike a
# RUNPATH, also serves the libraries they load, and comes before LD_LIBRARY_PATH). Those paths
# are absolute, so the tree only runs where it was made: it is patched for its final place,
# renamed there, checked there, and only then stamped.
# PGXS is set to build without LLVM bitcode (clang-21) and without the compiler flags of
# unstable's gcc that Debian 12's gcc 12 rejects, as for 17, and pg_config.h to what gcc 12 and
# Debian 12's glibc headers have (pg19_fit_pg_config_h), so that C modules build too.
# test/pg-install-production.sh runs Debian's binaries for unstable (pgbackrest, modules) the same
# way: pg19_own_loader, pg19_adopt.

PG19_SUITES="unstable experimental"
PG19_ARCH_DIR=usr/lib/x86_64-linux-gnu

# The binary package index of the private apt sources in apt_opts, as the lines "PACKAGE VERSION
# SUITE DEPENDS PROVIDES" (tab-separated; Pre-Depends counted as Depends) of the packages the
# closure can reach: libraries, 19's packages and the PACKAGEs named.
pg19_index() {   # OUT [PACKAGE...]
    local out=$1 file suite
    shift
    : >"$out"
    # shellcheck disable=SC2016  # $(FILENAME) and $(SUITE) are apt's fields
    while read -r file suite; do
        /usr/lib/apt/apt-helper cat-file "$file" | awk -v suite="$suite" -v extra=" $* " '
            function flush() {
                if (p ~ /^(lib|zlib1g$|postgresql-(client-|server-dev-)?19$)/ || index(extra, " " p " "))
                    printf "%s\t%s\t%s\t%s\t%s\n", p, v, suite, dep, prov
                p = v = dep = prov = ""
            }
            /^Package: / { flush(); p = $2; next }
            /^Version: / { v = $2; next }
            /^(Pre-)?Depends: / { sub(/^[^:]*: /, ""); dep = dep == "" ? $0 : dep ", " $0; next }
            /^Provides: / { sub(/^Provides: /, ""); prov = $0; next }
            END { flush() }' >>"$out"
    done < <(apt-get "${apt_opts[@]}" indextargets --format '$(FILENAME) $(SUITE)' \
        'Created-By: Packages' 'Architecture: amd64')
    [[ -s $out ]] || die "no binary package index in the private apt lists"
}

# The dependencies the closure follows: shared libraries, not their -dev packages, nor what only
# JIT, PL/Perl or PL/Python would load.
pg19_follows() {   # PACKAGE
    [[ $1 =~ ^(lib|zlib1g$) && ! $1 =~ (-dev$|^libllvm|^libclang|^libz3-|^libperl|^libpython) ]]
}

# True when VERSION meets every constraint of CONSTRAINTS ("OP VERSION;OP VERSION;...").
pg19_satisfies() {   # VERSION CONSTRAINTS
    local c
    local -a list
    IFS=';' read -r -a list <<<"$2"
    for c in "${list[@]}"; do
        [[ -n $c ]] || continue
        dpkg --compare-versions "$1" "${c%% *}" "${c#* }" || return 1
    done
}

# The version of PACKAGE to unpack: unstable's newest that meets CONSTRAINTS, else any suite's.
pg19_pick() {   # INDEX PACKAGE CONSTRAINTS
    local index=$1 pkg=$2 cons=$3 ver suite best='' best_unstable=''
    while IFS=$'\t' read -r ver suite; do
        pg19_satisfies "$ver" "$cons" || continue
        if [[ -z $best ]] || dpkg --compare-versions "$ver" gt "$best"; then best=$ver; fi
        if [[ $suite == unstable ]] && { [[ -z $best_unstable ]] \
            || dpkg --compare-versions "$ver" gt "$best_unstable"; }; then
            best_unstable=$ver
        fi
    done < <(awk -F'\t' -v p="$pkg" '$1 == p { print $2 "\t" $3 }' "$index")
    [[ -n ${best_unstable:-$best} ]] || return 1
    echo "${best_unstable:-$best}"
}

# A real package that Provides NAME (unstable's first), for a dependency on a virtual one.
pg19_provider() {   # INDEX NAME
    awk -F'\t' -v n="$2" '
        { k = split($5, a, /, */)
          for (i = 1; i <= k; i++) { sub(/ .*/, "", a[i]); if (a[i] == n) { print $3 "\t" $1; next } } }' "$1" \
        | sort -r | head -n 1 | cut -f 2
}

# The packages to unpack for ROOTS (PACKAGE=VERSION each), as PACKAGE=VERSION lines.
pg19_closure() {   # INDEX ROOT...
    local index=$1 root pkg ver deps group alt name op req found
    shift
    local -A chosen=() cons=()
    local -a queue=() groups alts
    for root; do
        cons[${root%%=*}]="= ${root#*=}"
        queue+=("${root%%=*}")
    done
    while ((${#queue[@]})); do
        pkg=${queue[0]}
        queue=("${queue[@]:1}")
        [[ -z ${chosen[$pkg]:-} ]] || continue
        ver=$(pg19_pick "$index" "$pkg" "${cons[$pkg]:-}") \
            || die "no version of $pkg in $PG19_SUITES meets ${cons[$pkg]:-}"
        chosen[$pkg]=$ver
        deps=$(awk -F'\t' -v p="$pkg" -v v="$ver" '$1 == p && $2 == v { print $4; exit }' "$index")
        IFS=',' read -r -a groups <<<"$deps"
        for group in "${groups[@]}"; do
            # the first alternative that is a library the index has (or a package provides)
            IFS='|' read -r -a alts <<<"$group"
            found=
            for alt in "${alts[@]}"; do
                read -r name op req <<<"${alt//[()]/ }"
                name=${name%%:*}
                pg19_follows "$name" || continue
                if ! awk -F'\t' -v p="$name" '$1 == p { f = 1; exit } END { exit !f }' "$index"; then
                    name=$(pg19_provider "$index" "$name")
                    [[ -n $name ]] || continue
                    op=
                fi
                found=$name
                break
            done
            [[ -n $found ]] || continue
            if [[ -n $op ]]; then
                cons[$found]+=";$op $req"
                # a version chosen before this constraint was known is chosen again
                if [[ -n ${chosen[$found]:-} ]] && ! pg19_satisfies "${chosen[$found]}" "$op $req"; then
                    unset "chosen[$found]"
                fi
            fi
            [[ -n ${chosen[$found]:-} ]] || queue+=("$found")
        done
    done
    for pkg in "${!chosen[@]}"; do echo "$pkg=${chosen[$pkg]}"; done | sort
}

# Makes the configure results in pg_config.h FILE that the headers act on true of this
# machine's C compiler CC and C library: unstable's gcc has typeof_unqual (gcc 12 has neither it
# nor __typeof_unqual__: copyObject() then does without its cast; C++ has its own in c.h) and
# its glibc declares strlcpy and strlcat (Debian 12's does not: port.h then declares them, and
# the glibc the server runs on defines them).
pg19_fit_pg_config_h() {   # FILE CC
    local h=$1 cc=$2 name
    if grep -q '^#define HAVE_TYPEOF_UNQUAL 1$' "$h" \
        && ! echo 'int x; typeof_unqual(x) y;' | "$cc" -x c -c -o /dev/null - 2>/dev/null; then
        if echo 'int x; __typeof_unqual__(x) y;' | "$cc" -x c -c -o /dev/null - 2>/dev/null; then
            sed -i 's|^/\* #undef typeof_unqual \*/$|#define typeof_unqual __typeof_unqual__|' "$h"
        else
            sed -i "s|^#define HAVE_TYPEOF_UNQUAL 1\$|/* #undef HAVE_TYPEOF_UNQUAL: not in $cc here */|" "$h"
        fi
        log "$(basename "$h"): typeof_unqual is not in $cc here"
    fi
    while read -r name; do
        printf '#include <string.h>\n#include <stdlib.h>\n#include <unistd.h>\n#include <fcntl.h>\n#include <sys/uio.h>\nvoid *p = (void *) %s;\n' \
            "${name,,}" | "$cc" -x c -D_GNU_SOURCE -c -o /dev/null - 2>/dev/null && continue
        sed -i "s/^#define HAVE_DECL_$name 1\$/#define HAVE_DECL_$name 0/" "$h"
        log "$(basename "$h"): ${name,,} is not declared by this machine's C library"
    done < <(sed -n 's/^#define HAVE_DECL_\([A-Z0-9_]*\) 1$/\1/p' "$h")
}

# The loader PROGRAM asks for when it is not this machine's (19's programs: their tree's).
pg19_own_loader() {   # PROGRAM
    local interp
    interp=$(readelf -l "$1" 2>/dev/null | sed -n 's/.*Requesting program interpreter: \(.*\)]$/\1/p')
    [[ -z $interp || $(realpath -m "$interp") == $(realpath -m /lib64/ld-linux-x86-64.so.2) ]] \
        || echo "$interp"
}

# Makes the files of Debian's binary package DEB (for unstable), unpacked in DIR, run on the
# loader LD of a 19 tree and the libraries beside it: every ELF file gets LD as its interpreter
# (programs) and LD's directory as its DT_RPATH, and the libraries the package's Depends need,
# transitively, of packages the tree (its .pg-install) does not hold, are unpacked into that
# directory (new files only; the index is that of the private apt sources in apt_opts, made in
# DIR). Fails, with the reason in $logf, when a file still misses a library.
pg19_adopt() {   # DIR DEB LD
    local dir=$1 deb=$2 ld=$3 libdir pkg ver f out bad held
    local -a pkgs
    libdir=$(dirname "$ld")
    held=$libdir/../../../.pg-install
    [[ -f $held ]] || held=/dev/null
    pkg=$(dpkg-deb -f "$deb" Package)
    ver=$(dpkg-deb -f "$deb" Version)
    (pg19_index "$dir.index" "$pkg") 2>>"$logf" || return 1
    (pg19_closure "$dir.index" "$pkg=$ver") >"$dir.closure" 2>>"$logf" || return 1
    mapfile -t pkgs < <(awk -F= -v p="$pkg" 'FILENAME == ARGV[1] { if ($1 == "package") held[$2] = 1; next }
                                            $1 != p && !($1 in held)' "$held" "$dir.closure")
    mkdir -p "$dir.libs/debs" "$dir.libs/x"
    if ((${#pkgs[@]})); then
        (cd "$dir.libs/debs" && apt-get "${apt_opts[@]}" download "${pkgs[@]}") >>"$logf" 2>&1 || return 1
        for f in "$dir.libs"/debs/*.deb; do dpkg-deb -x "$f" "$dir.libs/x"; done
        if [[ -d $dir.libs/x/$PG19_ARCH_DIR ]]; then
            while IFS= read -r -d '' f; do
                [[ -e $libdir/$(basename "$f") || -L $libdir/$(basename "$f") ]] && continue
                cp -a "$f" "$libdir/"
                echo "pg19_adopt: added $(basename "$f") to $libdir" >>"$logf"
            done < <(find "$dir.libs/x/$PG19_ARCH_DIR" -maxdepth 1 -name 'lib*.so.*' -print0)
        fi
    fi
    while IFS= read -r -d '' f; do
        pg19_is_elf "$f" || continue
        if patchelf --print-interpreter "$f" >/dev/null 2>&1; then
            patchelf --set-interpreter "$ld" "$f" >>"$logf" 2>&1 || return 1
        fi
        patchelf --force-rpath --set-rpath "$libdir" "$f" >>"$logf" 2>&1 || return 1
        out=$("$ld" --list "$f" 2>&1) || { echo "$f: $out" >>"$logf"; return 1; }
        bad=$(grep '=>' <<<"$out" | grep -v "=> $libdir/" || true)
        [[ -z $bad ]] || { echo "$f: $bad" >>"$logf"; return 1; }
    done < <(find "$dir" -type f -print0)
}

# True for a file that starts as ELF does.
pg19_is_elf() {   # FILE
    [[ -f $1 && ! -L $1 && $(head -c 4 "$1" | od -An -c | tr -d ' ') == 177ELF ]]
}

# Checks, with the tree's own loader, that each ELF file of PostgreSQL in PREFIX finds every
# library it links inside PREFIX (a library found on this machine instead would be Debian 12's).
pg19_check_libraries() {   # PREFIX LOADER
    local prefix=$1 ld=$2 f out bad
    while IFS= read -r -d '' f; do
        pg19_is_elf "$f" || continue
        out=$("$ld" --list "$f" 2>&1) || die "$f does not load with $ld: $out"
        bad=$(grep '=>' <<<"$out" | grep -v "=> $prefix/" || true)
        [[ -z $bad ]] || die "$f links libraries from outside $prefix: $bad"
    done < <(find "$prefix/usr/lib/postgresql" "$prefix/$PG19_ARCH_DIR"/libpq.so.* -type f -print0)
}

# Runs PROGRAM of PREFIX as the user who runs test clusters (postgres, as root).
pg19_as_cluster_user() {   # COMMAND...
    if [[ $(id -u) -eq 0 ]]; then
        runuser -u postgres -- "$@"
    else
        "$@"
    fi
}

# initdb and a query in single-user mode: the server really runs on unstable's libraries.
pg19_smoke_test() {   # PREFIX DIR
    local bin=$1/bin dir=$2 out
    [[ $(id -u) -ne 0 ]] || chown postgres "$dir"
    logged "$logf" pg19_as_cluster_user "$bin/initdb" -D "$dir/data" -U postgres -A trust --no-sync \
        --no-instructions
    out=$(pg19_as_cluster_user "$bin/postgres" --single -D "$dir/data" postgres \
        <<<"SELECT 'pg-install-19 ' || version();" 2>&1) || true
    echo "$out" >>"$logf"
    grep -q 'pg-install-19 PostgreSQL 19' <<<"$out" \
        || die "19's server does not answer in single-user mode (log: $logf)"
}

install_19() {
    local prefix=$cache/19 stage_root index newest pkgs roots version f ld rpath n tmp cc
    result=$prefix/bin/pg_config
    cached "$prefix" && return
    lock 19
    cached "$prefix" && return
    [[ $(dpkg --print-architecture) == amd64 ]] || die "19 is unpacked from x86-64 binaries only"
    need_commands patchelf dpkg-deb:dpkg make gcc g++ readelf:binutils
    install_missing

    new_log 19
    stage_dir 19
    stage_root=$stage/root
    mkdir -p "$stage_root" "$stage/debs"
    private_apt "$stage/apt" deb "$PG19_SUITES" "$logf"
    index=$stage/index.tsv
    pg19_index "$index"

    # the newest 19 served, and everything of that version; libpq's headers too while the same
    # source package builds them (libpq5 comes with the Depends)
    newest=
    while read -r f; do
        if [[ -z $newest ]] || dpkg --compare-versions "$f" gt "$newest"; then newest=$f; fi
    done < <(awk -F'\t' '$1 == "postgresql-19" { print $2 }' "$index")
    [[ -n $newest ]] || die "neither unstable nor experimental serves postgresql-19"
    roots=(postgresql-19="$newest" postgresql-client-19="$newest" postgresql-server-dev-19="$newest")
    if awk -F'\t' -v v="$newest" '$1 == "libpq-dev" && $2 == v { f = 1 } END { exit !f }' "$index"; then
        roots+=(libpq-dev="$newest")
    fi
    pg19_closure "$index" "${roots[@]}" >"$stage/closure"
    mapfile -t pkgs <"$stage/closure"
    printf '%s\n' "${pkgs[@]}" >>"$logf"
    log "downloading postgresql-19 $newest and the ${#pkgs[@]} packages it needs (log: $logf)"
    (cd "$stage/debs" && logged "$logf" apt-get "${apt_opts[@]}" download "${pkgs[@]}")
    n=$(find "$stage/debs" -name '*.deb' | wc -l)
    ((n == ${#pkgs[@]})) || die "downloaded $n packages of ${#pkgs[@]} (log: $logf)"
    for f in "$stage"/debs/*.deb; do dpkg-deb -x "$f" "$stage_root"; done
    rm -rf "$stage_root/usr/share/doc" "$stage_root/usr/share/man" "$stage_root/usr/share/lintian" \
        "$stage_root/usr/share/bug" "$stage_root/usr/share/postgresql/19/man"
    # an absolute link of a package would point at this machine's file: made relative, inside
    while IFS= read -r -d '' f; do
        n=$(readlink "$f")
        [[ $n == /* ]] || continue
        ln -sfn "$(realpath -m --relative-to="$(dirname "$f")" "$stage_root$n")" "$f"
    done < <(find "$stage_root" -type l -print0)
    ln -s usr/lib/postgresql/19/bin "$stage_root/bin"
    [[ -x $stage_root/bin/postgres && -x $stage_root/bin/pg_config ]] \
        || die "the packages hold no postgres or pg_config"

    # PostgreSQL's programs and libraries use the tree's loader and libraries, where it will be
    ld=$prefix/$PG19_ARCH_DIR/ld-linux-x86-64.so.2
    rpath=$prefix/$PG19_ARCH_DIR
    [[ -f $stage_root/$PG19_ARCH_DIR/ld-linux-x86-64.so.2 ]] || die "libc6 brought no ld-linux-x86-64.so.2"
    n=0
    while IFS= read -r -d '' f; do
        pg19_is_elf "$f" || continue
        if patchelf --print-interpreter "$f" >/dev/null 2>&1; then
            logged "$logf" patchelf --set-interpreter "$ld" "$f"
        fi
        logged "$logf" patchelf --force-rpath --set-rpath "$rpath" "$f"
        n=$((n + 1))
    done < <(find "$stage_root/usr/lib/postgresql" "$stage_root/$PG19_ARCH_DIR"/libpq.so.* -type f -print0)
    log "patched $n ELF files of PostgreSQL to run on unstable's libraries in $prefix"

    # PGXS without LLVM bitcode and with the flags gcc 12 takes (see test/pg-install-17.sh)
    f=$stage_root/usr/lib/postgresql/19/lib/pgxs/src/Makefile.global
    [[ -f $f ]] || die "no Makefile.global in the packages"
    sed -i -e 's/^\(with_llvm[[:space:]]*=\).*/\1 no/' \
        -e 's/^\(CLANG\|LLVM_CONFIG\|LLVM_BINPATH\)[[:space:]]*=.*/\1 =/' "$f"
    [[ $(mk_var "$f" with_llvm) == no ]] || die "could not turn off with_llvm"
    cc=$(mk_var "$f" CC)
    drop_foreign_flags "$f" CFLAGS "$cc" c
    drop_foreign_flags "$f" CXXFLAGS "$(mk_var "$f" CXX)" c++
    for f in "$stage_root/usr/include/postgresql/19/server/pg_config.h" \
        "$stage_root/usr/include/postgresql/pg_config.h"; do
        if [[ -f $f ]]; then pg19_fit_pg_config_h "$f" "$cc"; fi
    done

    # renamed into place, checked there (the paths above are absolute), then stamped
    chmod -R a+rX "$stage_root"
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/pg-install-19.XXXXXX")
    work_dirs+=("$tmp")
    rm -rf "$prefix"
    mv -T "$stage_root" "$prefix"
    if ! (
        check_tree "$prefix" 19 amcheck postgres_fdw pg_stat_statements auto_explain
        pg19_check_libraries "$prefix" "$ld"
        for f in psql pg_dump pg_upgrade pgbench pg_basebackup; do
            "$prefix/bin/$f" --version >/dev/null || die "$f of 19 does not run"
        done
        f=$(dirname "$("$prefix/bin/pg_config" --pgxs)")/../test/regress/pg_regress
        "$f" --version >/dev/null || die "pg_regress of 19 does not run"
        for f in --bindir --pkglibdir --sharedir --includedir-server --pgxs; do
            [[ $("$prefix/bin/pg_config" "$f") == "$prefix"/* ]] \
                || die "pg_config $f is outside $prefix: $("$prefix/bin/pg_config" "$f")"
        done
        pg19_smoke_test "$prefix" "$tmp"
    ); then
        rm -rf "$prefix"
        die "the unpacked 19 does not work here (log: $logf)"
    fi
    version=$("$prefix/bin/pg_config" --version)
    {
        printf 'version=%s\nsuites=%s\n' "$version" "$PG19_SUITES"
        printf 'package=%s\n' "${pkgs[@]}"
    } >"$prefix/.pg-install.new"
    mv "$prefix/.pg-install.new" "$prefix/.pg-install"
    log "$version ready in $prefix ($n patched ELF files, ${#pkgs[@]} packages of $PG19_SUITES)"
}
