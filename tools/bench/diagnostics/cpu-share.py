#!/usr/bin/env python3
# Where does a CPU-bound extraction's time vary from one run to the next (issue 40, item 1: the slow cpu restore took
# 79-150 s in the bench, the same archive onto the same kind of file system)? From its CPU work (cpuacct's usage of
# tar + unzstd) or from the share of a core the quota gave it (CPU-seconds over wall seconds)? And does holding
# tar + unzstd on one CPU (taskset) steady it? A ~SHARE sample of the lab's monorepo tree (whole depth-6 subtrees,
# the skeleton kept) is extracted RUNS times per mode, the modes alternating, onto a fresh ext4 loop image as the
# slow cpu scenario holds it (tools/lab/slow-restore-specs.ts: a cgroup v1 cpu group of 6 ms per 100 ms), each run
# until `sync -f` returns, the tree removed and synced between runs.
# Root, cgroup v1 cpu and cpuacct, ~2 GB of /dev/shm; everything it made is removed at the end.
#   python3 tools/bench/diagnostics/cpu-share.py [RUNS] [SHARE]    (after `npm run lab:workload`)
import os, random, shutil, statistics, sys, time
from monorepo_tree import archive, build_tree, clusters_of, entries_of, sh

TAG = f'disk-profiler-cpu-share-{os.getpid()}'
MR = f'/dev/shm/{TAG}-tree'; ARC = f'/dev/shm/{TAG}.tar.zst'; MNT = f'/mnt/{TAG}-ext4'; IMG = f'/var/tmp/{TAG}.img'
CPU = f'/sys/fs/cgroup/cpu/{TAG}'; ACCT = f'/sys/fs/cgroup/cpuacct/{TAG}'
RUNS = int(sys.argv[1]) if len(sys.argv) > 1 else 6
SHARE = float(sys.argv[2]) if len(sys.argv) > 2 else 0.1
QUOTA_US, PERIOD_US = 6000, 100000
MODES = {'two CPUs (as the lab)': '', 'one CPU (taskset -c 1)': 'taskset -c 1 '}


def stat():
    s = dict(line.split() for line in open(f'{CPU}/cpu.stat'))
    return int(open(f'{ACCT}/cpuacct.usage').read()) / 1e9, int(s['nr_throttled']), int(s['nr_periods'])


def run(prefix):
    d = f'{MNT}/x'
    os.makedirs(d)
    sh(f'sync -f {MNT}')
    c0, t0, p0 = stat()
    w0 = time.monotonic()
    sh(f"sh -c 'echo $$ > {CPU}/cgroup.procs; echo $$ > {ACCT}/cgroup.procs; exec {prefix}tar -I unzstd -xf {ARC} -C {d}'")
    sh(f'sync -f {MNT}')
    wall = time.monotonic() - w0
    c1, t1, p1 = stat()
    shutil.rmtree(d)
    sh(f'sync -f {MNT}')
    return wall, c1 - c0, (t1 - t0) / max(1, p1 - p0)


def spread(xs, f='.2f'):
    m = statistics.median(xs)
    return f'{m:{f}} ({min(xs):{f}}-{max(xs):{f}}, sd {statistics.pstdev(xs) / m * 100:.1f} %)'


try:
    build_tree(MR)
    entries = entries_of(MR)
    shallow, clusters = clusters_of(entries)
    rnd = random.Random(1)
    picked = [k for k in sorted(clusters) if rnd.random() < SHARE]
    members = shallow + [e for k in picked for e in clusters[k]]
    archive(MR, members, ARC)
    shutil.rmtree(MR)
    print(f'a sample of {len(members) / len(entries) * 100:.1f} % of the members, {RUNS} runs per mode', flush=True)
    os.makedirs(CPU)
    os.makedirs(ACCT)
    open(f'{CPU}/cpu.cfs_period_us', 'w').write(str(PERIOD_US))
    open(f'{CPU}/cpu.cfs_quota_us', 'w').write(str(QUOTA_US))
    sh(f'truncate -s 4G {IMG} && mkfs.ext4 -q -F {IMG} && mkdir -p {MNT} && mount -o loop {IMG} {MNT}')
    got = {m: [] for m in MODES}
    for i in range(RUNS):
        for m, prefix in MODES.items():
            got[m].append(run(prefix))
    for m, rs in got.items():
        print(f'{m}: wall s {spread([r[0] for r in rs])}; cpu s {spread([r[1] for r in rs], ".3f")}; share of a core (cpu / wall) {spread([r[1] / r[0] * 100 for r in rs])} %; periods throttled {spread([r[2] * 100 for r in rs], ".0f")} %', flush=True)
        print(f'  run by run, wall / cpu s: {", ".join(f"{r[0]:.2f}/{r[1]:.3f}" for r in rs)}', flush=True)
finally:
    sh(f'umount {MNT} 2>/dev/null; rm -f {IMG} {ARC}; rmdir {MNT} 2>/dev/null; rm -rf {MR}; true')
    for g in (CPU, ACCT):
        if os.path.isdir(g):
            for pid in open(f'{g}/tasks').read().split():
                open(os.path.dirname(g) + '/tasks', 'w').write(pid)
            os.rmdir(g)
