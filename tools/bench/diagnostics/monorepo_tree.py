# The lab's monorepo tree for the diagnostics (tools/lab/cache-entry.ts: eight copies of the workload's @azure and
# typescript under packages/p1..p8/node_modules), its entries, its whole subtrees at depth 6 (the samples' clusters,
# src/experiment/sample-select.ts) and archives of chosen members as the cache makes them (tar | zstd -3).
import os, subprocess

SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'lab', 'workload', 'node_modules')
DEPTH = 6


def sh(c):
    subprocess.run(c, shell=True, check=True)


def build_tree(root):
    """Copies the workload's trees into root (after `npm run lab:workload`)."""
    for i in range(1, 9):
        d = f'{root}/packages/p{i}/node_modules'
        os.makedirs(d)
        for p in ['@azure', 'typescript']:
            sh(f"cp -a '{SRC}/{p}' '{d}/'")


def entries_of(root):
    """(relative path, depth, is a directory, size) of every entry under root."""
    out = []
    for base, dirs, files in os.walk(root):
        rel = os.path.relpath(base, root)
        rel = '' if rel == '.' else rel
        for n in dirs + files:
            r = os.path.join(rel, n)
            p = os.path.join(root, r)
            out.append((r, r.count('/') + 1, os.path.isdir(p) and not os.path.islink(p), os.lstat(p).st_size))
    return out


def clusters_of(entries):
    """The skeleton (entries above DEPTH, in every sample) and the whole subtrees at DEPTH, by their root."""
    clusters, shallow = {}, []
    for e in entries:
        if e[1] < DEPTH:
            shallow.append(e)
        else:
            clusters.setdefault('/'.join(e[0].split('/')[:DEPTH]), []).append(e)
    return shallow, clusters


def archive(root, members, out):
    """A tar.zst of these members (no recursion), as the cache's archive is made."""
    lst = f'{out}.lst'
    with open(lst, 'w') as f:
        for m in sorted(members, key=lambda e: e[0]):
            f.write(m[0] + '\n')
    sh(f"tar --no-recursion -C {root} -cf - -T {lst} | zstd -q -T0 -3 -o {out} -f")
    os.remove(lst)
    return out
