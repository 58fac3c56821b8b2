import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['__tests__/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Integration tests share the disk, loop devices and blkio throttles: run files one at a time.
    fileParallelism: false,
    // Each file's own machine directory: see the file.
    setupFiles: ['./__tests__/helpers/machine-dir-setup.ts'],
    reporters: ['default', './scripts/plain-total-reporter.ts'],
  },
});
