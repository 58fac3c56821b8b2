#!/usr/bin/env python3
# Why does a sample read ram's saving low on the CPU-bound restore (issue 40, item 1: in 8 of 9 bench runs the sampled
# share of the restore was below the full runs' share by 2-9 points)? The lab's monorepo tree is archived whole and as a
# balanced ~4.5 % sample (whole depth-6 subtrees, the skeleton kept, its share of the members within 10 % of its share of
# the bytes, as src/experiment/sample-select.ts balances them); each is extracted PAIRS times alternately onto ext4 and a
# tmpfs, each run until `sync -f` returns, the step, the sync and the group's user and system CPU (cpuacct) apart.
# The ext4 is a 4 GiB loop image made as the lab makes it (tools/lab/loop-disk.ts) and, as the bench leaves it, already
# holding one whole copy of the tree (the profiled restore's files, beside which the experiments extract).
# QUOTA=1 holds tar + unzstd as the slow cpu scenario does (a cgroup v1 cpu group of 6 ms per 100 ms; a whole ext4 run
# then takes ~100 s); without it the runs are unthrottled and say what CPU work each extraction is.
# Root, cgroup v1 cpu and cpuacct, ~3 GB of /dev/shm; everything it made is removed at the end.
#   [QUOTA=1] python3 tools/bench/diagnostics/cpu-whole.py [PAIRS_WHOLE] [PAIRS_SAMPLE]    (after `npm run lab:workload`)
import os, random, shutil, statistics, subprocess, sys, time
from monorepo_tree import archive, build_tree, clusters_of, entries_of, sh

TAG = f'disk-profiler-cpu-whole-{os.getpid()}'
MR = f'/dev/shm/{TAG}-tree'; OUT = f'/dev/shm/{TAG}-archives'; MNT = f'/mnt/{TAG}-ext4'; RAM = f'/mnt/{TAG}-tmpfs'; IMG = f'/var/tmp/{TAG}.img'
CPU = f'/sys/fs/cgroup/cpu/{TAG}'; ACCT = f'/sys/fs/cgroup/cpuacct/{TAG}'
PAIRS_WHOLE = int(sys.argv[1]) if len(sys.argv) > 1 else 6
PAIRS_SAMPLE = int(sys.argv[2]) if len(sys.argv) > 2 else 8
QUOTA = os.environ.get('QUOTA') == '1'
SAMPLE = 0.045
loop = None


def acct():
    return int(open(f'{ACCT}/cpuacct.usage_user').read()), int(open(f'{ACCT}/cpuacct.usage_sys').read())


def run(arc, target):
    d = f'{target}/x'
    os.makedirs(d)
    sh(f'sync -f {target}')
    u0, s0 = acct()
    t0 = time.monotonic()
    sh(f"sh -c 'echo $$ > {CPU}/cgroup.procs; echo $$ > {ACCT}/cgroup.procs; exec tar -I unzstd -xf {arc} -C {d}'")
    t1 = time.monotonic()
    sh(f'sync -f {target}')
    t2 = time.monotonic()
    u1, s1 = acct()
    shutil.rmtree(d)
    sh(f'sync -f {target}')
    return {'wall': t2 - t0, 'step': t1 - t0, 'sync': t2 - t1, 'user': (u1 - u0) / 1e9, 'sys': (s1 - s0) / 1e9}


def spread(xs):
    return f'{statistics.median(xs):.3f} ({min(xs):.3f}-{max(xs):.3f})'


def saves(ext, ram, key):
    return [(1 - r[key] / e[key]) * 100 for e, r in zip(ext, ram) if e[key] > 0]


try:
    build_tree(MR)
    entries = entries_of(MR)
    shallow, clusters = clusters_of(entries)
    keys = sorted(clusters)
    n_all, b_all = len(entries), sum(e[3] for e in entries if not e[2])
    os.makedirs(OUT)
    seed = 0
    while True:
        seed += 1
        rnd = random.Random(seed)
        members = shallow + [e for k in keys if rnd.random() < SAMPLE for e in clusters[k]]
        ms, bs = len(members) / n_all, sum(e[3] for e in members if not e[2]) / b_all
        if abs(ms / bs - 1) <= 0.1:
            break
    sets = [(f'sample ({ms * 100:.1f} % of the members, {bs * 100:.1f} % of the bytes)', archive(MR, members, f'{OUT}/sample.tar.zst'), PAIRS_SAMPLE),
            (f'whole ({n_all} members)', archive(MR, entries, f'{OUT}/whole.tar.zst'), PAIRS_WHOLE)]
    shutil.rmtree(MR)
    os.makedirs(CPU)
    os.makedirs(ACCT)
    open(f'{CPU}/cpu.cfs_period_us', 'w').write('100000')
    open(f'{CPU}/cpu.cfs_quota_us', 'w').write('6000' if QUOTA else '-1')
    sh(f'truncate -s 4G {IMG}')
    loop = subprocess.run(['losetup', '-f', '--show', IMG], check=True, capture_output=True, text=True).stdout.strip()
    sh(f'mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 {loop} && mkdir -p {MNT} {RAM} && mount {loop} {MNT} && mount -t tmpfs -o size=3G tmpfs {RAM}')
    os.makedirs(f'{MNT}/restored')
    sh(f'tar -I unzstd -xf {sets[1][1]} -C {MNT}/restored && sync -f {MNT}')
    print(f'quota: {"6 ms per 100 ms" if QUOTA else "none"}; ext4 holds one whole copy beside the runs', flush=True)
    for name, arc, pairs in sets:
        ext, ram = [], []
        for _ in range(pairs):
            ext.append(run(arc, MNT))
            ram.append(run(arc, RAM))
        for r in ext + ram:
            r['cpu'] = r['user'] + r['sys']
        print(f'{name}: {pairs} pairs', flush=True)
        for key in ('wall', 'step', 'cpu'):
            s = saves(ext, ram, key)
            print(f'  {key} s: ext4 {spread([r[key] for r in ext])}, tmpfs {spread([r[key] for r in ram])}; ram saves per pair {", ".join(f"{x:.0f}" for x in s)} % (median {statistics.median(s):.1f})', flush=True)
        print(f'  ext4 sync s {spread([r["sync"] for r in ext])}; user s ext4 {spread([r["user"] for r in ext])} tmpfs {spread([r["user"] for r in ram])}; sys s ext4 {spread([r["sys"] for r in ext])} tmpfs {spread([r["sys"] for r in ram])}', flush=True)
        print(f'  wall per cpu-s: ext4 {statistics.median([r["wall"] / r["cpu"] for r in ext]):.2f}, tmpfs {statistics.median([r["wall"] / r["cpu"] for r in ram]):.2f}', flush=True)
finally:
    sh(f'umount {MNT} {RAM} 2>/dev/null; rmdir {MNT} {RAM} 2>/dev/null; rm -rf {MR} {OUT}; true')
    if loop:
        sh(f'losetup -d {loop}; true')
    sh(f'rm -f {IMG}')
    for g in (CPU, ACCT):
        if os.path.isdir(g):
            for pid in open(f'{g}/tasks').read().split():
                open(os.path.dirname(g) + '/tasks', 'w').write(pid)
            os.rmdir(g)
