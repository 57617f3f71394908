/**
 * Keys derived from BETTER_AUTH_SECRET for the server's own uses (sealing a mail's link, keying a counter by a
 * client without storing its address): one secret to set, a separate key for each use. A deployed site without
 * a good secret refuses (MisconfiguredError); a local run without one uses the development secret.
 */
import { hkdfSync } from 'node:crypto';
import { authSecretProblem, DEV_AUTH_SECRET, isDeployed, MisconfiguredError, platformEnv } from '../config/platform.ts';

/** Keys already derived, by secret, salt and info: a submit derives some on every request. */
const derived = new Map<string, Buffer>();

/** 32 bytes for the use named by `salt` and `info`. */
export function derivedKey(salt: string, info: string, env = platformEnv()): Buffer {
  const problem = authSecretProblem(env);
  if (problem && isDeployed(env)) throw new MisconfiguredError([{ setting: 'BETTER_AUTH_SECRET', problem }]);
  const secret = problem && !env.BETTER_AUTH_SECRET ? DEV_AUTH_SECRET : env.BETTER_AUTH_SECRET!;
  const id = JSON.stringify([secret, salt, info]);
  let key = derived.get(id);
  if (!key) derived.set(id, (key = Buffer.from(hkdfSync('sha256', secret, salt, info, 32))));
  return Buffer.from(key); // a copy: a caller may overwrite its buffer
}
