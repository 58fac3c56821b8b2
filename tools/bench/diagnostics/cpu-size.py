#!/usr/bin/env python3
# Does a smaller sample read ram's saving higher on a CPU-bound extraction (issue 40, item 1: the bench's 1.1-1.5 %
# samples read 33-43 % where the full runs measured 32-35 %)? Samples of the lab's monorepo tree at two sizes, each
# drawn twice and balanced (their share of the members within 10 % of their share of the bytes, as
# src/experiment/sample-select.ts balances them), are extracted PAIRS times onto a fresh ext4 loop image and a tmpfs
# alternately, under the slow cpu scenario's quota (a cgroup v1 cpu group of 6 ms per 100 ms), each until `sync -f`.
# Root, cgroup v1 cpu, ~2 GB of /dev/shm; everything it made is removed at the end.
#   python3 tools/bench/diagnostics/cpu-size.py [PAIRS]    (after `npm run lab:workload`)
import os, random, shutil, statistics, sys, time
from monorepo_tree import archive, build_tree, clusters_of, entries_of, sh

TAG = f'disk-profiler-cpu-size-{os.getpid()}'
MR = f'/dev/shm/{TAG}-tree'; OUT = f'/dev/shm/{TAG}-archives'; MNT = f'/mnt/{TAG}-ext4'; RAM = f'/mnt/{TAG}-tmpfs'; IMG = f'/var/tmp/{TAG}.img'
CPU = f'/sys/fs/cgroup/cpu/{TAG}'
PAIRS = int(sys.argv[1]) if len(sys.argv) > 1 else 6
SIZES = [0.012, 0.045]


def run(arc, target):
    d = f'{target}/x'
    os.makedirs(d)
    sh(f'sync -f {target}')
    t0 = time.monotonic()
    sh(f"sh -c 'echo $$ > {CPU}/cgroup.procs; exec tar -I unzstd -xf {arc} -C {d}'")
    sh(f'sync -f {target}')
    wall = time.monotonic() - t0
    shutil.rmtree(d)
    sh(f'sync -f {target}')
    return wall


try:
    build_tree(MR)
    entries = entries_of(MR)
    shallow, clusters = clusters_of(entries)
    keys = sorted(clusters)
    n_all, b_all = len(entries), sum(e[3] for e in entries if not e[2])
    os.makedirs(OUT)
    samples = []
    for size in SIZES:
        seed = 0
        while len([s for s in samples if s[0] == size]) < 2:
            seed += 1
            rnd = random.Random(seed)
            members = shallow + [e for k in keys if rnd.random() < size for e in clusters[k]]
            ms, bs = len(members) / n_all, sum(e[3] for e in members if not e[2]) / b_all
            if abs(ms / bs - 1) <= 0.1:
                samples.append((size, seed, ms, bs, archive(MR, members, f'{OUT}/{size}-{seed}.tar.zst')))
    shutil.rmtree(MR)
    os.makedirs(CPU)
    open(f'{CPU}/cpu.cfs_period_us', 'w').write('100000')
    open(f'{CPU}/cpu.cfs_quota_us', 'w').write('6000')
    sh(f'truncate -s 4G {IMG} && mkfs.ext4 -q -F {IMG} && mkdir -p {MNT} {RAM} && mount -o loop {IMG} {MNT} && mount -t tmpfs -o size=3G tmpfs {RAM}')
    for size, seed, ms, bs, arc in samples:
        ext, ram = [], []
        for i in range(PAIRS):
            ext.append(run(arc, MNT))
            ram.append(run(arc, RAM))
        share = [(1 - r / e) * 100 for e, r in zip(ext, ram)]
        print(f'{ms * 100:.1f} % of the members, {bs * 100:.1f} % of the bytes (seed {seed}): ext4 {statistics.median(ext):.2f} s, tmpfs {statistics.median(ram):.2f} s; ram saves per pair {", ".join(f"{x:.0f}" for x in share)} % (median {statistics.median(share):.1f}, sd {statistics.pstdev(share):.1f})', flush=True)
finally:
    sh(f'umount {MNT} {RAM} 2>/dev/null; rm -f {IMG}; rmdir {MNT} {RAM} 2>/dev/null; rm -rf {MR} {OUT}; true')
    if os.path.isdir(CPU):
        for pid in open(f'{CPU}/tasks').read().split():
            open(os.path.dirname(CPU) + '/tasks', 'w').write(pid)
        os.rmdir(CPU)
