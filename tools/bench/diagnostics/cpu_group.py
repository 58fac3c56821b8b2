# The slow cpu scenario's hold on tar + unzstd for the diagnostics (tools/lab/slow-restore-specs.ts: a cgroup v1 cpu
# group of 6 ms per 100 ms, with a cpuacct group beside it for the CPU time), and an extraction timed as the
# experiments time a run: until `sync -f` of the target returns. Root, cgroup v1 cpu and cpuacct.
import os, shutil, time
from monorepo_tree import sh

QUOTA_US, PERIOD_US = 6000, 100000


class CpuGroup:
    def __init__(self, tag):
        self.cpu = f'/sys/fs/cgroup/cpu/{tag}'
        self.acct_dir = f'/sys/fs/cgroup/cpuacct/{tag}'

    def make(self):
        os.makedirs(self.cpu)
        os.makedirs(self.acct_dir)
        open(f'{self.cpu}/cpu.cfs_period_us', 'w').write(str(PERIOD_US))
        open(f'{self.cpu}/cpu.cfs_quota_us', 'w').write(str(QUOTA_US))

    def acct(self):
        """The group's user and system CPU so far, ns."""
        return int(open(f'{self.acct_dir}/cpuacct.usage_user').read()), int(open(f'{self.acct_dir}/cpuacct.usage_sys').read())

    def run(self, command):
        """The shell command, its shell (and so what it execs) in both groups."""
        sh(f"sh -c 'echo $$ > {self.cpu}/cgroup.procs; echo $$ > {self.acct_dir}/cgroup.procs; exec {command}'")

    def extract(self, archive, target):
        """Extracts into a fresh directory under target: (wall until synced, user s, system s, tar alone s); then removes it."""
        d = f'{target}/x'
        os.makedirs(d)
        sh(f'sync -f {target}')
        u0, s0 = self.acct()
        t0 = time.monotonic()
        self.run(f'tar -I unzstd -xf {archive} -C {d}')
        t1 = time.monotonic()
        sh(f'sync -f {target}')
        wall = time.monotonic() - t0
        u1, s1 = self.acct()
        shutil.rmtree(d)
        sh(f'sync -f {target}')
        return wall, (u1 - u0) / 1e9, (s1 - s0) / 1e9, t1 - t0

    def remove(self):
        """Moves what is left in the groups to their parents and removes them."""
        for g in (self.cpu, self.acct_dir):
            if os.path.isdir(g):
                for pid in open(f'{g}/tasks').read().split():
                    open(os.path.dirname(g) + '/tasks', 'w').write(pid)
                os.rmdir(g)


class Scratch:
    """What a diagnostic makes beside the group, named by its tag: the tree and archives in /dev/shm, and the two
    targets: a fresh ext4 loop image (4 GiB, in /var/tmp) and a tmpfs (3 GiB)."""

    def __init__(self, tag):
        self.tree = f'/dev/shm/{tag}-tree'
        self.archives = f'/dev/shm/{tag}-archives'
        self.ext4 = f'/mnt/{tag}-ext4'
        self.tmpfs = f'/mnt/{tag}-tmpfs'
        self.image = f'/var/tmp/{tag}.img'

    def mount(self):
        # Inode tables and journal written by mkfs, as the lab's loop disks are (tools/lab/loop-disk.ts): made lazily, ext4lazyinit
        # writes them in the background after mount, a second writer beside the runs (FIELD-NOTES). Until 2026-12-03 11:10 UTC the
        # diagnostics' fresh images were made lazily; their readings before that include it.
        sh(f'truncate -s 4G {self.image} && mkfs.ext4 -q -F -E lazy_itable_init=0,lazy_journal_init=0 {self.image} && mkdir -p {self.ext4} {self.tmpfs} && '
           f'mount -o loop {self.image} {self.ext4} && mount -t tmpfs -o size=3G tmpfs {self.tmpfs}')

    def remove(self):
        """Unmounts and removes all of it, whatever was made."""
        sh(f'umount {self.ext4} {self.tmpfs} 2>/dev/null; rm -f {self.image}; rmdir {self.ext4} {self.tmpfs} 2>/dev/null; '
           f'rm -rf {self.tree} {self.archives}; true')
