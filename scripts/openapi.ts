// `npm run openapi:write [file]`: the OpenAPI document (the one GET /api/openapi.json serves)
// written to a file without a running server, for `redocly lint`, the typed client's generator
// and the validating proxy. Default: test-results/openapi.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { openApiDocument } from '../query-service/src/operators/openapi';

export const writeOpenApi = (file = 'test-results/openapi.json') => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
  return file;
};

if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(`${writeOpenApi(process.argv[2])}\n`);
