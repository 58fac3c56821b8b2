#!/usr/bin/env python3
# Is what the paired sample reads high on a CPU-bound extraction the files it leaves out (issue 40, item 1: the bench's
# 1.7 % samples read ram's saving at 41 % where full runs of the whole measured 33-34 %)? A paired sample holds no
# take-all stratum, so a file larger than a cluster may be (src/experiment/sample-select.ts MAX_CLUSTER_SHARE_OF_SAMPLE:
# 2 % of the sample's expected bytes, ~220 KB at one subtree in 60 of the lab's monorepo tree) is in no sample: in the
# lab's workload, files over 220 KB are 56 of 10,921 and 49 % of the bytes. Two samples of one subtree in EVERY of the
# monorepo tree (tools/lab/cache-entry.ts), the same draw of subtrees with those files left out:
#   without: as the pairs sample it (the large files in none);
#   chunks:  plus the large files' bytes sampled as chunks of LIMIT bytes, one in EVERY (systematic, in path order),
#            each file holding the chunks drawn from it (the file's bytes in proportion, one file per drawn file);
# each extracted PAIRS times onto a fresh ext4 loop image and a tmpfs in turn, under the slow cpu scenario's quota
# (cpu_group.py), each until `sync -f`; printed: ram's share saved per pair, median and sd.
# Root, cgroup v1 cpu and cpuacct, ~2 GB of /dev/shm; everything it made is removed at the end.
#   python3 tools/bench/diagnostics/cpu-bigfiles.py [PAIRS] [EVERY]    (after `npm run lab:workload`)
import os, random, shutil, statistics, sys
from cpu_group import CpuGroup, Scratch
from monorepo_tree import build_tree, clusters_of, entries_of, sh

TAG = f'disk-profiler-cpu-bigfiles-{os.getpid()}'
scratch = Scratch(TAG)
MR, OUT, MNT, RAM = scratch.tree, scratch.archives, scratch.ext4, scratch.tmpfs
PAIRS = int(sys.argv[1]) if len(sys.argv) > 1 else 6
EVERY = int(sys.argv[2]) if len(sys.argv) > 2 else 60
group = CpuGroup(TAG)


def stage_and_archive(members, chunks, name):
    """Copies the members (directories made, files copied; a file in `chunks` holds only those byte ranges) into a
    staging tree and archives it as the cache does (tar | zstd -3)."""
    stage = f'{OUT}/{name}'
    for rel, _, is_dir, _ in sorted(members):
        dst = os.path.join(stage, rel)
        if is_dir:
            os.makedirs(dst, exist_ok=True)
            continue
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        if rel in chunks:
            with open(os.path.join(MR, rel), 'rb') as src, open(dst, 'wb') as out:
                for start, length in chunks[rel]:
                    src.seek(start)
                    out.write(src.read(length))
        else:
            shutil.copy2(os.path.join(MR, rel), dst, follow_symlinks=False)
    arc = f'{OUT}/{name}.tar.zst'
    sh(f'tar -C {stage} -cf - . | zstd -q -T0 -3 -o {arc} -f')
    shutil.rmtree(stage)
    return arc


def samples():
    entries = entries_of(MR)
    n_all, b_all = len(entries), sum(e[3] for e in entries if not e[2])
    limit = b_all / EVERY * 0.02
    big = sorted(e for e in entries if not e[2] and e[3] > limit)
    big_paths = {e[0] for e in big}
    shallow, clusters = clusters_of([e for e in entries if e[0] not in big_paths])
    rnd = random.Random(1)
    drawn = [e for k in sorted(clusters) if rnd.random() < 1 / EVERY for e in clusters[k]]
    without = shallow + drawn
    # The large files' bytes as chunks of `limit` bytes, one in EVERY from a random start.
    chunks, offset, start = {}, 0, rnd.random() * EVERY * limit
    for rel, _, _, size in big:
        while start < offset + size:
            at = int(start - offset) // int(limit) * int(limit)
            chunks.setdefault(rel, []).append((at, min(int(limit), size - at)))
            start += EVERY * limit
        offset += size
    with_chunks = without + [e for e in big if e[0] in chunks]
    info = []
    for name, members, ch in [('without', without, {}), ('chunks', with_chunks, chunks)]:
        files = [m for m in members if not m[2]]
        nbytes = sum(sum(c[1] for c in ch[m[0]]) if m[0] in ch else m[3] for m in files)
        info.append((name, stage_and_archive(members, ch, name), len(members) / n_all, nbytes / b_all))
    print(f'{len(big)} files over {limit / 1e3:.0f} KB, {sum(e[3] for e in big) / b_all * 100:.1f} % of the bytes; {len(chunks)} of them drawn', flush=True)
    return info


try:
    build_tree(MR)
    os.makedirs(OUT)
    info = samples()
    shutil.rmtree(MR)
    group.make()
    scratch.mount()
    for name, arc, ms, bs in info:
        ext, ram = [], []
        for i in range(PAIRS):
            ext.append(group.extract(arc, MNT)[0])
            ram.append(group.extract(arc, RAM)[0])
        share = [(1 - r / e) * 100 for e, r in zip(ext, ram)]
        print(f'{name}: {ms * 100:.2f} % of the members, {bs * 100:.2f} % of the bytes: ext4 {statistics.median(ext):.2f} s, tmpfs {statistics.median(ram):.2f} s; ram saves {", ".join(f"{x:.0f}" for x in share)} % (median {statistics.median(share):.1f}, sd {statistics.pstdev(share):.1f})', flush=True)
finally:
    scratch.remove()
    group.remove()
