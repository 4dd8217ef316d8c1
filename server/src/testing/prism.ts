import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { freePort } from '@erp/eventstore/testing';
import { openApiDocument } from '@erp/query-service/openapi';

import { type ManagedProcess, REPO_ROOT, startCommand, waitUntilServing } from './processes';

/** One problem Prism found in a request or an answer (its `sl-violations` header). */
export interface Violation {
  readonly location: readonly string[];
  readonly severity: string;
  readonly code?: string | number;
  readonly message: string;
}

export interface Observed {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  /** Sent by the typed client (its requests must be valid too), not by an error probe. */
  readonly typed: boolean;
  readonly violations: readonly Violation[];
}

export interface ValidatingProxy {
  /** Where to send requests: Prism, which forwards them to the system and checks both ways. */
  readonly url: string;
  readonly process: ManagedProcess;
  /** The violations of one answer, from its `sl-violations` header (none: []). */
  violationsOf(headers: Headers): Violation[];
  stop(): Promise<void>;
}

/**
 * Prism (`@stoplight/prism-cli`) in proxy mode in front of `upstream`, with the OpenAPI document
 * the server serves (written to a file first: Prism reads a file). It forwards every request as is
 * (`--errors false`) and reports what the document does not allow in the `sl-violations` header
 * of the answer: a request the document does not describe, or an answer (status, headers, body)
 * it does not.
 */
export const startPrism = async (upstream: string): Promise<ValidatingProxy> => {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'erp-prism-'));
  const file = path.join(dir, 'openapi.json');
  await writeFile(file, JSON.stringify(openApiDocument()));
  const port = await freePort();
  const prism = startCommand('prism', path.join(REPO_ROOT, 'node_modules/.bin/prism'), ['proxy', file, upstream, '--host', '127.0.0.1', '--port', String(port), '--errors', 'false', '--cors', 'false', '-v', 'warn'], { ...process.env, NO_COLOR: '1' });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await prism.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // Any answer of the upstream through Prism means both are up.
    await waitUntilServing(prism, `${url}/api/health`, (s) => s < 500, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url,
    process: prism,
    violationsOf: (headers) => {
      const raw = headers.get('sl-violations');
      return raw ? (JSON.parse(raw) as Violation[]) : [];
    },
    stop,
  };
};
