/** The `disk-profiler` command: the action's engine outside GitHub (commands in commands.ts). */
import { errorMessage } from '../../src/util/errors.js';
import { dispatch } from './commands.js';

dispatch(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`disk-profiler: ${errorMessage(error)}\n`);
    process.exitCode = 1;
  },
);
