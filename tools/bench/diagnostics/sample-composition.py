#!/usr/bin/env python3
# Does what a sample holds decide what ram saves a CPU-bound extraction (issue 40, item 1)? The lab's monorepo
# tree (tools/lab/cache-entry.ts: eight copies of the workload's @azure and typescript) is extracted whole, as its
# skeleton alone (what lies above depth 6), and as six random samples of ~5 % (whole depth-6 subtrees, the skeleton
# kept), each onto an empty directory of a fresh ext4 loop image and onto a tmpfs, unthrottled; the CPU time of
# tar + unzstd comes from a cgroup v1 cpuacct group (under a CPU quota the wall time follows it: BENCHMARKS.md).
# Root, cgroup v1 cpuacct, ~3 GB of /dev/shm; everything it made is removed at the end.
#   python3 tools/bench/diagnostics/sample-composition.py [RUNS]    (after `npm run lab:workload`)
import os, random, subprocess, statistics, shutil, sys
SRC=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lab', 'workload', 'node_modules')
MR='/dev/shm/disk-profiler-composition-tree'; OUT='/dev/shm/disk-profiler-composition-archives'; MNT='/mnt/disk-profiler-composition-ext4'; RAM='/mnt/disk-profiler-composition-tmpfs'; IMG='/var/tmp/disk-profiler-composition.img'
ACCT=f'/sys/fs/cgroup/cpuacct/disk-profiler-composition-{os.getpid()}'
RUNS=int(sys.argv[1]) if len(sys.argv)>1 else 3
def sh(c): subprocess.run(c, shell=True, check=True)
if not os.path.exists(MR):
    for i in range(1,9):
        d=f'{MR}/packages/p{i}/node_modules'; os.makedirs(d)
        for p in ['@azure','typescript']: sh(f"cp -a '{SRC}/{p}' '{d}/'")
os.makedirs(OUT, exist_ok=True)
entries=[]  # (rel, depth, isdir, size)
for root, dirs, files in os.walk(MR):
    rel=os.path.relpath(root, MR)
    if rel=='.': rel=''
    for n in dirs+files:
        r=os.path.join(rel,n); p=os.path.join(MR,r); st=os.lstat(p)
        entries.append((r, r.count('/')+1, os.path.isdir(p) and not os.path.islink(p), st.st_size))
clusters={}
shallow=[]
for e in entries:
    if e[1]<6: shallow.append(e)
    else: clusters.setdefault('/'.join(e[0].split('/')[:6]),[]).append(e)
print(f'{len(entries)} entries, {len(clusters)} clusters at depth 6, {len(shallow)} shallow', flush=True)
def archive(name, members):
    lst=f'{OUT}/{name}.lst'
    with open(lst,'w') as f:
        for m in sorted(members, key=lambda e:e[0]): f.write(m[0]+'\n')
    sh(f"tar --no-recursion -C {MR} -cf - -T {lst} | zstd -q -T0 -3 -o {OUT}/{name}.tar.zst -f")
    return len(members), sum(m[3] for m in members if not m[2])
sets={'full': entries, 'skeleton': shallow}
keys=sorted(clusters)
for s in range(1,7):
    rnd=random.Random(s); picked=[k for k in keys if rnd.random()<0.05]
    sets[f's{s}']=shallow+[e for k in picked for e in clusters[k]]
info={n: archive(n, m) for n,m in sets.items()}
os.makedirs(ACCT, exist_ok=True)
sh(f"truncate -s 4G {IMG} && mkfs.ext4 -q -F {IMG} && mkdir -p {MNT} {RAM} && mount -o loop {IMG} {MNT} && mount -t tmpfs -o size=3G tmpfs {RAM}")
def run(name, target):
    d=f'{target}/x'; shutil.rmtree(d, ignore_errors=True); os.makedirs(d); sh(f'sync -f {target}')
    before=int(open(f'{ACCT}/cpuacct.usage').read())
    sh(f"sh -c 'echo $$ > {ACCT}/cgroup.procs; exec tar -I unzstd -xf {OUT}/{name}.tar.zst -C {d}'")
    cpu=(int(open(f'{ACCT}/cpuacct.usage').read())-before)/1e9
    shutil.rmtree(d, ignore_errors=True); sh(f'sync -f {target}')
    return cpu
try:
    full_e, full_b = info['full']
    for name in sets:
        ext=[]; ram=[]
        for i in range(RUNS):
            ext.append(run(name, MNT)); ram.append(run(name, RAM))
        e=statistics.median(ext); r=statistics.median(ram)
        n,b=info[name]
        print(f'{name:9s} members {n/full_e*100:5.1f}% bytes {b/full_b*100:5.1f}%  ext4 {e:.3f} s ({min(ext):.3f}-{max(ext):.3f})  tmpfs {r:.3f} s ({min(ram):.3f}-{max(ram):.3f})  ram saves {(1-r/e)*100:5.1f}%  per-pair {", ".join(f"{(1-b2/a)*100:.0f}" for a,b2 in zip(ext,ram))}', flush=True)
finally:
    sh(f'umount {MNT} {RAM}; rm -f {IMG}; rmdir {ACCT} {MNT} {RAM} || true; rm -rf {MR} {OUT}')
