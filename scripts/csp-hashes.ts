/**
 * `npm run csp`: prints the script-src hashes the built site needs, for the Content-Security-Policy in
 * netlify.toml. Run it after an Astro upgrade or a new kind of `client:` directive.
 */
import { inlineScriptHashes } from './lib/built-site.ts';

console.log([...inlineScriptHashes()].sort().join(' '));
