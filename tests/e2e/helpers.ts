import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import postgres from 'postgres';
import type { OutboxMessage } from '../../supabase/local/outbox.ts';

/** The local outbox (supabase/local/outbox.ts), where every e-mail the product sends lands. */
export const OUTBOX = process.env['OUTBOX_URL'] ?? 'http://127.0.0.1:54324';
/** The local auth API. */
export const AUTH_URL = `${process.env['SUPABASE_URL'] ?? 'http://127.0.0.1:54321'}/auth/v1`;
export const ANON_KEY =
  process.env['PUBLIC_SUPABASE_ANON_KEY'] ?? 'sb_publishable_local_dev_only_7Yq2mXc4RfT9vLbN3sKd';
/** The local database. */
export const DATABASE_URL =
  process.env['DATABASE_URL'] ?? 'postgres://postgres:postgres@127.0.0.1:54322/postgres';

/**
 * A tag new for each test worker (the local backend keeps its data in .data/ from run to run):
 * put it in every address, name or id a test creates.
 */
export const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A maker of addresses `e2e-<prefix>-<label>-<RUN>-<n>@example.org`, new at every call. */
export function uniqueEmails(prefix: string): (label: string) => string {
  let counter = 0;
  return (label) => `e2e-${prefix}-${label}-${RUN}-${++counter}@example.org`;
}

/**
 * One connection to the local database for the calling spec file (postgres.js connects at the
 * first query), closed after the file's tests. Call once at the top level of a spec file.
 */
export function fileDatabase(): postgres.Sql {
  const sql = postgres(DATABASE_URL, { max: 1, onnotice: () => undefined });
  test.afterAll(async () => {
    await sql.end();
  });
  return sql;
}

/** Runs axe with the WCAG 2.2 AA rule set and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
  // axe no longer checks duplicate ids (WCAG 2.2 dropped 4.1.1), but a label or aria reference
  // to an id used twice names the wrong element (a review form's Title label once pointed at the
  // form's heading).
  const duplicates = await page.evaluate(() => {
    const seen = new Map<string, number>();
    for (const el of document.querySelectorAll('[id]')) seen.set(el.id, (seen.get(el.id) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
  });
  expect(duplicates, `ids used more than once on ${page.url()}`).toEqual([]);
}

/** A phone-sized viewport (iPhone 12/13/14). */
export const PHONE = { width: 390, height: 844 } as const;

/** Every page URL of the sitemap, as paths. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  const index = await request.get('/sitemap-index.xml');
  expect(index.status()).toBe(200);
  const sitemaps = [...(await index.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1] ?? '').pathname,
  );
  const paths: string[] = [];
  for (const sitemap of sitemaps) {
    const xml = await (await request.get(sitemap)).text();
    paths.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname));
  }
  return paths;
}

/**
 * Fails every test of the calling file that sees a Content-Security-Policy violation on any page
 * it visits: the page's `securitypolicyviolation` event (reported through the console) and
 * Chromium's own console messages. Call once at the top level of a spec file.
 */
export function failOnCspViolations(): void {
  let found: string[] = [];
  test.beforeEach(async ({ page }) => {
    found = await watchCsp(page);
  });
  test.afterEach(() => {
    expect(found, 'CSP violations').toEqual([]);
  });
}

/**
 * Starts collecting the Content-Security-Policy violations of every page `page` visits from now
 * on: the page's `securitypolicyviolation` event (reported through the console with the page's
 * path, the directive, what was blocked and the sample) and Chromium's own console messages.
 * Returns the list, which fills as messages arrive.
 */
export async function watchCsp(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `Content-Security-Policy: ${location.pathname}: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}${e.sample ? `: ${e.sample}` : ''}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

/** Waits until every Astro island of the page has hydrated: a click before that reaches no handler. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    [...document.querySelectorAll('astro-island')].every((island) => !island.hasAttribute('ssr')),
  );
}

/** Answers engagement posts (profile views, clicks) with 202 here, so they count against nobody's budget. */
export async function quietEngagement(page: Page): Promise<void> {
  await page.route('**/api/engagement', (route) => route.fulfill({ status: 202, body: '' }));
}

/**
 * A spec file's screenshot function: `shot(page, name)` saves `<dir>/<name>.png` (with `width`,
 * `<dir>/<name>-<viewport width>.png`), full page unless `fullPage: false`, when `dir` (the spec's
 * environment variable) is set, and does nothing when it is not.
 */
export function screenshots(
  dir: string | undefined,
  { fullPage = true, width = false }: { fullPage?: boolean; width?: boolean } = {},
): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    if (!dir) return;
    const suffix = width ? `-${page.viewportSize()?.width ?? 0}` : '';
    await page.screenshot({ path: `${dir}/${name}${suffix}.png`, fullPage });
  };
}

/** Clicks a tab by its exact name and waits until it is the selected one. */
export async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

/** An e-mail in the outbox. */
export type Mail = OutboxMessage;

/** Every message to `to` in the outbox, newest first (as it is now: no waiting). */
export async function mailsTo(request: APIRequestContext, to: string): Promise<Mail[]> {
  const res = await request.get(`${OUTBOX}/api/messages?to=${encodeURIComponent(to)}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Mail[];
}

/** The newest message to `to` whose subject matches, waiting for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string, subject: RegExp): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(request, to)).find((m) => subject.test(m.subject));
        return Boolean(found);
      },
      { message: `a mail "${subject.source}" to ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** The two links every auth e-mail carries (supabase/local/auth/mails.ts); throws without them. */
export function links(mail: Mail): { verify: string; confirmPage: string } {
  const verify = /(https?:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text)?.[1];
  const confirmPage = /(https?:\/\/\S+\/auth\/confirm\?\S+)/.exec(mail.text)?.[1];
  if (!verify || !confirmPage) throw new Error(`no links in:\n${mail.text}`);
  return { verify, confirmPage };
}

/** An e-mail address and its password. */
export type Credentials = { email: string; password: string };

/**
 * Signs up through the auth API (no browser), with `data` as the user's metadata when given, and
 * confirms the address through the verify link of the "Confirm your e-mail" mail in the outbox.
 * Returns the e-mail address.
 */
export async function confirmedAccount(
  request: APIRequestContext,
  { email, password, data }: Credentials & { data?: Record<string, string> },
): Promise<string> {
  const res = await request.post(`${AUTH_URL}/signup`, {
    headers: { apikey: ANON_KEY },
    data: { email, password, ...(data ? { data } : {}) },
  });
  expect(res.status()).toBe(200);
  const { verify } = links(await latestMail(request, email, /Confirm your e-mail/));
  const verified = await request.get(verify, { maxRedirects: 0 });
  expect(verified.status()).toBe(303);
  return email;
}

/**
 * A confirmed provider account ({@link confirmedAccount}) with the metadata /provider-registration
 * signs up with, from which the dashboard creates the provider profile at the first sign-in (the
 * profile does not exist yet). `phone` is left out when not given, as an empty field is.
 */
export async function confirmedProvider(
  request: APIRequestContext,
  {
    email,
    password,
    organization,
    contact,
    phone,
  }: Credentials & { organization: string; contact: string; phone?: string },
): Promise<string> {
  return confirmedAccount(request, {
    email,
    password,
    data: {
      full_name: contact,
      name: contact,
      organization_name: organization,
      ...(phone ? { phone } : {}),
    },
  });
}

/** The auth API's answer to a password sign-in (200 with a session, or the refusal). */
export function passwordGrant(
  request: APIRequestContext,
  { email, password }: Credentials,
): Promise<APIResponse> {
  return request.post(`${AUTH_URL}/token?grant_type=password`, {
    headers: { apikey: ANON_KEY },
    data: { email, password },
  });
}

/** An access token for API calls made on the person's behalf (the password sign-in must succeed). */
export async function accessToken(request: APIRequestContext, who: Credentials): Promise<string> {
  const res = await passwordGrant(request, who);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Fills and sends the e-mail and password sign-in form on the page (/auth or /provider-login). */
export async function submitSignIn(page: Page, { email, password }: Credentials): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in on /auth?next=<next> and waits until the browser is at `next` (the whole address). */
export async function signIn(page: Page, who: Credentials, next: string): Promise<void> {
  await page.goto(`/auth?next=${encodeURIComponent(next)}`);
  await submitSignIn(page, who);
  await expect(page).toHaveURL(next);
}

/**
 * Waits until /admin (the administrator's `page`) says every requested build is published ("Up
 * to date"): other tests' decisions may queue builds meanwhile, so those are waited for too.
 */
export async function waitUntilPublished(page: Page, timeout: number): Promise<void> {
  await expect
    .poll(
      async () => {
        await page.goto('/admin');
        return page.getByTestId('publishing').innerText();
      },
      { timeout, intervals: [1000] },
    )
    .toContain('Up to date');
}

/**
 * Fills, in the open listing builder, what approval needs and the listing does not have yet
 * (src/lib/listing/publish-rule.ts): the location and the program's facts. Fields already filled
 * are left as they are; name, description and phone are the test's own. Ends on the Location tab.
 */
export async function fillWhatApprovalNeeds(page: Page): Promise<void> {
  const fillIfEmpty = async (label: RegExp, value: string) => {
    const field = page.getByRole('tabpanel').getByLabel(label);
    if ((await field.inputValue()) === '') await field.fill(value);
  };
  const selectIfEmpty = async (label: RegExp, value: string) => {
    const field = page.getByRole('tabpanel').getByLabel(label);
    if ((await field.inputValue()) === '') await field.selectOption(value);
  };
  const checkOneIfNone = async (group: RegExp, option: string) => {
    const boxes = page.getByRole('tabpanel').getByRole('group', { name: group });
    if ((await boxes.locator('input[type="checkbox"]:checked').count()) === 0)
      await boxes.getByLabel(option, { exact: true }).check();
  };
  await page.getByRole('tab', { name: /^Program/ }).click();
  await checkOneIfNone(/^Age groups/, 'Adults (18+)');
  await selectIfEmpty(/^Who the program admits/, 'Co-ed');
  await selectIfEmpty(/^Setting/, 'Residential');
  await fillIfEmpty(/^Average length of stay/, '45 days');
  await checkOneIfNone(/^Treatment modalities/, 'ERP');
  await checkOneIfNone(/^Insurance/, 'Private Pay');
  await page.getByRole('tab', { name: /^Location/ }).click();
  await fillIfEmpty(/^Street address/, '1 Harbor Road');
  await fillIfEmpty(/^City/, 'Portland');
  await fillIfEmpty(/^State \(/, 'Maine');
  await fillIfEmpty(/^ZIP code/, '04101');
}
