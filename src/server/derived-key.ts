/**
 * Keys derived from BETTER_AUTH_SECRET for the server's own uses (sealing a mail's link, keying a counter by a
 * client without storing its address): one secret to set, a separate key for each use. A deployed site without
 * a good secret refuses (MisconfiguredError); a local run without one uses the development secret.
 */
import { hkdfSync } from 'node:crypto';
import { authSecretProblem, DEV_AUTH_SECRET, isDeployed, MisconfiguredError, platformEnv } from '../config/platform.ts';

/** 32 bytes for the use named by `salt` and `info`. */
export function derivedKey(salt: string, info: string, env = platformEnv()): Buffer {
  const problem = authSecretProblem(env);
  if (problem && isDeployed(env)) throw new MisconfiguredError([{ setting: 'BETTER_AUTH_SECRET', problem }]);
  const secret = problem && !env.BETTER_AUTH_SECRET ? DEV_AUTH_SECRET : env.BETTER_AUTH_SECRET!;
  return Buffer.from(hkdfSync('sha256', secret, salt, info, 32));
}
