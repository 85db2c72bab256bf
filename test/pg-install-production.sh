# shellcheck shell=bash disable=SC2154  # cache, stage, apt_opts and logf are test/pg-install's
# What test/production runs beside a server that test/pg-install made (sourced by it: uses its
# cache, lock, stage_dir, logged, private_apt and download_source, and for 19 the pg19_*
# functions of test/pg-install-19.sh). Debian 12 packages these for its own PostgreSQL 15 only,
# and its pgBackRest 2.45 knows PostgreSQL up to 15.
#
#   modules        hypopg, pg_qualstats, pgaudit (the branch of the server's major: pgaudit-17,
#                  pgaudit-18) and pg_repack with its client. Debian's source package, from the
#                  first of sid, trixie and experimental whose upstream tarball this machine's
#                  Debian archive serves, built with PGXS against the server's pg_config; where it
#                  serves none, Debian's binary package of the module for that major (trixie has
#                  17's, sid 18's, experimental 19's), unpacked, provided that its libraries load
#                  with Debian 12's glibc. Client programs are built against the prefix the
#                  server's psql comes from (17's clients are 18's: test/pg-install-17.sh).
#   pgbackrest     the first of Debian's binary packages (sid, trixie) whose program runs here.
#   19             19's programs run on a loader and libraries of unstable in their own tree
#                  (test/pg-install-19.sh): Debian's binary packages are made to run on those too
#                  (pg19_adopt: sid's pgbackrest, the 19 modules of experimental), and client
#                  programs, which cannot be linked here against that tree's libpq, are built
#                  against Debian 12's libpq with 15's PGXS.
#   pg_basebackup  for a prefix without one (17's: npm's server has none), a link to the one
#                  beside its psql, like its other clients.
# All of it goes into the server's prefix (the directory above its bindir) and is listed in the
# prefix's .production stamp, written last; a prefix whose stamp names PRODUCTION_SPEC is left
# alone. Something that cannot be had is left out (test/production says which parts then do not
# run) and no stamp is written, so that the next run tries again; unless all that is left out is
# known to be absent for that major (PRODUCTION_ABSENT): the stamp then names it.

# Bump when what is installed changes: the stamps of older runs then no longer match.
PRODUCTION_SPEC="1 hypopg pg_qualstats pgaudit pg_repack pgbackrest pg_basebackup"

# module, Debian's source package, Debian's binary package (MAJOR: the server's major)
PRODUCTION_MODULES=(
    "hypopg hypopg postgresql-MAJOR-hypopg"
    "pg_qualstats pg-qualstats postgresql-MAJOR-pg-qualstats"
    "pgaudit pgaudit-MAJOR postgresql-MAJOR-pgaudit"
    "pg_repack pg-repack postgresql-MAJOR-repack"
)
PRODUCTION_SUITES=(sid trixie experimental)

# What Debian's archive has nothing of that works for a major, checked on 19~rc1-1 (MAJOR NAME...):
#   19  hypopg 1.4.2, the newest source served, does not build against 19 (get_relation_info_hook,
#       Int8GetDatum, tuplestore.h); no postgresql-19-hypopg. pg-qualstats' source is listed but
#       not served by this machine's archive (404), and there is no postgresql-19-pg-qualstats.
PRODUCTION_ABSENT=("19 hypopg pg_qualstats")

# True when every ELF file under DIR loads with this machine's libraries (ldd names a missing
# library or symbol version otherwise); the first complaint goes to the log. For a server with a
# loader of its own ($own_ld, 19's), the files of DEB are made to load with that one (pg19_adopt).
loads_here() {   # DIR [DEB]
    if [[ -n ${own_ld:-} ]]; then
        pg19_adopt "$1" "$2" "$own_ld"
        return
    fi
    local f out
    while IFS= read -r -d '' f; do
        [[ $(head -c 4 "$f" | od -An -c | tr -d ' ') == 177ELF ]] || continue
        out=$(ldd "$f" 2>&1) || true
        if grep -qE 'not found|No such file' <<<"$out"; then
            grep -m 1 -E 'not found|No such file' <<<"$out" >>"$logf"
            return 1
        fi
    done < <(find "$1" -type f -print0)
}

# Unpacks Debian's binary package PKG (downloaded into DIR) and prints where; fails when it is
# not to be had or does not load here.
unpacked_deb() {   # DIR PKG
    local dir=$1 pkg=$2 deb
    mkdir -p "$dir/debs"
    (cd "$dir/debs" && apt-get "${apt_opts[@]}" download "$pkg") >>"$logf" 2>&1 || return 1
    deb=$(echo "$dir"/debs/*.deb)
    [[ -f $deb ]] || return 1
    dpkg-deb -x "$deb" "$dir/x"
    loads_here "$dir/x" "$deb" || { log "  $(basename "$deb") does not load on this machine (log: $logf)"; return 1; }
    echo "$dir/x"
}

# Builds module NAME from the upstream TARBALL against PG_CONFIG into $root (DESTDIR).
build_module() {   # NAME TARBALL PG_CONFIG CLIENT_PG_CONFIG
    local name=$1 tarball=$2 pgc=$3 client=$4 dir src
    dir=$stage/build-$name
    mkdir -p "$dir"
    tar -xf "$tarball" -C "$dir"
    src=$(echo "$dir"/*/)
    [[ -f $src/Makefile ]] || { echo "no Makefile in $tarball" >>"$logf"; return 1; }
    if [[ $name == pg_repack ]]; then
        # the extension for the server, the client program for the prefix its clients come from
        make -C "$src/lib" -j2 USE_PGXS=1 PG_CONFIG="$pgc" >>"$logf" 2>&1 || return 1
        make -C "$src/lib" USE_PGXS=1 PG_CONFIG="$pgc" install DESTDIR="$root" >>"$logf" 2>&1 || return 1
        make -C "$src/bin" -j2 USE_PGXS=1 PG_CONFIG="$client" >>"$logf" 2>&1 || return 1
        install -D -m 755 "$src/bin/pg_repack" "$root$("$pgc" --bindir)/pg_repack"
    else
        make -C "$src" -j2 USE_PGXS=1 PG_CONFIG="$pgc" >>"$logf" 2>&1 || return 1
        make -C "$src" USE_PGXS=1 PG_CONFIG="$pgc" install DESTDIR="$root" >>"$logf" 2>&1 || return 1
    fi
}

# Copies what binary package TREE holds for MAJOR into $root: its modules (not the LLVM bitcode:
# these servers have no JIT), extension files and programs.
place_deb() {   # TREE MAJOR PG_CONFIG
    local tree=$1 major=$2 pgc=$3 f
    for f in "$tree/usr/lib/postgresql/$major/lib/"*.so; do
        [[ -f $f ]] && install -D -m 755 "$f" "$root$("$pgc" --pkglibdir)/$(basename "$f")"
    done
    for f in "$tree/usr/share/postgresql/$major/extension/"*; do
        [[ -f $f ]] && install -D -m 644 "$f" "$root$("$pgc" --sharedir)/extension/$(basename "$f")"
    done
    for f in "$tree/usr/lib/postgresql/$major/bin/"*; do
        [[ -f $f ]] && install -D -m 755 "$f" "$root$("$pgc" --bindir)/$(basename "$f")"
    done
    return 0
}

install_production() {   # PG_CONFIG
    local pgc=$1 prefix bindir major name client line mod srcpkg binpkg suite tarball tree
    local got=() failed=() root stamp logf started dirs d t0 own_ld absent=
    bindir=$("$pgc" --bindir)
    prefix=$(dirname "$bindir")
    stamp=$prefix/.production
    [[ -f $stamp && $(head -n 1 "$stamp") == "spec=$PRODUCTION_SPEC" ]] && return 0
    name=production-$(basename "$prefix")
    lock "$name"
    [[ -f $stamp && $(head -n 1 "$stamp") == "spec=$PRODUCTION_SPEC" ]] && return 0
    major=$("$pgc" --version)
    major=${major#PostgreSQL }
    major=${major%%[!0-9]*}   # 18.1 -> 18, 19rc1 -> 19
    client=$(dirname "$(readlink -f "$bindir/psql")")/pg_config
    [[ -x $client ]] || client=$pgc
    own_ld=$(pg19_own_loader "$bindir/postgres")
    if [[ -n $own_ld ]]; then
        # what links the client programs against Debian 12's libpq, with 15's PGXS and its LIBS
        client=/usr/lib/postgresql/15/bin/pg_config
        need_commands patchelf
        prereq_file "$client" postgresql-client-15
        prereq_file /usr/lib/postgresql/15/lib/libpgcommon.a postgresql-server-dev-15
        prereq_file /usr/include/postgresql/libpq-fe.h libpq-dev
        prereq_glob '/usr/lib/*/libzstd.so' libzstd-dev
        prereq_glob '/usr/lib/*/liblz4.so' liblz4-dev
        prereq_glob '/usr/lib/*/libssl.so' libssl-dev
        prereq_glob '/usr/lib/*/libz.so' zlib1g-dev
        prereq_glob '/usr/lib/*/libreadline.so' libreadline-dev
    fi

    need_commands make gcc dpkg-deb:dpkg readelf:binutils
    # what Debian's pgBackRest programs link (Debian 12's pgbackrest package brings the same)
    prereq_glob '/usr/lib/*/libssh2.so.1' libssh2-1
    prereq_glob '/usr/lib/*/libxml2.so.2' libxml2
    prereq_glob '/usr/lib/*/liblz4.so.1' liblz4-1
    prereq_glob '/usr/lib/*/libzstd.so.1' libzstd1
    prereq_glob '/usr/lib/*/libpq.so.5' libpq5
    install_missing

    started=$SECONDS
    new_log "$name"
    stage_dir "$name"
    root=$stage/root
    mkdir -p "$root"
    log "making test/production's modules and tools ready in $prefix (log: $logf)"
    private_apt "$stage/apt" "deb deb-src" "${PRODUCTION_SUITES[*]}" "$logf"
    got+=("index of ${PRODUCTION_SUITES[*]}, $((SECONDS - started)) s")
    unset MAKEFLAGS MFLAGS MAKELEVEL

    for line in "${PRODUCTION_MODULES[@]}"; do
        read -r mod srcpkg binpkg <<<"${line//MAJOR/$major}"
        t0=$SECONDS
        tarball=
        for suite in "${PRODUCTION_SUITES[@]}"; do
            tarball=$(download_source "$stage/src-$mod-$suite" "$srcpkg/$suite" "$logf") && break
            tarball=
        done
        if [[ -n $tarball ]]; then
            log "  $mod: building $(basename "$tarball") ($suite)"
            if build_module "$mod" "$tarball" "$pgc" "$client"; then
                got+=("$mod source $(basename "$tarball") ($suite), $((SECONDS - t0)) s")
            else
                log "  $mod: the build failed (log: $logf)"
                failed+=("$mod")
            fi
        elif tree=$(unpacked_deb "$stage/deb-$mod" "$binpkg"); then
            log "  $mod: no source served; Debian's binary package $(basename "$stage/deb-$mod"/debs/*.deb)"
            place_deb "$tree" "$major" "$pgc"
            got+=("$mod binary $(basename "$stage/deb-$mod"/debs/*.deb), $((SECONDS - t0)) s")
        else
            log "  $mod: neither source nor a binary package that loads here"
            failed+=("$mod")
        fi
    done

    tree=
    t0=$SECONDS
    for suite in sid trixie; do
        tree=$(unpacked_deb "$stage/deb-pgbackrest-$suite" "pgbackrest/$suite") \
            && "$tree/usr/bin/pgbackrest" version >>"$logf" 2>&1 && break
        tree=
    done
    if [[ -n $tree ]]; then
        install -D -m 755 "$tree/usr/bin/pgbackrest" "$root$bindir/pgbackrest"
        got+=("pgbackrest binary $(basename "$stage/deb-pgbackrest-$suite"/debs/*.deb), $((SECONDS - t0)) s")
        log "  pgbackrest: $("$tree/usr/bin/pgbackrest" version) ($suite)"
    else
        log "  pgbackrest: no Debian build runs here"
        failed+=(pgbackrest)
    fi

    if [[ -x $bindir/pg_basebackup ]]; then
        got+=("pg_basebackup the server's own")
    elif [[ -L $bindir/psql && -x $(dirname "$(readlink -f "$bindir/psql")")/pg_basebackup ]]; then
        mkdir -p "$root$bindir"
        ln -s "$(dirname "$(readlink "$bindir/psql")")/pg_basebackup" "$root$bindir/pg_basebackup"
        got+=("pg_basebackup a link to $(readlink "$root$bindir/pg_basebackup"), like psql")
    else
        failed+=(pg_basebackup)
    fi

    # the server's directories get what the DESTDIR installs put there (documentation aside),
    # and nothing may have gone anywhere else
    rm -rf "$root$("$pgc" --docdir)"
    dirs=("$bindir" "$("$pgc" --pkglibdir)" "$("$pgc" --sharedir)")
    for d in "${dirs[@]}"; do
        [[ -d $root$d ]] || continue
        chmod -R a+rX "$root$d"
        cp -a "$root$d/." "$d/"
        rm -rf "${root:?}$d"
    done
    if [[ -n $(find "$root" \( -type f -o -type l \) -print -quit) ]]; then
        die "a module installed files outside ${dirs[*]}: $(find "$root" \( -type f -o -type l \) | head -n 3)"
    fi
    if ((${#failed[@]})); then
        for line in "${PRODUCTION_ABSENT[@]}"; do
            if [[ ${line%% *} == "$major" ]]; then absent=" ${line#* } "; fi
        done
        for mod in "${failed[@]}"; do
            if [[ ${absent:- } != *" $mod "* ]]; then
                log "left out: ${failed[*]} (test/production runs without them; the next run tries again)"
                return 0
            fi
        done
        log "left out: ${failed[*]}, of which Debian's archive has nothing that works for $major"
        for mod in "${failed[@]}"; do got+=("$mod absent for $major (PRODUCTION_ABSENT)"); done
    fi
    { echo "spec=$PRODUCTION_SPEC"; printf '%s\n' "${got[@]}"; echo "seconds=$((SECONDS - started))"; } \
        >"$stamp.new"
    chmod 644 "$stamp.new"
    mv "$stamp.new" "$stamp"
    log "ready in $((SECONDS - started)) s: $(cut -d' ' -f1 "$stamp" | tail -n +2 | head -n -1 | tr '\n' ' ')"
}
