/**
 * How this project launches Chromium (Playwright, the bench, the auth browser test): Debian's
 * `/usr/bin/chromium` or `CHROME_PATH`, with the flags that work on a machine with no network
 * but the package registries (background networking would otherwise retry refused connections).
 */
import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `CHROME_PATH`, else Debian's Chromium when installed, else undefined (Playwright's own). */
export function chromiumPath(): string | undefined {
  return process.env['CHROME_PATH'] ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
}

/** Launch options for playwright(-core)'s `chromium.launch`. */
export function chromiumLaunchOptions(): { executablePath?: string; args: string[] } {
  const executablePath = chromiumPath();
  return { ...(executablePath ? { executablePath } : {}), args: [...CHROMIUM_ARGS] };
}
