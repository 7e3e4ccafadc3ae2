/**
 * An editor's first hour under `npm start`: a program file saved under content/programs/ while the
 * server runs starts a rebuild by itself (the start log says what it is for and when it is live),
 * its page is served, and a family's Request Info for it is taken (201) and mailed to the program,
 * with no restart: the functions' program index switches with the pages.
 *
 * Runs in its own project after every other browser test (playwright.config.ts): the new program
 * joins the directory for a while, and the rebuilds it starts must not change what other tests see.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { mailsTo, quietEngagement, RUN, uniqueEmails } from './helpers.ts';

const ID = `editor-added-${RUN}`;
const NAME = `Harbor Light OCD Residence ${RUN}`;
const EMAIL = `admissions@${ID}.example.org`;
const FILE = join('content', 'programs', `${ID}.md`);
const START_LOG = join('.data', 'logs', 'start.log');

const PROGRAM = `---
name: ${NAME}
description: A fictional residential OCD program an editor added while the site was running.
location: Portland
state: Maine
address:
  street: 12 Harbor Lane
  city: Portland
  state: Maine
  zip: '04101'
ageGroups: [Adults]
setting: Residential
genderSpecific: Co-ed
lengthOfStay: 30-60 days
modalities: [ERP, CBT]
insurance: [Private Pay]
email: ${EMAIL}
phone: (555) 010-0199
sample: true
---

A fictional program for the editor's test: it exists only while this test runs.
`;

test.afterAll(() => {
  // The running server rebuilds without it (its own watch); the clone stays as it was.
  rmSync(FILE, { force: true });
});

test('a program file added to a running npm start goes live and takes Request Info without a restart', async ({
  page,
  request,
}) => {
  test.skip(
    Boolean(process.env['E2E_BASE_URL']),
    'needs the npm start of this checkout (its content/ and log)',
  );
  test.setTimeout(300_000);
  const logBefore = existsSync(START_LOG) ? readFileSync(START_LOG, 'utf8').length : 0;

  // Before: not a page, and the functions refuse it.
  expect((await request.get(`/program/${ID}`)).status()).toBe(404);

  writeFileSync(FILE, PROGRAM);

  // The server saw the save and rebuilt; the log says what for, then that the build is live.
  await expect
    .poll(async () => (await request.get(`/program/${ID}`)).status(), { timeout: 240_000, intervals: [2000] })
    .toBe(200);
  const log = readFileSync(START_LOG, 'utf8').slice(logBefore);
  expect(log).toContain(`[rebuild] changed content/programs/${ID}.md`);
  expect(log).toMatch(/\[rebuild\] live: the site serves the new build/);

  // A family sends Request Info from the new page.
  await quietEngagement(page);
  await page.goto(`/program/${ID}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  const email = uniqueEmails('editor')('family');
  await page.getByRole('button', { name: 'Request Info' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Request Information' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(/Your name/).fill('Jordan Parent');
  await dialog.getByLabel(/Your email/).fill(email);
  await dialog.getByLabel(/Message/).fill('Is there a bed in the spring?');
  const sent = page.waitForResponse(
    (r) => r.url().endsWith('/api/inquiries') && r.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Send Email' }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText('Request Submitted')).toBeVisible();

  // The program's e-mail is in the outbox.
  await expect
    .poll(async () =>
      (await mailsTo(request, EMAIL)).filter((m) => m.text.includes(email)).map((m) => m.subject),
    )
    .toEqual([`New information request for ${NAME}`]);
});
