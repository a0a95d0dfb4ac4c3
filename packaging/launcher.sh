#!/bin/sh
# pnp as one program (packaging/freeze.py made it): this POSIX shell header, then a gzipped tar of pnp frozen by
# PyInstaller as a folder. The first start unpacks that folder once into the user's cache, as program-<digest of the
# payload>, through a temporary sibling renamed into place; every later start runs it from there straight away.
# The cache folder is used only when it and the program folder are this user's and no one else may write to them,
# and a program folder is run only when its marker holds this payload's digest (a start killed while unpacking
# leaves none). Without a usable cache, the payload is unpacked into a temporary folder for this run only.
digest=@DIGEST@
skip=@SKIP@
marker=.pnp-unpacked  # written last, holding the digest: the folder is whole
ending=.pnp-payload-end  # the payload's last member: the tar was read to its end

# The tools below are found in the system's folders first; the program itself runs with the PATH it was given.
given_path=${PATH-}
tools=/usr/bin:/bin${PATH:+:$PATH}
PATH=$tools

own() {  # $1: a folder that is this user's, no link, and that no one else may write to
    [ -d "$1" ] && [ ! -h "$1" ] && [ -O "$1" ] || return 1
    mode=$(ls -ld "$1") || return 1
    case $mode in ?????w*|????????w*) return 1 ;; esac
}

ready() {  # $1: a program folder unpacked whole from this payload
    own "$1" && [ -f "$1/$marker" ] && [ -x "$1/pnp" ] || return 1
    read -r found 2>/dev/null <"$1/$marker" && [ "$found" = "$digest" ]
}

run() {  # $1: a ready program folder; the rest: pnp's arguments
    program=$1
    shift
    if [ -n "$given_path" ]; then PATH=$given_path; else unset PATH; fi
    exec "$program/pnp" "$@"
}

unpack() {  # $1: an empty folder of this user's
    tail -c "+$skip" "$0" | tar -xzof - -C "$1" && [ -f "$1/$ending" ]
}

run_once() {  # no usable cache: unpack into a temporary folder, run from it, remove it
    once=$(mktemp -d "${TMPDIR:-/tmp}/pnp-XXXXXX") || exit 1
    trap 'PATH=$tools; rm -rf "$once"' EXIT
    trap 'exit 129' HUP
    trap 'exit 130' INT
    trap 'exit 143' TERM
    unpack "$once" || { echo "pnp: could not unpack the program into $once (is the disk full?)" >&2; exit 1; }
    if [ -n "$given_path" ]; then PATH=$given_path; else unset PATH; fi
    "$once/pnp" "$@"
    exit  # with pnp's status
}

case ${XDG_CACHE_HOME-} in
    /*) cache=$XDG_CACHE_HOME/pnp ;;
    *) case ${HOME-} in /*) cache=$HOME/.cache/pnp ;; *) run_once "$@" ;; esac ;;
esac
program=$cache/program-$digest
own "$cache" && ready "$program" && run "$program" "$@"  # every start after the first

# The first start: the cache made the user's alone, what killed starts left swept, the payload unpacked beside.
(umask 077 && mkdir -p "$cache") 2>/dev/null
if ! own "$cache"; then
    [ -d "$cache" ] && echo "pnp: $cache is not yours alone (chmod 700 it, or remove it): unpacking for this run only" >&2
    run_once "$@"
fi
host=$(uname -n 2>/dev/null | tr -c 'A-Za-z0-9.\n' _)
for left in "$cache/.unpacking-$host-"* "$cache/.stale-$host-"*; do
    [ -e "$left" ] || continue
    kill -0 "${left##*-}" 2>/dev/null || rm -rf "$left"  # its start ended without finishing
done
ready "$program" && run "$program" "$@"  # another first start has just renamed its folder into place
if [ -e "$program" ] || [ -h "$program" ]; then  # there but not ready: half unpacked, changed, or not the user's
    [ -h "$program" ] || [ -O "$program" ] || run_once "$@"  # another user's is left alone, and not run
    mv "$program" "$cache/.stale-$host-$$" 2>/dev/null && rm -rf "$cache/.stale-$host-$$"
fi
unpacking=$cache/.unpacking-$host-$$
rm -rf "$unpacking"
if mkdir -m 700 "$unpacking" 2>/dev/null && unpack "$unpacking" && printf '%s\n' "$digest" >"$unpacking/$marker"; then
    # two first starts at once: the second rename would land inside the first's folder, so it is looked for there
    [ -e "$program" ] || mv "$unpacking" "$program" 2>/dev/null
    rm -rf "$program/${unpacking##*/}" "$unpacking"
    ready "$program" && run "$program" "$@"
fi
rm -rf "$unpacking"
run_once "$@"
exit 1
