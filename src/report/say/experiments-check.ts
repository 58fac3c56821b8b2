/**
 * The experiments' check against the verdict said (judge/experiments-check.ts checkExperiments
 * decides it and gives the figures): the bold line above the measured fixes. Nothing here decides. Pure.
 */
import type { DecompressFloor, ExperimentsCheck } from '../../judge/experiments-check.js';
import { percent, seconds } from '../../util/format.js';

/** "; decompression alone takes 9 s of the baseline's 10 s", where decompression ran. */
const floorText = (d: DecompressFloor | null): string =>
  d ? `; decompression alone takes ${seconds(d.decompressMs)} of the baseline's ${seconds(d.baselineMs)}` : '';

const cpuSeconds = (ms: number): string => (ms / 1000).toFixed(2);

export function sayExperimentsCheck(c: ExperimentsCheck): string {
  switch (c.kind) {
    case 'network-no-refetch':
      return 'The verdict said network; the archive could not be fetched again to check.';
    case 'network-refetched': {
      const first = c.firstDownloadMs === null ? '' : ` (the profiled download: ${seconds(c.firstDownloadMs)})`;
      return `The verdict said network: the second download of the same archive took ${seconds(c.refetchMs)}${first}; no experiment here changes the network.`;
    }
    case 'ram-not-run':
      return 'Taking the disk out (ram) did not run here, so the experiments cannot check the verdict.';
    case 'disk-all':
      return `Taking the disk out saved ${seconds(c.savedMs)}, all of the ${seconds(c.onDiskMs)} the verdict put on it.`;
    case 'disk-most':
      return `Taking the disk out saved ${seconds(c.savedMs)} of the ${seconds(c.onDiskMs)} the verdict put on it.`;
    case 'disk-contradicted':
      return `The verdict said disk, but taking the disk out saved ${percent(c.savingShare)}: ${seconds(c.savedMs)} of the ${seconds(c.onDiskMs)} the verdict put on it${floorText(c.decompress)}.`;
    case 'cpu-little-saved':
      return `The verdict said CPU, and taking the disk out saved only ${percent(c.savingShare)} (${seconds(c.savedMs)})${floorText(c.decompress)}.`;
    case 'cpu-work':
      return `The verdict said CPU: taking the disk out saved ${percent(c.savingShare)} (${seconds(c.savedMs)}) because the extraction needed ${percent(c.cpu.share)} less CPU on RAM (tar and its decompressor: ${cpuSeconds(c.cpu.baselineMs)} → ${cpuSeconds(c.cpu.ramMs)} s of CPU), work the file system did, not waiting on the disk${floorText(c.decompress)}.`;
    case 'cpu-contradicted':
      return `The verdict said CPU, but taking the disk out saved ${percent(c.savingShare)} (${seconds(c.savedMs)})${floorText(c.decompress)}.`;
    case 'no-resource':
      return `The verdict named no resource; taking the disk out saved ${percent(c.savingShare)} (${seconds(c.savedMs)})${floorText(c.decompress)}.`;
  }
}
