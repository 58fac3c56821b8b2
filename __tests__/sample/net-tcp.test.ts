// /proc/net/tcp's send queues, on a capture taken while a server held an upload (fixtures/procfs/README.md).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTcpSendQueues, readTcpSendQueues } from '../../src/sample/net-tcp.js';
import { repoRoot } from '../helpers/tree.js';

describe("the sockets' send queues", () => {
  it("finds the held upload's socket with most of what it handed to the kernel still unacknowledged", () => {
    const queues = parseTcpSendQueues(readFileSync(path.join(repoRoot, 'fixtures/procfs/net-tcp.held-upload.txt'), 'utf8'));
    const held = queues.get('45800:37567');
    expect(held).toBeGreaterThan(3_000_000);
    expect(held).toBeLessThan(4_157_547);
    // Only established sockets: listening ones (state 0A) are left out.
    expect([...queues.keys()].every((k) => !k.endsWith(':0'))).toBe(true);
  });

  it("reads this Linux machine's, and says so (null) where there is no /proc/net/tcp", () => {
    expect(readTcpSendQueues('/proc')).toBeInstanceOf(Map);
    expect(readTcpSendQueues('/nonexistent')).toBeNull();
  });
});
