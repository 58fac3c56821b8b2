#!/usr/bin/env python3
# How noisy is what ram saves a CPU-bound extraction, pair by pair, and what does every run pay whatever its size
# (issue 40, item 1)? The lab's monorepo tree (tools/lab/cache-entry.ts) is archived whole-subtree-sampled at two
# sizes (~5 % and ~2 % of its depth-6 subtrees, the skeleton above kept) and as its skeleton alone; each is
# extracted PAIRS times alternately onto a fresh ext4 loop image and a tmpfs, as the slow cpu scenario holds
# tar + unzstd (tools/lab/slow-restore-specs.ts: a cgroup v1 cpu group of 6 ms per 100 ms), each run timed
# until `sync -f` returns (the experiments' runs), with the group's user and system CPU (cpuacct).
# Root, cgroup v1 cpu and cpuacct, ~3 GB of /dev/shm; everything it made is removed at the end.
#   python3 tools/bench/diagnostics/cpu-pairs.py [PAIRS]    (after `npm run lab:workload`)
import os, random, statistics, sys
from cpu_group import CpuGroup, Scratch
from monorepo_tree import archive, build_tree, clusters_of, entries_of

TAG = f'disk-profiler-cpu-pairs-{os.getpid()}'
scratch = Scratch(TAG)
MR, OUT, MNT, RAM = scratch.tree, scratch.archives, scratch.ext4, scratch.tmpfs
PAIRS = int(sys.argv[1]) if len(sys.argv) > 1 else 8
group = CpuGroup(TAG)


def build():
    build_tree(MR)
    entries = entries_of(MR)
    shallow, clusters = clusters_of(entries)
    os.makedirs(OUT)
    keys = sorted(clusters)
    rnd = random.Random(1)
    sets = {'skeleton': shallow}
    for name, share in [('sample 5%', 0.05), ('sample 2%', 0.02)]:
        picked = [k for k in keys if rnd.random() < share]
        sets[name] = shallow + [e for k in picked for e in clusters[k]]
    total_n, total_b = len(entries), sum(e[3] for e in entries if not e[2])
    info = {}
    for i, (name, members) in enumerate(sets.items()):
        info[name] = (archive(MR, members, f'{OUT}/{i}.tar.zst'), len(members) / total_n, sum(m[3] for m in members if not m[2]) / total_b)
    return info


def spread(xs):
    return f'{statistics.median(xs):.3f} ({min(xs):.3f}-{max(xs):.3f})'


try:
    info = build()
    group.make()
    scratch.mount()
    for name, (archive, members, nbytes) in info.items():
        ext, ram = [], []
        for i in range(PAIRS):
            ext.append(group.extract(archive, MNT))
            ram.append(group.extract(archive, RAM))
        share = lambda k: [(1 - r[k] / e[k]) * 100 if e[k] > 0 else 0 for e, r in zip(ext, ram)]
        cpu = lambda rs: [r[1] + r[2] for r in rs]
        print(f'{name}: {members * 100:.1f}% of the members, {nbytes * 100:.1f}% of the bytes, {PAIRS} pairs', flush=True)
        print(f'  wall s: ext4 {spread([r[0] for r in ext])}, tmpfs {spread([r[0] for r in ram])}; ram saves per pair {", ".join(f"{x:.0f}" for x in share(0))} % (median {statistics.median(share(0)):.1f}, sd {statistics.pstdev(share(0)):.1f})', flush=True)
        print(f'  tar alone (the sync after it left out): ext4 {spread([r[3] for r in ext])}, tmpfs {spread([r[3] for r in ram])}; ram saves per pair {", ".join(f"{x:.0f}" for x in share(3))} % (median {statistics.median(share(3)):.1f}, sd {statistics.pstdev(share(3)):.1f})', flush=True)
        print(f'  wall s, run by run: ext4 {", ".join(f"{r[0]:.3f}" for r in ext)}; tmpfs {", ".join(f"{r[0]:.3f}" for r in ram)}', flush=True)
        print(f'  user s: ext4 {spread([r[1] for r in ext])}, tmpfs {spread([r[1] for r in ram])}; sys s: ext4 {spread([r[2] for r in ext])}, tmpfs {spread([r[2] for r in ram])}', flush=True)
        ce, cr = cpu(ext), cpu(ram)
        cs = [(1 - r / e) * 100 for e, r in zip(ce, cr)]
        print(f'  cpu s: ext4 {spread(ce)}, tmpfs {spread(cr)}; ram saves per pair {", ".join(f"{x:.0f}" for x in cs)} % (median {statistics.median(cs):.1f}, sd {statistics.pstdev(cs):.1f}); wall per cpu-s ext4 {statistics.median([r[0] / max(1e-9, r[1] + r[2]) for r in ext]):.1f}', flush=True)
finally:
    scratch.remove()
    group.remove()
