/** `disk-profiler serve`: the local services until SIGINT/SIGTERM. */
import { startLocalServices } from '../services/index.js';
import { flag, parseArgs } from './args.js';

export async function serveCommand(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const port = flag(args, 'port');
  const rate = flag(args, 'download-rate');
  const services = await startLocalServices({
    port: port ? Number(port) : undefined,
    downloadBytesPerSecond: rate ? Number(rate) : undefined,
    log: (line) => process.stderr.write(`${line}\n`),
  });
  for (const [name, value] of Object.entries(services.env)) process.stdout.write(`${name}=${value}\n`);
  process.stderr.write(`Local Actions services on ${services.url}; stop with Ctrl-C.\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await services.stop();
  return 0;
}
