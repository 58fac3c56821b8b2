// Prints the memory the experiments would size RAM by, as seen from this process's cgroup: run by
// available-memory.test.ts inside a memory cgroup it created.
import { availableMemory, memAvailableBytes } from '../../src/experiment/machine-facts.js';
import { readCgroupMemoryRoom } from '../../src/sample/cgroup.js';

process.stdout.write(JSON.stringify({ room: readCgroupMemoryRoom(), available: availableMemory(), memAvailable: memAvailableBytes() }));
