// Writes a Brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at
// build time; the server hands them out by Accept-Encoding (koa-send), so no request pays for
// compression and the phone gets the smaller file.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const TEXT = /\.(js|css|html|svg|json|txt|webmanifest)$/;
const MIN_BYTES = 512;

const files = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });

let raw = 0;
let br = 0;
for (const file of files(dist).filter((f) => TEXT.test(f))) {
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  raw += body.length;
  br += brotli.length;
}
console.log(`\nCompressed text assets: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB with Brotli (gzip beside it).`);
