import { ENVIRONMENT_DOCS, HEADER_DOCS } from './operations-doc';

type Doc = ReturnType<typeof import('./openapi').openApiDocument>;

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A self-contained, readable page over the OpenAPI document (no CDN: works offline). */
export const docsPage = (doc: Doc): string => {
  const rows = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { summary?: string; tags?: string[]; requestBody?: unknown; responses?: Record<string, unknown> }>)
      .filter(([method]) => method !== 'parameters')
      .map(([method, op]) => `<details><summary><b class="m ${method}">${method.toUpperCase()}</b> <code>${escape(path)}</code> ${escape(op.summary ?? '')}</summary>
        <p>Responses: ${Object.keys(op.responses ?? {}).join(', ')}</p>
        ${op.requestBody ? `<pre>${escape(JSON.stringify(op.requestBody, null, 2))}</pre>` : ''}</details>`),
  );
  const table = (head: string[], rows: string[][]) =>
    `<table><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr>${rows.map((r) => `<tr>${r.map((c) => `<td>${escape(c)}</td>`).join('')}</tr>`).join('')}</table>`;
  const headers = table(['header', 'in', 'meaning'], HEADER_DOCS.map((h) => [h.name, h.in, h.description]));
  const environment = table(['variable', 'default', 'meaning'], ENVIRONMENT_DOCS.map((e) => [e.name, e.default, e.description]));
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(doc.info.title)} – API</title>
<style>body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2937}
details{border:1px solid #e5e7eb;border-radius:8px;margin:.5rem 0;padding:.5rem .75rem}summary{cursor:pointer}
.m{display:inline-block;min-width:4.5rem;font-size:.8rem}.get{color:#2563eb}.post{color:#059669}.put{color:#d97706}.delete{color:#dc2626}
pre{background:#f9fafb;padding:.75rem;overflow:auto;font-size:.8rem}
table{border-collapse:collapse;font-size:.85rem}td,th{border-bottom:1px solid #e5e7eb;padding:.25rem .5rem;text-align:left;vertical-align:top}</style></head><body>
<h1>${escape(doc.info.title)}</h1><p>${escape(doc.info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a>. Errors are <code>{ "error", "message", "issues": [{ "path", "message" }] }</code>.
Writes answer <code>X-Event-Position</code>; send it back as <code>X-Min-Position</code> on a read to see your write. <code>GET …/{id}</code> returns an <code>ETag</code>; send <code>If-Match</code> on PUT/DELETE. POSTs accept <code>Idempotency-Key</code>.</p>
${rows.join('\n')}
<h2>Headers</h2>${headers}
<h2>Environment of the server processes</h2>${environment}</body></html>`;
};
