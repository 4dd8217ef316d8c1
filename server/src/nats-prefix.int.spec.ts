import { spawn } from 'node:child_process';
import path from 'node:path';

import { integrationStreamName, vendorsEntity } from '@erp/contracts';
import { MASTER_DATA_SAMPLES } from '@erp/contracts/testing';
import { type TestNats, testNats } from '@erp/eventstore/testing';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually } from './testing/http-client';
import { REPO_ROOT } from './testing/processes';
import { signedInOneProcess } from './testing/signed-in-system';

/**
 * Issue 46: a second deployment on the same NATS published nothing, with one warning in the log
 * and health `ok`; the README's consumer command failed as written. Each deployment now has its
 * own subject prefix and stream; one that finds its stream taken by another deployment says so
 * in health and /metrics; the example consumer runs as docs/api.md shows it.
 */

const run = `t${Date.now().toString(36)}`;
const [prefixA, prefixB] = [`${run}a`, `${run}b`];
let nats: TestNats;
beforeAll(async () => {
  nats = await testNats();
}, 60_000);

const a = signedInOneProcess({ NATS_URL: process.env.NATS_URL ?? '', ERP_NATS_PREFIX: prefixA });
const b = signedInOneProcess({ NATS_URL: process.env.NATS_URL ?? '', ERP_NATS_PREFIX: prefixB });
// A third deployment on another database that was (wrongly) given A's prefix.
const clash = signedInOneProcess({ NATS_URL: process.env.NATS_URL ?? '', ERP_NATS_PREFIX: prefixA });

afterAll(async () => {
  const nc = await connect({ servers: nats.url });
  const jsm = await jetstreamManager(nc);
  for (const prefix of [prefixA, prefixB]) await jsm.streams.delete(integrationStreamName(prefix)).catch(() => undefined);
  await nc.close();
  await nats.stop();
});

/** The example consumer with a filter, until it has printed a line containing `wanted` (or 60 s). */
let consumers = 0;
const consume = (prefix: string, filter: string, wanted: string) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(REPO_ROOT, 'examples/nats-consumer.mjs'), filter], {
      cwd: REPO_ROOT,
      env: { ...process.env, NATS_URL: nats.url, ERP_NATS_PREFIX: prefix, CONSUMER: `c-${prefix}-${++consumers}` },
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no ${wanted} from the consumer in 60 s: ${out}`));
    }, 60_000);
    const done = (error?: Error) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      if (error) reject(error);
      else resolve(out);
    };
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(wanted)) done();
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => code !== null && code !== 0 && done(new Error(`consumer exited ${code}: ${out}`)));
  });

describe('NATS: one prefix per deployment', () => {
  it('two deployments on one NATS each publish on their own subjects; the example consumer follows one as documented', async () => {
    const vendorA = MASTER_DATA_SAMPLES.vendors!.body(`${prefixA}-vendor`);
    const vendorB = MASTER_DATA_SAMPLES.vendors!.body(`${prefixB}-vendor`);
    expect((await a.owner.post(vendorsEntity.path, vendorA)).status).toBe(201);
    expect((await b.owner.post(vendorsEntity.path, vendorB)).status).toBe(201);
    const fromA = await consume(prefixA, `${prefixA}.purchase.*.*`, `${prefixA}-vendor`);
    expect(fromA).toContain(`${prefixA}.purchase.vendor.VendorCreated`);
    expect(fromA).not.toContain(`${prefixB}-vendor`);
    const fromB = await consume(prefixB, `${prefixB}.purchase.vendor.*`, `${prefixB}-vendor`);
    expect(fromB).toContain(`${prefixB}.purchase.vendor.VendorCreated`);
  }, 150_000);

  it('a deployment whose stream belongs to another says degraded in health and /metrics, and publishes nothing there', async () => {
    const health = await eventually(
      () => clash.owner.get<{ status: string; problems: string[] }>('/api/health'),
      (res) => res.body.problems.some((p) => p.startsWith('integration worker nats-publisher failing')),
      { timeoutMs: 60_000, what: 'health naming the failing publisher' },
    );
    expect(health.body.status).toBe('degraded');
    // The owner may read the log, so the detail says why and what to do.
    expect(JSON.stringify(health.body.problems)).toContain('ERP_NATS_PREFIX');
    const metrics = await (await fetch(`${clash.system.metricsUrl}/metrics`)).text();
    expect(metrics).toMatch(/^erp_integration_publisher_failing 1$/m);
    expect(metrics).toMatch(/^erp_integration_publish_failures_total [1-9]/m);
    expect((await clash.owner.post(vendorsEntity.path, MASTER_DATA_SAMPLES.vendors!.body(`${run}-clash`))).status).toBe(201);
    const fromA = await consume(prefixA, `${prefixA}.purchase.*.*`, `${prefixA}-vendor`);
    expect(fromA).not.toContain(`${run}-clash`);
    const healthA = await a.owner.get<{ status: string }>('/api/health');
    expect(healthA.body.status).toBe('ok');
  }, 150_000);
});
