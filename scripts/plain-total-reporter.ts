// Prints one plain closing line, "tests: N passed, N failed, N skipped", that any CI log reader understands.
import type { Reporter, TestModule } from 'vitest/node';

export default class PlainTotalReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed outside any test (an import or a beforeAll) counts as one failure.
      if (mod.errors().length > 0) failed++;
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
