// The lab deps cache's members as the archive lists them (fixtures/archives/lab-deps-listing.tsv.gz: type, size, name
// per line), with their census: what the sample-selection tests plan real samples from.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ClusterCensus } from '../../src/experiment/sample-select.js';

export interface ListedMember {
  name: string;
  type: string;
  linkName: string;
  sizeBytes: number;
}

export function labDepsListing(): { listing: ListedMember[]; census: ClusterCensus } {
  const listing = gunzipSync(readFileSync(path.join(__dirname, '../../fixtures/archives/lab-deps-listing.tsv.gz')))
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [type, size, name] = line.split('\t') as [string, string, string];
      return { name, type: type === 'd' ? '5' : '0', linkName: '', sizeBytes: Number(size) };
    });
  const census = new ClusterCensus();
  for (const m of listing) census.add(m.name, m.type === '5', m.sizeBytes);
  return { listing, census };
}
