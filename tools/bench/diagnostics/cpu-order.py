#!/usr/bin/env python3
# Does where ram runs in a round change what it reads as saved (issue 40, item 1)? The bench's CPU-bound rounds ran
# ram after the decompression in the first round (no lead yet) and right after the baseline from the second, and the
# second read more saved in 3 of 3 runs (BENCHMARKS.md, c4b29c6). A balanced ~2.6 % sample of the lab's monorepo tree
# (whole depth-6 subtrees, the skeleton above kept) is extracted in ROUNDS rounds of each order, alternately: the
# baseline onto a fresh ext4 loop image, then the decompression alone and ram (a tmpfs) in one order or the other,
# as the slow cpu scenario holds tar + unzstd (a cgroup v1 cpu group of 6 ms per 100 ms), each run timed until
# `sync -f` returns. Root, cgroup v1 cpu and cpuacct; everything it made is removed at the end.
#   python3 tools/bench/diagnostics/cpu-order.py [ROUNDS]    (after `npm run lab:workload`)
import os, random, statistics, sys
from cpu_group import CpuGroup, Scratch
from monorepo_tree import archive, build_tree, clusters_of, entries_of

TAG = f'disk-profiler-cpu-order-{os.getpid()}'
scratch = Scratch(TAG)
MR, OUT, MNT, RAM = scratch.tree, scratch.archives, scratch.ext4, scratch.tmpfs
ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 6
group = CpuGroup(TAG)


def build():
    build_tree(MR)
    entries = entries_of(MR)
    shallow, clusters = clusters_of(entries)
    os.makedirs(OUT)
    rnd = random.Random(1)
    members = shallow + [e for k in sorted(clusters) if rnd.random() < 0.026 for e in clusters[k]]
    total_n, total_b = len(entries), sum(e[3] for e in entries if not e[2])
    return archive(MR, members, f'{OUT}/sample.tar.zst'), len(members) / total_n, sum(m[3] for m in members if not m[2]) / total_b


try:
    archive_path, members, nbytes = build()
    group.make()
    scratch.mount()
    print(f'sample: {members * 100:.1f}% of the members, {nbytes * 100:.1f}% of the bytes; {ROUNDS} rounds of each order, alternately', flush=True)
    shares = {'after the decompression': [], 'right after the baseline': []}
    decompress = lambda: group.run(f'unzstd -c {archive_path} > /dev/null')
    for i in range(2 * ROUNDS):
        order = 'after the decompression' if i % 2 == 0 else 'right after the baseline'
        base = group.extract(archive_path, MNT)[0]
        if order == 'after the decompression':
            decompress()
            ram = group.extract(archive_path, RAM)[0]
        else:
            ram = group.extract(archive_path, RAM)[0]
            decompress()
        shares[order].append((1 - ram / base) * 100)
        print(f'  round {i + 1}: baseline {base:.3f} s, ram {ram:.3f} s ({order}): {shares[order][-1]:.1f} % saved', flush=True)
    for order, xs in shares.items():
        print(f'ram {order}: saved {", ".join(f"{x:.0f}" for x in xs)} % (median {statistics.median(xs):.1f}, mean {statistics.mean(xs):.1f}, sd {statistics.pstdev(xs):.1f})', flush=True)
finally:
    scratch.remove()
    group.remove()
