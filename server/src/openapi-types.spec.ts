import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { OPENAPI_TYPES_FILE, openApiTypes } from '../../scripts/openapi';
import { REPO_ROOT } from './testing/processes';

describe('the typed client (openapi-typescript)', () => {
  it('is generated from the current OpenAPI document: run `npm run openapi:types` after changing a route', async () => {
    const committed = await readFile(path.join(REPO_ROOT, OPENAPI_TYPES_FILE), 'utf8');
    expect(committed === (await openApiTypes()), `${OPENAPI_TYPES_FILE} is stale: npm run openapi:types`).toBe(true);
  }, 30_000);
});
