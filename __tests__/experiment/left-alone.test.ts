// The warning for a vm.dirty_* someone else changed while the page-cache experiment had it (issue 39:
// "it is now vm.dirty_bytes=33554432 (32 MiB), so it is left as they set it, not put back to
// vm.dirty_bytes=33554432 (32 MiB)"): set back to its old value, nothing is left to put back.
import { describe, expect, it } from 'vitest';
import { leftAloneSentence } from '../../src/experiment/dirty.js';

const before = 'vm.dirty_bytes=33554432 (32 MiB)';

describe('leftAloneSentence', () => {
  it('set back to the value it had before: says so, and offers nothing to put back', () => {
    const s = leftAloneSentence({ name: 'vm.dirty_bytes', ourValue: 201326592, foundValue: 33554432, found: before, before });
    expect(s).toContain(`it is now ${before} again, the value it had before, so nothing needed putting back`);
    expect(s).not.toContain('not put back');
  });

  it('set to a third value: left as they set it, not put back to the old one', () => {
    const found = 'vm.dirty_bytes=67108864 (64 MiB)';
    const s = leftAloneSentence({ name: 'vm.dirty_bytes', ourValue: 201326592, foundValue: 67108864, found, before });
    expect(s).toContain(`it is now ${found}, so it is left as they set it, not put back to ${before}.`);
  });
});
