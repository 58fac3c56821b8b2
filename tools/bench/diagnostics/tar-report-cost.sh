#!/bin/bash
# What tar's per-member report costs an extraction (issue 40, item 3), and what ext4 charges a restore
# beside a tree removed a minute before. Root: each run extracts onto a fresh ext4 loop device of its own.
#   tools/bench/diagnostics/tar-report-cost.sh ARCHIVE.tzst [ROUNDS]
# ARCHIVE: a tar + zstd archive as @actions/cache makes it (e.g. the repeat-steps bench's generated cache:
# tar -cf - -C DIR . | zstd -T0 --long=30 -o cache.tzst). Each round extracts it plainly, then with the
# report the action asks for (TZ named, -vv --index-file to a FIFO read by a node process that splits each
# line, as src/restore/tar-report.ts does), and prints the seconds to tar's exit and those of `sync -f` after.
set -euo pipefail
ARCHIVE=$(realpath "$1")
ROUNDS=${2:-5}
WORK=$(mktemp -d /var/tmp/tar-report-cost-XXXXXX)
MNT=$WORK/mnt
LOOP=
cleanup() {
  umount "$MNT" 2>/dev/null || true
  [ -n "$LOOP" ] && losetup -d "$LOOP" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
mkdir -p "$MNT"
READER='const s=require("fs").createReadStream(process.argv[1],{encoding:"utf8"});let p="";s.on("data",c=>{const t=p+c;let a=0;for(let e=t.indexOf("\n");e>=0;e=t.indexOf("\n",a)){t.slice(a,e).split(/ +/);a=e+1}p=t.slice(a)})'
one() {
  truncate -s 8G "$WORK/disk.img"
  LOOP=$(losetup -f --show "$WORK/disk.img")
  mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 "$LOOP"
  mount "$LOOP" "$MNT"
  mkdir "$MNT/out"
  sync
  local started ended synced
  started=$(date +%s.%N)
  if [ "$1" = plain ]; then
    tar -xf "$ARCHIVE" -P -C "$MNT/out" --use-compress-program "unzstd --long=30"
  else
    mkfifo "$MNT/report.fifo"
    node -e "$READER" "$MNT/report.fifo" &
    TZ=:/etc/localtime TAR_OPTIONS="-vv --index-file=$MNT/report.fifo" tar -xf "$ARCHIVE" -P -C "$MNT/out" --use-compress-program "unzstd --long=30"
    wait
  fi
  ended=$(date +%s.%N)
  sync -f "$MNT/out"
  synced=$(date +%s.%N)
  echo "$1 extract $(echo "$ended - $started" | bc) s, sync $(echo "$synced - $ended" | bc) s"
  umount "$MNT"
  losetup -d "$LOOP"
  LOOP=
  rm -f "$WORK/disk.img"
}
for _ in $(seq "$ROUNDS"); do
  one plain
  one report
done
