#!/bin/sh
# `make setup`'s second Dolphin: Debian trixie's dolphin-emu 2503 (it has "Enable Write-Back
# Cache", [Core] AccurateCPUCache) in a chroot, because its package needs libc6 >= 2.38 and this
# machine runs bookworm (docs/testing.md, "Two Dolphins").
#
# usage: setup-2503.sh [ROOT]   (default $SENAS_DOLPHIN2503_ROOT, else /var/cache/senas-dolphin2503)
#
# Built once with mmdebstrap (Debian packages only: dolphin-emu, mesa-vulkan-drivers,
# ca-certificates and what apt pulls in; about 800 MB) and reused. Rebuilt when it is missing or
# broken: no stamp file, no Dolphin binary, or `dolphin-emu-nogui --version` failing inside it.
# Lives outside the checkout so that `make clean`, `cargo clean` or a new worktree never
# deletes or rebuilds it, and every worktree shares it. The harness never mounts anything in
# the host's namespace (chroot.rs); still, nothing here deletes a folder while anything is
# mounted under it.
set -eu

ROOT=${1:-${SENAS_DOLPHIN2503_ROOT:-/var/cache/senas-dolphin2503}}
STAMP=.senas-dolphin2503-ok
PACKAGES=dolphin-emu,mesa-vulkan-drivers,ca-certificates
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo

say() { echo "setup: $*"; }
fail() { echo "setup: FAILED: $*" >&2; exit 1; }

# Mount points at or under $1 in this namespace (findmnt lists every mount; util-linux).
mounts_under() {
    findmnt -rn -o TARGET | awk -v r="$1" '$0 == r || index($0, r "/") == 1'
}

# Unmounts whatever is mounted under $1 (deepest first); fails if anything stays.
unmount_all() {
    for m in $(mounts_under "$1" | sort -r); do
        say "unmounting stale $m"
        $SUDO umount "$m" 2>/dev/null || $SUDO umount -l "$m" || true
    done
    [ -z "$(mounts_under "$1")" ] || fail "still mounted under $1: $(mounts_under "$1" | tr '\n' ' ')"
}

# Deletes a chroot folder only when nothing is mounted inside it.
remove_tree() {
    [ -e "$1" ] || return 0
    unmount_all "$1"
    [ -z "$(mounts_under "$1")" ] || fail "refusing to delete $1: something is mounted in it"
    $SUDO rm -rf --one-file-system "$1"
}

healthy() {
    [ -f "$1/$STAMP" ] && [ -x "$1/usr/games/dolphin-emu-nogui" ] && [ -x "$1/usr/bin/stdbuf" ] &&
        $SUDO chroot "$1" /usr/games/dolphin-emu-nogui --version >/dev/null 2>&1
}

if healthy "$ROOT"; then
    exit 0
fi
if [ -e "$ROOT" ]; then
    say "the Dolphin 2503 chroot at $ROOT is broken or incomplete; rebuilding it"
fi
for tool in mmdebstrap unshare findmnt; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        say "installing mmdebstrap (apt-get install -y mmdebstrap) to build the Dolphin 2503 chroot"
        $SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y mmdebstrap util-linux ||
            fail "could not install mmdebstrap"
        break
    fi
done
say "building the Dolphin 2503 chroot at $ROOT: mmdebstrap --variant=apt --include=$PACKAGES trixie (Debian trixie's dolphin-emu 2503, about 800 MB, ~1 min)"
remove_tree "$ROOT.new"
$SUDO mkdir -p "$(dirname "$ROOT")"
$SUDO mmdebstrap --quiet --variant=apt --include="$PACKAGES" trixie "$ROOT.new" ||
    { remove_tree "$ROOT.new"; fail "mmdebstrap could not build the chroot (network? see its output above)"; }
$SUDO touch "$ROOT.new/$STAMP"
healthy "$ROOT.new" || { remove_tree "$ROOT.new"; fail "the new chroot's dolphin-emu-nogui does not run"; }
remove_tree "$ROOT"
$SUDO mv "$ROOT.new" "$ROOT"
say "Dolphin 2503 ready: $($SUDO chroot "$ROOT" dpkg-query -W -f '${Version}' dolphin-emu) in $ROOT (SENAS_DOLPHIN=2503)"
