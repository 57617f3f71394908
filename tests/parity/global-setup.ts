/**
 * The deploy of the parity run, made once for every test file: the functions bundled as Netlify bundles
 * them, PostgreSQL 15 migrated as Netlify Database migrates at deploy, the first admin made with the CLI,
 * people in production's data, the deploy preview's own database branched from it as Netlify Database branches
 * one (a copy, people included), Netlify's own local Blobs server, and three deploys served by
 * scripts/parity/server.ts: production, a deploy preview, and a production deploy missing its auth secret.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';
import type { TestProject } from 'vitest/node';
import { assembleDeploy, buildAndBundle, buildArtifacts, keptArtifacts } from '../../scripts/parity/artifacts.ts';
import { startInstance, type FunctionEnv, type Instance } from '../../scripts/parity/instance.ts';
import type { InstanceOptions } from '../../scripts/parity/server.ts';
import { deployedSettings } from '../fixtures/deployed-settings.ts';
import { openPostgres } from '../../src/db/client.ts';
import { applyMigrations } from '../../src/db/migrate.ts';
import { sql } from 'drizzle-orm';
import { seedProductionPeople } from './production-people.ts';
import type { Deploy, ParityContext } from './context.ts';

const repoRoot = path.resolve(import.meta.dirname, '../..');
/** The site's Functions region: deploy-scoped stores are kept in it. */
const REGION = 'us-east-2';
/** The folder of the function that fails on purpose (deployed on the misconfigured deploy only). */
const DELIBERATE_ERROR = 'tests/fixtures/deliberate-error';
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

export default async function setup(project: TestProject) {
  const started = performance.now();
  const databaseUrl = process.env.TEST_DATABASE_URL;
  if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: run `npm run test:parity`');
  if (!existsSync(path.join(repoRoot, 'dist/blog-shell.html'))) {
    throw new Error('dist/ is not built (the blog bundles its frame from it): run `npm run build` first');
  }

  // In memory when possible: the runtime unpacks ~17,000 files per deploy, and on a disk mounted with
  // `discard` (this machine's) creating and removing them took over a minute each way.
  const work = mkdtempSync(path.join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'parity-'));
  chmodSync(work, 0o755); // the functions' user must reach the unpacked archives
  const folder = (name: string) => {
    const dir = path.join(work, name);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  const instances: Instance[] = [];
  let blobs: BlobsServer | undefined;
  const teardown = async () => {
    const stopping = performance.now();
    await Promise.all(instances.map((i) => i.stop()));
    await blobs?.stop();
    // Not root, the instances took the write bits off their unpacked archives (scripts/parity/server.ts).
    if (process.getuid?.() !== 0) spawnSync('chmod', ['-R', 'u+w', work]);
    rmSync(work, { recursive: true, force: true });
    console.log(`parity: deploys stopped and removed (${seconds(stopping)})`);
  };

  try {
    const admin = { email: 'admin@agency.example', password: `Parity-${randomBytes(12).toString('base64url')}` };
    const previewDatabaseUrl = previewUrl(databaseUrl);
    const [artifacts] = await Promise.all([
      // `npm test` bundled them a moment ago in its bundles step, with the same options (NETLIFY_BUNDLES_DIR).
      keptArtifacts(process.env.NETLIFY_BUNDLES_DIR) ?? buildArtifacts(repoRoot, folder('artifacts')),
      prepareDatabase(databaseUrl, admin).then(() => branchDatabase(databaseUrl, previewDatabaseUrl)),
    ]);
    console.log(`parity: ${artifacts.functions.length} functions bundled, database ready (${seconds(started)})`);

    const token = randomBytes(16).toString('hex');
    blobs = new BlobsServer({ directory: folder('blobs'), token });
    const { port } = await blobs.start();
    const edgeURL = `http://127.0.0.1:${port}`;
    const siteID = randomUUID();
    const siteName = 'bolesta';
    const hex24 = () => randomBytes(12).toString('hex'); // Netlify's deploy ids: 24 hex digits
    const healthToken = randomBytes(32).toString('base64url'); // the health check's detail (HEALTH_TOKEN)
    // Replies come back on production (docs/decisions/0040): the webhook's secret, the reply domain, and the port of
    // the Receiving API's stand-in that tests/parity/webhook.test.ts starts (RESEND_BASE_URL).
    const resend = {
      port: await freePort(),
      secret: `whsec_${randomBytes(24).toString('base64')}`,
      domain: 'reply.bolesta-agency.com',
    };
    // Booked calls come in on production (docs/decisions/0046): the schedulers' signing secrets.
    const schedulers = {
      calendlyKey: randomBytes(24).toString('base64url'),
      calSecret: randomBytes(24).toString('base64url'),
    };

    // What Netlify sets for every function of the site, plus the site's own settings.
    const functionEnv = (deployID: string, secret = true, dbUrl = databaseUrl, replies = false): FunctionEnv => ({
      SITE_ID: siteID,
      SITE_NAME: siteName,
      URL: `https://${siteName}.netlify.app`,
      ...deployedSettings,
      NETLIFY_DB_URL: dbUrl,
      NETLIFY_BLOBS_CONTEXT: Buffer.from(
        JSON.stringify({ edgeURL, uncachedEdgeURL: edgeURL, siteID, deployID, token, primaryRegion: REGION }),
      ).toString('base64'),
      ...(secret ? { BETTER_AUTH_SECRET: randomBytes(32).toString('base64') } : {}),
      HEALTH_TOKEN: healthToken,
      ...(replies && {
        MAIL_REPLY_DOMAIN: resend.domain,
        RESEND_WEBHOOK_SECRET: resend.secret,
        RESEND_BASE_URL: `http://127.0.0.1:${resend.port}`,
        CALENDLY_WEBHOOK_SIGNING_KEY: schedulers.calendlyKey,
        CAL_WEBHOOK_SECRET: schedulers.calSecret,
      }),
    });

    // The misconfigured deploy needs only the function it is asked about: a smaller unpack. Beside it, a function
    // that fails on purpose, built and bundled as the site's are: its stack trace in the log names the source.
    // Built inside the repository as the site's functions are, so its stacks name the files as a deploy's do.
    const failing = await buildAndBundle(
      repoRoot,
      path.join(repoRoot, DELIBERATE_ERROR),
      path.join(repoRoot, 'build/parity-deliberate-error'),
    );
    const someFunctions = assembleDeploy(folder('artifacts-misconfigured'), [
      { from: artifacts, only: ['contact'] },
      { from: failing },
    ]).directory;

    const deploys = {
      production: {
        deploy: { id: hex24(), context: 'production', published: true, branch: 'main' },
        publicUrl: deployedSettings.SITE_URL,
        artifacts: artifacts.directory,
      },
      preview: {
        deploy: { id: hex24(), context: 'deploy-preview', published: false, branch: 'parity-preview' },
        publicUrl: `https://deploy-preview-42--${siteName}.netlify.app`,
        artifacts: artifacts.directory,
      },
      misconfigured: {
        deploy: { id: hex24(), context: 'production', published: true, branch: 'main' },
        publicUrl: deployedSettings.SITE_URL,
        artifacts: someFunctions,
      },
    };
    const cwd = folder('cwd');
    const logDir = path.join(repoRoot, 'test-results');
    const started2 = performance.now();
    const running = await Promise.all(
      Object.entries(deploys).map(async ([name, d]) => {
        const options: InstanceOptions = {
          artifacts: d.artifacts,
          root: folder(`root-${name}`),
          dist: path.join(repoRoot, 'dist'),
          netlifyToml: path.join(repoRoot, 'netlify.toml'),
          publicUrl: d.publicUrl,
          deploy: d.deploy,
        };
        const dbUrl = name === 'preview' ? previewDatabaseUrl : databaseUrl;
        const env = functionEnv(d.deploy.id, name !== 'misconfigured', dbUrl, name === 'production');
        const instance = await startInstance(name, options, env, {
          cwd,
          logDir,
        });
        instances.push(instance);
        const deploy: Deploy = {
          url: instance.url,
          publicUrl: d.publicUrl,
          deployId: d.deploy.id,
          pid: instance.pid,
          user: instance.user,
          root: options.root,
          log: instance.log,
        };
        return [name, deploy] as const;
      }),
    );
    console.log(
      `parity: 3 deploys serving as ${running[0]![1].user} (${seconds(started2)}), setup ${seconds(started)}`,
    );

    const context: ParityContext = {
      ...(Object.fromEntries(running) as Pick<ParityContext, 'production' | 'preview' | 'misconfigured'>),
      databaseUrl,
      previewDatabaseUrl,
      blobs: { edgeURL, uncachedEdgeURL: edgeURL, siteID, token, region: REGION },
      admin,
      healthToken,
      resend,
      schedulers,
      repoRoot,
    };
    project.provide('parity', context);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

/** A port nothing listens on now (the stand-in of Resend's API takes it in the test file). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The preview's own database on the same server (Netlify Database gives each deploy preview a branch). */
function previewUrl(url: string): string {
  const preview = new URL(url);
  preview.pathname = '/parity_preview';
  return preview.toString();
}

/**
 * The preview's branch: a copy of production's database as it is now, people included (CREATE DATABASE …
 * TEMPLATE copies every row), as Netlify Database branches production for a deploy preview.
 */
async function branchDatabase(productionUrl: string, previewDatabaseUrl: string): Promise<void> {
  const source = new URL(productionUrl).pathname.slice(1);
  const target = new URL(previewDatabaseUrl).pathname.slice(1);
  const production = await openPostgres(productionUrl, { max: 1 });
  try {
    await seedProductionPeople(production.db);
  } finally {
    await production.close();
  }
  const maintenance = new URL(productionUrl);
  maintenance.pathname = '/template1';
  const server = await openPostgres(maintenance.toString(), { max: 1 });
  try {
    await server.db.execute(sql.raw(`drop database if exists "${target}"`));
    await server.db.execute(sql.raw(`create database "${target}" template "${source}"`));
  } finally {
    await server.close();
  }
}

/** Migrations as the platform applies them at deploy, then the first admin through the CLI. */
async function prepareDatabase(url: string, admin: { email: string; password: string }): Promise<void> {
  const handle = await openPostgres(url, { max: 1 });
  try {
    await applyMigrations(handle.db);
  } finally {
    await handle.close();
  }
  const args = ['run', '--silent', 'admin', '--', 'create', admin.email, '--role', 'admin'];
  await new Promise<void>((resolve, reject) => {
    const cli = spawn('npm', [...args, '--password', admin.password], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    cli.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    cli.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    cli.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`npm ${args.join(' ')} exited with ${code}:\n${output}`)),
    );
  });
}
