#!/usr/bin/env bash
# Does extracting the same tree again where it was just removed cost more (issue 40, item 1: the full runs the
# sampled fixes are compared with extract the whole archive onto the restore's file system, remove it, and
# extract it again a minute later)? The lab's monorepo tree (tools/lab/cache-entry.ts) is archived as the cache
# is, then extracted onto a fresh ext4 loop image: once, removed, again at once, removed, again after WAIT_S
# seconds; each with the CPU time of tar + unzstd (cgroup v1 cpuacct.usage, exact) and its wall time until
# `sync -f` returns. Unthrottled: under the slow cpu scenario's quota the wall time follows the CPU time.
# Root, cgroup v1 cpuacct; everything it made is removed at the end.
#   bash tools/bench/diagnostics/re-extract.sh [WAIT_S]    (after `npm run lab:workload`)
set -euo pipefail
WAIT_S="${1:-70}"
SRC="$(cd "$(dirname "$0")/../../lab/workload/node_modules" && pwd)"
TAG="disk-profiler-re-extract-$$"
TREE="/dev/shm/$TAG-tree"; ARCHIVE="/dev/shm/$TAG.tar.zst"; IMG="/var/tmp/$TAG.img"; MNT="/mnt/$TAG"
ACCT="/sys/fs/cgroup/cpuacct/$TAG"
cleanup() {
  umount "$MNT" 2>/dev/null || true
  rm -rf "$TREE" "$ARCHIVE" "$IMG"
  rmdir "$MNT" 2>/dev/null || true
  [ -d "$ACCT" ] && { for p in $(cat "$ACCT/tasks"); do echo "$p" > /sys/fs/cgroup/cpuacct/tasks; done; rmdir "$ACCT"; }
  true
}
trap cleanup EXIT
for i in 1 2 3 4 5 6 7 8; do
  mkdir -p "$TREE/packages/p$i/node_modules"
  cp -a "$SRC/@azure" "$SRC/typescript" "$TREE/packages/p$i/node_modules/"
done
tar -C "$TREE" -cf - packages | zstd -q -T0 -o "$ARCHIVE"
echo "$(find "$TREE" | wc -l) members, archive $(stat -c %s "$ARCHIVE") bytes"
truncate -s 4G "$IMG" && mkfs.ext4 -q -F "$IMG" && mkdir -p "$MNT" && mount -o loop "$IMG" "$MNT"
mkdir "$ACCT"
run() {
  local dir="$MNT/x"
  mkdir "$dir"
  local before; before=$(cat "$ACCT/cpuacct.usage")
  local t0; t0=$(date +%s.%N)
  sh -c "echo \$\$ > $ACCT/cgroup.procs; exec tar -I unzstd -xf $ARCHIVE -C $dir"
  sync -f "$MNT"
  local t1; t1=$(date +%s.%N)
  local after; after=$(cat "$ACCT/cpuacct.usage")
  printf '%s: wall %.2f s, CPU of tar + unzstd %.2f s\n' "$1" "$(echo "$t1 - $t0" | bc)" "$(echo "($after - $before) / 1000000000" | bc -l)"
  rm -rf "$dir"
  sync -f "$MNT"
}
run "fresh file system"
run "again at once, where it was just removed"
sleep "$WAIT_S"
run "again ${WAIT_S} s after the removal"
run "again at once"
