/**
 * /proc/net/tcp and /proc/net/tcp6: each socket's send queue. For an established socket `tx_queue` is
 * write_seq - snd_una, the bytes the kernel took but the peer has not acknowledged. An upload's bytes
 * handed to the kernel run ahead of the wire by the socket's send buffer (net.ipv4.tcp_wmem, up to 4 MiB
 * by default): a 4 MiB chunk is "sent" the instant it is written. Less tx_queue, they are what the peer
 * acknowledged.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const ESTABLISHED = '01';

/** `localPort:remotePort` (decimal) → tx_queue bytes, for established sockets. */
export function parseTcpSendQueues(text: string, into: Map<string, number> = new Map()): Map<string, number> {
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    // sl local_address rem_address st tx_queue:rx_queue ...
    if (f.length < 5 || !f[0]?.endsWith(':') || f[3] !== ESTABLISHED) continue;
    const local = f[1]?.split(':')[1];
    const remote = f[2]?.split(':')[1];
    const tx = f[4]?.split(':')[0];
    if (!local || !remote || !tx) continue;
    into.set(`${Number.parseInt(local, 16)}:${Number.parseInt(remote, 16)}`, Number.parseInt(tx, 16));
  }
  return into;
}

/** Both families' send queues; null where /proc/net/tcp cannot be read (then bytes handed to the kernel stand). */
export function readTcpSendQueues(procRoot: string): Map<string, number> | null {
  const out = new Map<string, number>();
  let any = false;
  for (const file of ['tcp', 'tcp6']) {
    try {
      parseTcpSendQueues(readFileSync(path.join(procRoot, 'net', file), 'utf8'), out);
      any = true;
    } catch {
      // A kernel without IPv6 has no tcp6.
    }
  }
  return any ? out : null;
}
