/**
 * Publishing (docs/product-rules.md#publishing): an administrator approves a provider's listing;
 * the approval calls the
 * build hook, which under `npm start` rebuilds the site in the background; the new build lists
 * the program in the directory (search and filters) with its profile page, the Verified badge of
 * its verified provider, and the provider's text as text. Edited by its provider, the live page
 * keeps the approved text through the next build until the admin approves the edit (seeing what
 * changed); unpublished by the admin, the next build no longer has it, and a family's favorites
 * keep it as "No longer listed in the directory".
 */
import { expect, test, type Page } from '@playwright/test';
import {
  expectNoAxeViolations,
  failOnCspViolations,
  fileDatabase,
  RUN,
  signIn,
  waitUntilPublished,
} from './helpers.ts';

const ADMIN = { email: 'admin@example.org', password: 'admin-demo-1' };
/** A rebuild under load takes a while; the directory keeps serving the previous build meanwhile. */
const REBUILD_TIMEOUT = 150_000;

const NAME = `Quillmoor ${RUN} OCD House`;
const PROGRAM_ID = `quillmoor-${RUN}`;
const DESCRIPTION = `Quillmoor offers residential ERP for adults.\n\nOur notes <script>alert("x")</script> stay text.`;
const EDITED = 'Quillmoor now also runs a family week every month.';
const FAMILY = { email: 'family@example.org', password: 'family-demo-1' };

const sql = fileDatabase();

failOnCspViolations();

/** A verified provider (as an admin's decision leaves it) with a complete pending listing. */
async function pendingListing(): Promise<string> {
  const [user] = await sql<{ id: string }[]>`
    insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
    values (gen_random_uuid(), 'authenticated', 'authenticated', ${`e2e-publish-${RUN}@example.org`}, now(), '{}', '{}')
    returning id`;
  const [provider] = await sql<{ id: string }[]>`
    insert into providers (user_id, organization_name, contact_name, email)
    values (${user?.id ?? ''}, ${`Quillmoor Org ${RUN}`}, 'Pat Quill', ${`e2e-publish-${RUN}@example.org`})
    returning id`;
  await sql`update providers set verification_status = 'verified', verified_at = now() where id = ${provider?.id ?? ''}`;
  const [listing] = await sql<{ id: string }[]>`
    insert into provider_listings (provider_id, center_name, description, phone, status, address, city, state,
      zip_code, age_groups, gender_specific, setting, avg_length, modalities, insurance, website)
    values (${provider?.id ?? ''}, ${NAME}, ${DESCRIPTION}, '617 555 0142', 'pending', '12 Harbor Road', 'Gloucester',
      'MA', '01930', ${['Adults', 'Young Adults']}, 'Co-ed', 'Residential OCD Program', '60-90 days',
      ${['ERP', 'ACT']}, ${['Private Pay', 'Out-of-Network']}, 'javascript:alert(1)')
    returning id`;
  return listing?.id ?? '';
}

async function waitForStatus(page: Page, path: string, status: number): Promise<void> {
  await expect
    .poll(async () => (await page.request.get(path)).status(), {
      timeout: REBUILD_TIMEOUT,
      intervals: [2000],
    })
    .toBe(status);
}

test('an approved listing is published, stays published while edited, shows the approved edit, and is gone once unpublished', async ({
  page,
}) => {
  test.setTimeout(6 * REBUILD_TIMEOUT + 60_000);
  let dialogs = 0;
  page.on('dialog', (dialog) => {
    dialogs += 1;
    void dialog.dismiss();
  });
  const listing = await pendingListing();
  const path = `/program/${PROGRAM_ID}`;
  expect((await page.request.get(path)).status()).toBe(404);

  expect(listing).not.toBe('');
  // The demo admin approves it on /admin, choosing its program id.
  await page.goto(`/auth?next=${encodeURIComponent('/admin?tab=listings')}`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\?tab=listings/);
  const card = page.getByRole('article', { name: NAME });
  await card.getByRole('button', { name: `Approve ${NAME}` }).click();
  await card.getByLabel('Program id (optional)').fill(PROGRAM_ID);
  await card.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(page.getByText('Listing Approved')).toBeVisible();

  // The approval called the build hook: `npm start` is building, then serves the new build.
  await waitForStatus(page, path, 200);
  // The local rebuilder reported the build's success: /admin says the decision is live.
  await waitUntilPublished(page, REBUILD_TIMEOUT);
  await expectNoAxeViolations(page);

  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Verified provider/ }).first()).toBeVisible();
  await expect(page.getByText('Our notes <script>alert("x")</script> stay text.')).toBeVisible();
  await expect(page.getByText('Gloucester, Massachusetts').first()).toBeVisible();
  // The javascript: website was never published.
  await expect(page.locator('a[href^="javascript:"]')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // In the directory: searchable, and kept by a filter it matches, dropped by one it does not.
  await page.goto(`/?q=${encodeURIComponent(`Quillmoor ${RUN}`)}`);
  const result = page.locator('main article').filter({ hasText: NAME });
  await expect(result).toHaveCount(1);
  await page.goto(
    `/?q=${encodeURIComponent(`Quillmoor ${RUN}`)}&setting=Residential+OCD+Program&modality=ACT`,
  );
  await expect(result).toHaveCount(1);
  await page.goto(`/?q=${encodeURIComponent(`Quillmoor ${RUN}`)}&modality=DBT`);
  await expect(result).toHaveCount(0);
  expect(dialogs).toBe(0);

  // In the sitemap of the new build.
  const sitemap = await (await page.request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain(path);

  // A family saves it.
  await sql`
    insert into user_favorites (user_id, program_id, program_name)
    select id, ${PROGRAM_ID}, ${NAME} from auth.users where email = 'family@example.org'
    on conflict do nothing`;

  // The provider edits the published listing (the working copy goes back to review, as
  // PUT /api/provider/listings/:id does). The next build still publishes the approved version.
  await sql`update provider_listings set status = 'pending', description = ${EDITED} where id = ${listing}`;
  await sql`select private.request_rebuild('e2e: an edit waiting for review')`;
  await waitUntilPublished(page, REBUILD_TIMEOUT);
  await page.goto(path);
  await expect(page.getByText('Quillmoor offers residential ERP for adults.')).toBeVisible();
  await expect(page.getByText(EDITED)).toHaveCount(0);

  // The admin sees what changed and approves the edit; the next build publishes the new text.
  await page.goto('/admin?tab=listings');
  const edited = page.getByRole('article', { name: NAME });
  const changes = edited.getByRole('region', { name: 'What changed since the published version' });
  await expect(changes).toContainText(EDITED);
  await expectNoAxeViolations(page);
  await edited.getByRole('button', { name: `Approve ${NAME}` }).click();
  await edited.getByRole('button', { name: 'Confirm approval' }).click();
  await expect(page.getByText('Listing Approved')).toBeVisible();
  await expect
    .poll(async () => (await page.request.get(path)).text(), { timeout: REBUILD_TIMEOUT, intervals: [2000] })
    .toContain('Quillmoor now also runs a family week every month.');

  // The admin unpublishes it with a reason: the next build has no page, card or search entry.
  // (The queue shows pending listings first; a published one is under "On the directory".)
  await page.goto('/admin?tab=listings');
  await page.getByRole('combobox', { name: 'Show' }).selectOption('published');
  const live = page.getByRole('region', { name: `Published version of ${NAME}` });
  await live.getByRole('button', { name: `Unpublish ${NAME}` }).click();
  await live.getByLabel('Reason (required)').fill('Closed for renovation');
  await live.getByRole('button', { name: 'Confirm unpublishing' }).click();
  await expect(page.getByText('Listing Unpublished')).toBeVisible();
  await waitForStatus(page, path, 404);
  await page.goto(`/?q=${encodeURIComponent(`Quillmoor ${RUN}`)}`);
  await expect(page.locator('main article').filter({ hasText: NAME })).toHaveCount(0);
  expect((await page.request.get(`/api/program-logos/${PROGRAM_ID}`)).status()).toBe(404);

  // The family's favorites keep it by name, marked as no longer listed (the family in a browser
  // of its own).
  const browser = page.context().browser();
  if (browser === null) throw new Error('no browser');
  const family = await (await browser.newContext()).newPage();
  await signIn(family, FAMILY, '/favorites');
  const saved = family.locator('main article').filter({ hasText: NAME });
  await expect(saved).toContainText('No longer listed in the directory.');
  await expectNoAxeViolations(family);
});
