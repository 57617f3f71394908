// The deliberately broken claims of bench/README.md (`npm run bench:faults` catches each) must still apply to the
// code they break: a patch that no longer applies would leave the checker's proof a dead instruction.
import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';

for (const patch of ['bench/faults/broken-claim.patch', 'bench/faults/broken-erasure.patch']) {
  it(`${patch} applies to the current code`, () => {
    expect(() => execFileSync('git', ['apply', '--check', patch], { stdio: 'pipe' })).not.toThrow();
  });
}
