// The floor of `npm run bench:cold`: a v2 function that does nothing, bundled as every function is and run in the
// same runtime, never deployed (it is outside the functions folder of netlify.toml).
import type { Config } from '@netlify/functions';

export default () => new Response('ok');

export const config: Config = { path: '/bench/empty' };
