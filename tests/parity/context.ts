/** What the parity run's global setup hands every test file (vitest's provide/inject). */
export interface Deploy {
  /** Where to connect (loopback). */
  url: string;
  /** The site's address for this deploy: the URL a function sees, and a browser's Origin. */
  publicUrl: string;
  deployId: string;
  /** The serving process and the user its functions run as. */
  pid: number;
  user: string;
  /** Where the runtime unpacked the archives (what a function must not be able to write). */
  root: string;
  log: string;
}

export interface ParityContext {
  production: Deploy;
  preview: Deploy;
  /** A production deploy without BETTER_AUTH_SECRET, serving only /api/contact. */
  misconfigured: Deploy;
  databaseUrl: string;
  /** The deploy preview's own database: a copy of production's made before the deploys started. */
  previewDatabaseUrl: string;
  blobs: { edgeURL: string; uncachedEdgeURL: string; siteID: string; token: string; region: 'us-east-2' };
  admin: { email: string; password: string };
  /** The deploys' HEALTH_TOKEN: `Authorization: Bearer <it>` reads the health check's detail. */
  healthToken: string;
  /** Production's reply settings: the webhook's secret, the reply domain, the Receiving API stand-in's port. */
  resend: { port: number; secret: string; domain: string };
  /** The schedulers' webhook secrets of production (docs/decisions/0046). */
  schedulers: { calendlyKey: string; calSecret: string };
  repoRoot: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    parity: ParityContext;
  }
}
