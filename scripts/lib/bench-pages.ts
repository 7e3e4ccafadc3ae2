/**
 * Per page type, in Chromium against the bench's static server (gzip on the wire), with a fresh
 * cache and no interaction: the JavaScript loaded before the first interaction (every script
 * response's gzip body plus the gzip size of inline module scripts) and everything
 * transferred (all responses, bodies and headers: HTML, CSS, JS, JSON, images). Requests that leave the origin are
 * counted (there should be none).
 */
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export interface PageFigures {
  path: string;
  status: number;
  jsRequests: number;
  jsGzipBytes: number;
  requests: number;
  transferredBytes: number;
  htmlGzipBytes: number;
  offOriginRequests: string[];
}

export async function measurePages(
  browser: Browser,
  origin: string,
  pages: Record<string, string>,
): Promise<Record<string, PageFigures>> {
  const out: Record<string, PageFigures> = {};
  for (const [type, path] of Object.entries(pages)) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const offOrigin: string[] = [];
    const finished: Promise<{ script: boolean; document: boolean; body: number; bytes: number }>[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(origin) && !request.url().startsWith('data:'))
        offOrigin.push(request.url());
    });
    page.on('requestfinished', (request) => {
      finished.push(
        request.sizes().then(
          (sizes) => ({
            script: request.resourceType() === 'script',
            document: request.resourceType() === 'document',
            body: sizes.responseBodySize,
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          }),
          () => ({ script: false, document: false, body: 0, bytes: 0 }),
        ),
      );
    });
    const response = await page.goto(origin + path, { waitUntil: 'networkidle' });
    // Idle-time islands and their imports: give them a moment past network idle.
    await page.waitForTimeout(500);
    const inline = await page.evaluate(() =>
      Array.from(document.querySelectorAll('script:not([src])'))
        .filter((s) => !s.getAttribute('type') || s.getAttribute('type') === 'module')
        .map((s) => s.textContent)
        .join('\n'),
    );
    const done = await Promise.all(finished);
    const scripts = done.filter((d) => d.script);
    const html = done.find((d) => d.document);
    out[type] = {
      path,
      status: response?.status() ?? 0,
      jsRequests: scripts.length,
      jsGzipBytes: scripts.reduce((sum, d) => sum + d.body, 0) + (inline ? gzipSync(inline).length : 0),
      requests: done.length,
      transferredBytes: done.reduce((sum, d) => sum + d.bytes, 0),
      htmlGzipBytes: html?.body ?? 0,
      offOriginRequests: offOrigin,
    };
    await context.close();
  }
  return out;
}
