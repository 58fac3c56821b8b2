#!/usr/bin/env python3
# Why does the bench's paired sample read ram's saving high on a CPU-bound restore (issue 40, item 1: at 381e181 a
# 1.8 % sample read 41 % where full runs of the whole measured 33-34 %)? The lab's monorepo cache is made as
# @actions/cache's createTar makes it (tar --posix -P -C workspace, zstdmt), and the product's own large paired
# sample of it at one subtree in STEP (product-samples.ts: census and plan as the experiments make them for a
# CPU-bound restore, no take-all stratum, written from the tree with `tar -c` of its list as the bench's were) is
# drawn with each skeleton (src/experiment/sample-select.ts SKELETONS):
#   every:     every directory above the cluster depth and every split cluster's own, in every sample;
#   ancestors: only the directories above a kept cluster;
# the same clusters either way. Each is extracted PAIRS times onto a fresh ext4 loop image and a fresh tmpfs in turn
# under the slow cpu scenario's quota (cpu_group.py), each until `sync -f`; with FULL=1 the whole cache once onto
# each first (~4 min), the truth the samples' readings are held to. Printed: members, directories, shares, ram's
# saving per pair (median, sd).
# SKELETON=every or ancestors draws that skeleton only. With OCCUPIED=1 every pair also runs, right after the fresh one,
# on fresh mounts whose ext4 first gets a copy of the whole tree (`cp -a`, then `sync -f`): the file system as the bench's
# sample runs find it, a restore of ~95k files just written to it.
# Root, cgroup v1 cpu and cpuacct, ~2 GB of /dev/shm; everything it made is removed at the end.
#   [FULL=1] [OCCUPIED=1] [SKELETON=every|ancestors] python3 tools/bench/diagnostics/cpu-make-up.py [PAIRS] [STEP]
#   (after `npm ci` and `npm run lab:workload`)
import json, os, statistics, subprocess, sys
from cpu_group import CpuGroup, Scratch
from monorepo_tree import build_tree, sh

TAG = f'disk-profiler-cpu-make-up-{os.getpid()}'
scratch = Scratch(TAG)
MR, OUT, MNT, RAM = scratch.tree, scratch.archives, scratch.ext4, scratch.tmpfs
PAIRS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
STEP = int(sys.argv[2]) if len(sys.argv) > 2 else 56
HERE = os.path.dirname(os.path.abspath(__file__))
SKELETONS = (os.environ['SKELETON'],) if os.environ.get('SKELETON') else ('every', 'ancestors')
MODES = ('fresh', 'occupied') if os.environ.get('OCCUPIED') == '1' else ('fresh',)
group = CpuGroup(TAG)


def build():
    """The tree, the cache's archive (with FULL=1, the only use of it), and the large sample with each skeleton:
    (the archive or None, {skeleton: (path, counts)})."""
    build_tree(MR)
    os.makedirs(OUT)
    cache = None
    if os.environ.get('FULL') == '1':
        cache = f'{OUT}/cache.tzst'
        sh(f'tar --posix -cf - -P -C {MR} packages | zstdmt -q -c > {cache}')
    samples = {}
    for skeleton in SKELETONS:
        out = f'{OUT}/{skeleton}'
        os.makedirs(out)
        made = subprocess.run(['npx', 'vite-node', f'{HERE}/product-samples.ts', '--', MR, 'packages', str(STEP), out], check=True,
                              stdout=subprocess.PIPE, text=True, cwd=os.path.join(HERE, '..', '..', '..'), env={**os.environ, 'SKELETON': skeleton})
        counts = json.loads(made.stdout.strip().splitlines()[-1])
        print(f"{skeleton}: depth {counts['depth']}, {counts['split']} clusters split, {counts['clusters']} clusters; one in {STEP}", flush=True)
        samples[skeleton] = (f'{out}/tree-large.tzst', counts['tree'][0])
    return cache, samples


def spread(xs):
    return f'{statistics.median(xs):.2f} ({min(xs):.2f}-{max(xs):.2f})'


def extract_pair(archive, mode='fresh'):
    """Onto a fresh ext4 image (occupied: holding a copy of the whole tree) and a fresh tmpfs, mounted for this pair and
    removed after: (wall until synced, CPU s) on each."""
    scratch.mount()
    try:
        if mode == 'occupied':
            sh(f'cp -a {MR} {MNT}/restored && sync -f {MNT}')
        return [(r[0], r[1] + r[2]) for r in (group.extract(archive, MNT), group.extract(archive, RAM))]
    finally:
        sh(f'umount {MNT} {RAM} && rm -f {scratch.image}')


try:
    cache, samples = build()
    group.make()
    if cache:
        (ew, ec), (rw, rc) = extract_pair(cache)
        print(f'whole cache: ext4 {ew:.1f} s ({ec:.2f} CPU-s), tmpfs {rw:.1f} s ({rc:.2f} CPU-s): ram saves {(1 - rw / ew) * 100:.1f} %', flush=True)
    for skeleton, (archive, c) in samples.items():
        runs = {mode: [] for mode in MODES}
        for _ in range(PAIRS):
            for mode in MODES:
                runs[mode].append(extract_pair(archive, mode))
        for mode, pairs in runs.items():
            saves = [(1 - r[0] / e[0]) * 100 for e, r in pairs]
            cpu_saves = [(1 - r[1] / e[1]) * 100 for e, r in pairs]
            print(f"{skeleton}, {mode}: {c['keptEntries']} members ({c['directories']} directories), {c['entryShare'] * 100:.2f} % of the sampled members, "
                  f"{c['byteShare'] * 100:.2f} % of the bytes; ext4 {spread([e[0] for e, _ in pairs])} s ({spread([e[1] for e, _ in pairs])} CPU-s), "
                  f"tmpfs {spread([r[0] for _, r in pairs])} s ({spread([r[1] for _, r in pairs])} CPU-s); "
                  f"ram saves {', '.join(f'{x:.1f}' for x in saves)} % (median {statistics.median(saves):.1f}, sd {statistics.pstdev(saves):.1f}); "
                  f"of the CPU time, median {statistics.median(cpu_saves):.1f} %", flush=True)
finally:
    group.remove()
    scratch.remove()
