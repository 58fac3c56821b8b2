#!/usr/bin/env python3
# How precisely can the bench check a sampled saving on the CPU-bound restore (issue 40, item 1: within 15 % of what
# full runs of the same alternative measure, in every one of 3 runs)? Read from the bench's own records in
# BENCHMARKS.md, the CPU-bound runs since 771bc8f (each table row with its full runs' baseline → ram pairs):
#   - a full pair's share saved (1 - ram / baseline), and its spread within one run's truth (pooled sd);
#   - how much a truth of FULL_PAIRS pairs moves from that alone (the median's sd, simulated);
#   - each run's sampled share against its truth's share, and how often within 15 %;
#   - the chance that a sampler with no bias at all, its rounds as noisy as the full pairs, lands within 15 % of such a
#     truth in 1 run and in all of 3 (simulated at the recorded median share);
#   - each set's first pair (its baseline the first extraction after the set's own restore) against its second.
# Pure arithmetic over the file; nothing runs.   python3 tools/bench/diagnostics/truth-noise.py [ROUNDS]
import os, random, re, statistics, sys

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 5
FULL_PAIRS, WITHIN, DRAWS = 4, 0.15, 100_000
# The rows of this VM's benches (2026-12-03): 2 at 83e49be, 3 at 73ce989.
LAST = 5
HERE = os.path.dirname(os.path.abspath(__file__))
text = open(os.path.join(HERE, '..', '..', '..', 'BENCHMARKS.md')).read()
start = text.index('### The CPU-bound restore at 771bc8f')
# Up to the bench that reads its truth from one set's later rounds (39e6a68): the rows before it hold two sets of two pairs.
end = text.index('### The CPU-bound restore at 39e6a68')
PAIR = re.compile(r'(\d+\.\d+) → (\d+\.\d+)|baseline (\d+\.?\d*), ram (\d+\.?\d*)')
SHARES = re.compile(r'(\d+) % (?:vs|/) (\d+) %')

runs = []
for line in text[start:end].splitlines():
    if not line.startswith('| '):
        continue
    pairs = [(float(m[0] or m[2]), float(m[1] or m[3])) for m in PAIR.findall(line)]
    shares = SHARES.search(line)
    if len(pairs) < 2 or not shares:
        continue
    runs.append({'row': line.split('|')[1].strip(), 'pairs': [(1 - r / b) * 100 for b, r in pairs], 'baselines': [b for b, _ in pairs],
                 'sampled': float(shares[1]), 'truth': float(shares[2])})

deviations = [x - statistics.mean(r['pairs']) for r in runs for x in r['pairs']]
freedom = sum(len(r['pairs']) - 1 for r in runs)
pair_sd = (sum(d * d for d in deviations) / freedom) ** 0.5
random.seed(40)


def median_sd(n):
    return statistics.pstdev(statistics.median(random.gauss(0, pair_sd) for _ in range(n)) for _ in range(DRAWS))


share = statistics.median(r['truth'] for r in runs)
truth_sd, sampled_sd = median_sd(FULL_PAIRS), median_sd(ROUNDS)
within = [abs(r['sampled'] - r['truth']) <= WITHIN * r['truth'] for r in runs]
hits = sum(abs(random.gauss(0, sampled_sd) - random.gauss(0, truth_sd)) <= WITHIN * share for _ in range(DRAWS)) / DRAWS
for r in runs:
    print(f"{r['row']:>4}: full pairs {', '.join(f'{x:.1f}' for x in r['pairs'])} %; sampled {r['sampled']:.0f} % vs truth {r['truth']:.0f} %")
print(f'{len(runs)} runs, {freedom + len(runs)} full pairs: a pair\'s share has sd {pair_sd:.1f} points within one truth')
print(f'a truth of {FULL_PAIRS} pairs (their median) moves by sd {truth_sd:.1f} points from that alone, {truth_sd / share * 100:.1f} % of the median truth\'s {share:.0f} %')
differences = [r['sampled'] - r['truth'] for r in runs]
print(f'sampled vs truth, in shares: within 15 % in {sum(within)} of {len(runs)} runs; differences (points) '
      f'{", ".join(f"{d:+.0f}" for d in differences)}, mean {statistics.mean(differences):+.1f}, sd {statistics.stdev(differences):.1f}')
print(f'a sampler without bias, {ROUNDS} rounds as noisy as the full pairs (its median sd {sampled_sd:.1f} points): within 15 % '
      f'{hits * 100:.0f} % of runs, all of 3 runs {hits ** 3 * 100:.0f} %')

# A set is two pairs after its own restore: pairs 1 and 3 of a row come first in theirs.
sets_of = [[(r['pairs'][i], r['pairs'][i + 1], r['baselines'][i] / r['baselines'][i + 1]) for i in range(0, len(r['pairs']) - 1, 2)] for r in runs]


def first_against_second(sets):
    return (f'{statistics.mean(s[0] for s in sets):.1f} against {statistics.mean(s[1] for s in sets):.1f} % (mean), the first higher in '
            f'{sum(s[0] > s[1] for s in sets)} of {len(sets)} sets, the first baseline {statistics.median(s[2] for s in sets):.3f} times the second (median)')


print(f'each set\'s first pair against its second: {first_against_second([s for sets in sets_of for s in sets])}; '
      f'the last {LAST} rows alone: {first_against_second([s for sets in sets_of[-LAST:] for s in sets])}')
