import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, PHONE } from './helpers.ts';

const HEADER_LINKS = [
  ['Find Programs', '/'],
  ['Blog', '/blog'],
  ['For Providers', '/provider-registration'],
  ['Contact', '/contact'],
] as const;

const FOOTER_PATHS = [
  '/',
  '/blog',
  '/provider-registration',
  '/contact',
  '/about',
  '/privacy-policy',
  '/terms-of-service',
  '/disclaimer',
  '/partner-with-us',
  '/how-we-verify',
] as const;

const STATIC_PAGES = [
  '/about',
  '/how-we-verify',
  '/contact',
  '/partner-with-us',
  '/privacy-policy',
  '/terms-of-service',
  '/disclaimer',
] as const;

test.describe('header', () => {
  test('has the main links and a Provider Login button when signed out', async ({ page }) => {
    await page.goto('/about');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of HEADER_LINKS) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(page.getByRole('banner').getByRole('link', { name: 'Provider Login' })).toHaveAttribute(
      'href',
      '/provider-login',
    );
    await expect(page.locator('#user-menu-slot')).toBeAttached();
    await expect(page.locator('#mobile-menu-button')).toBeHidden();
  });

  test('marks the current section', async ({ page }) => {
    await page.goto('/blog');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: PHONE });

    test('the menu opens and closes with its button and with Escape', async ({ page }) => {
      await page.goto('/about');
      const button = page.locator('#mobile-menu-button');
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
      await expect(menu).toBeHidden();

      await button.click();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(menu).toBeVisible();
      for (const [name, href] of HEADER_LINKS) {
        await expect(menu.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
      }
      await expect(menu.getByRole('link', { name: 'Provider Login' })).toHaveAttribute(
        'href',
        '/provider-login',
      );
      await expectNoAxeViolations(page);

      await button.click();
      await expect(menu).toBeHidden();
      await expect(button).toHaveAttribute('aria-expanded', 'false');

      await button.click();
      await expect(menu).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
    });

    test('choosing a link closes the menu', async ({ page }) => {
      await page.goto('/about');
      const button = page.locator('#mobile-menu-button');
      const menu = page.getByRole('navigation', { name: 'Mobile' });
      await button.click();
      await expect(menu).toBeVisible();
      // Hold the navigation back so that the closing itself is what is observed.
      await page.evaluate(() => {
        const stop = (event: Event) => {
          event.preventDefault();
        };
        document.addEventListener('click', stop, { once: true });
      });
      await menu.getByRole('link', { name: 'Blog' }).click();
      await expect(menu).toBeHidden();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await expect(page).toHaveURL(/\/about$/);

      // And a real choice navigates, arriving with the menu closed.
      await button.click();
      await menu.getByRole('link', { name: 'Contact' }).click();
      await expect(page).toHaveURL(/\/contact$/);
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    });

    test('pages fit a 320 px screen without sideways scrolling', async ({ page }) => {
      await page.setViewportSize({ width: 320, height: 640 });
      for (const path of [...STATIC_PAGES, '/blog']) {
        await page.goto(path);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
    });
  });
});

test.describe('footer', () => {
  test('links to every site section, shows the copyright and the disclaimer', async ({ page }) => {
    await page.goto('/about');
    const footer = page.getByRole('contentinfo');
    const hrefs = await footer
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining([...FOOTER_PATHS]));
    await expect(footer).toContainText(`© ${String(new Date().getUTCFullYear())}`);
    await expect(footer).toContainText('for information only and does not give medical advice');
    await expect(footer).toContainText('takes no payment for listings');
  });

  test('shows the emergency resources', async ({ page }) => {
    await page.goto('/');
    const resources = page.getByRole('contentinfo').getByRole('region', { name: 'Emergency resources' });
    await expect(resources.getByRole('link', { name: /988 Suicide & Crisis Lifeline/ })).toHaveAttribute(
      'href',
      'tel:988',
    );
    await expect(resources.getByRole('link', { name: /Crisis Text Line/ })).toHaveAttribute(
      'href',
      'sms:741741?&body=HOME',
    );
    await expect(resources).toContainText('Text HOME to 741741');
    await expect(resources.getByRole('link', { name: /Emergency services/ })).toHaveAttribute(
      'href',
      'tel:911',
    );
    const iocdf = resources.getByRole('link', { name: /International OCD Foundation/ });
    await expect(iocdf).toHaveAttribute('href', 'https://iocdf.org');
    await expect(iocdf).toHaveAttribute('target', '_blank');
    await expect(iocdf).toHaveAttribute('rel', /noopener/);
  });
});

test.describe('static pages', () => {
  test('about states the claims, stats and sections', async ({ page }) => {
    await page.goto('/about');
    const main = page.getByRole('main');
    await expect(main).toContainText('OCD affects 1-2% of the population');
    // Figures come from the listed programs, never typed in: no "500+ families", no "24/7 support".
    const figures = main.locator('section[aria-labelledby="stats-heading"] dl > div');
    await expect(figures).toHaveCount(3);
    await expect(figures.locator('dt')).toHaveText([
      /^Programs? listed$/,
      /^States? covered$/,
      /^Programs? from (a )?Verified providers?$/,
    ]);
    for (const value of await figures.locator('dd').allTextContents()) expect(value).toMatch(/^\d[\d,]*$/);
    expect(
      Number((await figures.locator('dd').first().textContent())?.replace(',', '')),
    ).toBeGreaterThanOrEqual(18);
    await expect(main).not.toContainText('500+');
    await expect(main).toContainText('The crisis lines listed on every page are open 24/7.');
    for (const heading of ['Our mission', 'Our values', 'What we do', 'Why this matters']) {
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    }
    await expect(main.locator('section[aria-labelledby="values-heading"] li')).toHaveCount(4);
    await expect(main).toContainText('informational only');
    await expect(main).toContainText('take no payment for listings');
    await expect(main).toContainText('not affiliated with the treatment centers');
    await expect(main).toContainText('Verification is not an endorsement');
  });

  test('partner with us explains the listing, verification time and trial', async ({ page }) => {
    await page.goto('/partner-with-us');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'What a listing includes' })).toBeVisible();
    await expect(main).toContainText('2-3 business days');
    await expect(main).toContainText('14-day');
    await expect(main).toContainText(
      'Being listed and being verified are free, and no place in the directory can be bought.',
    );
    await expect(main).toContainText('$499 a month once billing opens');
    await expect(main.getByRole('link', { name: 'Register your program' }).first()).toHaveAttribute(
      'href',
      '/provider-registration',
    );
    await expect(main.getByRole('link', { name: /Contact us|Talk to us/ }).first()).toHaveAttribute(
      'href',
      '/contact',
    );
  });

  test('privacy policy shows its effective date', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Effective date:December 30, 2024');
  });

  test('terms of service has 11 numbered sections', async ({ page }) => {
    await page.goto('/terms-of-service');
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    const numbers = await page.locator('main .prose h2').evaluateAll((hs) =>
      hs
        .map((h) => /^(\d+)\. /.exec(h.textContent)?.[1])
        .filter(Boolean)
        .map(Number),
    );
    expect(numbers).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  test('disclaimer shows when it was last updated', async ({ page }) => {
    await page.goto('/disclaimer');
    await expect(page.getByRole('heading', { level: 1, name: 'Disclaimer' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('Last updated:January 2024');
  });

  test('unknown pages answer 404 with a way home, and are not indexed', async ({ page }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Find programs' })).toHaveAttribute(
      'href',
      '/',
    );
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoAxeViolations(page);
  });

  for (const path of STATIC_PAGES) {
    // Axe on these pages, at desktop and phone width, is the sitemap sweep's (sitemap.spec.ts).
    test(`${path} has a title, description and breadcrumb data`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(/\| OCD Residential Treatment Directory$/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{20,}/);
      await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', /\S/);
      const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(jsonLd.map((t) => (JSON.parse(t) as { '@type': string })['@type'])).toContain('BreadcrumbList');
    });
  }
});

test.describe('contact form', () => {
  const fill = async (
    page: Page,
    values: Partial<Record<'Name' | 'Email' | 'Phone' | 'Subject' | 'Message', string>>,
  ) => {
    for (const [label, value] of Object.entries(values)) {
      await page.getByLabel(new RegExp(`^${label}`)).fill(value);
    }
  };
  const valid = {
    Name: 'Jordan Example',
    Email: 'jordan@example.com',
    Phone: '(555) 010-0199',
    Subject: 'A question about listings',
    Message: 'How often is program information updated?',
  };

  test('shows the page parts', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Send Us a Message' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Get In Touch' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('hello@example.org');
    await expect(page.getByRole('main')).toContainText('(555) 010-0150');
    await expect(page.getByRole('main')).toContainText('within 24 hours');
    const faq = page.locator('details').first();
    await faq.locator('summary').click();
    await expect(faq).toHaveAttribute('open', '');
  });

  test('required fields get their messages and the first one gets focus', async ({ page }) => {
    let posted = false;
    await page.route('**/api/contact', (route) => {
      posted = true;
      return route.abort();
    });
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const name = page.getByLabel(/^Name/);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    await expect(page.locator('#contact-name-error')).toHaveText('Please fill in your name.');
    await expect(page.locator('#contact-email-error')).toHaveText('Please fill in your email address.');
    await expect(page.locator('#contact-subject-error')).toHaveText('Please fill in a subject.');
    await expect(page.locator('#contact-message-error')).toHaveText('Please fill in your message.');
    await expect(page.getByLabel(/^Phone/)).not.toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAttribute('aria-describedby', 'contact-name-error');
    await expectNoAxeViolations(page);

    await name.fill('Jordan');
    await expect(name).not.toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);
  });

  test('a bad e-mail address is refused before sending', async ({ page }) => {
    let posted = false;
    await page.route('**/api/contact', (route) => {
      posted = true;
      return route.abort();
    });
    await page.goto('/contact');
    await fill(page, { ...valid, Email: 'jordan@example' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact-email-error')).toHaveText(
      'Invalid Email: Please enter a valid email address.',
    );
    await expect(page.getByLabel(/^Email/)).toBeFocused();
    expect(posted).toBe(false);
  });

  test('a failed send keeps what was typed and says what went wrong', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/contact', async (route) => {
      await held;
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"server_error","message":"x"}}',
      });
    });
    await page.goto('/contact');
    await fill(page, valid);
    const button = page.getByRole('button', { name: /Send Message|Sending/ });
    await button.click();
    // Disabled only while the request is really in flight.
    await expect(button).toBeDisabled();
    await expect(button).toHaveText('Sending…');
    release();
    await expect(page.getByRole('alert').filter({ hasText: 'your message was not sent' })).toBeVisible();
    await expect(button).toBeEnabled();
    await expect(button).toHaveText('Send Message');
    await expect(page.getByLabel(/^Message/)).toHaveValue(valid.Message);
    await expect(page.getByLabel(/^Email/)).toHaveValue(valid.Email);
  });

  test('server field errors are shown next to their fields', async ({ page }) => {
    await page.route('**/api/contact', (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'invalid_input',
            message: 'Subject must be at most 200 characters.',
            fields: { subject: 'Subject must be at most 200 characters.' },
          },
        }),
      }),
    );
    await page.goto('/contact');
    await fill(page, valid);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.locator('#contact-subject-error')).toHaveText(
      'Subject must be at most 200 characters.',
    );
    await expect(page.getByLabel(/^Subject/)).toBeFocused();
  });

  test('a valid message is sent to the API, confirmed with a toast and the form is cleared', async ({
    page,
  }) => {
    // Needs the real API (production server with functions and the local backend).
    test.skip(!!process.env['E2E_DEV'], 'needs /api/contact');
    await page.goto('/contact');
    await fill(page, valid);
    const request = page.waitForRequest('**/api/contact');
    const response = page.waitForResponse('**/api/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const body = (await request).postDataJSON() as Record<string, string>;
    expect(body).toMatchObject({
      name: valid.Name,
      email: valid.Email,
      phone: valid.Phone,
      subject: valid.Subject,
      message: valid.Message,
    });
    expect((await response).status()).toBe(201);
    const toast = page.getByRole('status').filter({ hasText: 'Message Sent' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("We'll reply within 24 hours.");
    await expect(page.getByLabel(/^Name/)).toHaveValue('');
    await expect(page.getByLabel(/^Message/)).toHaveValue('');
    await toast.getByRole('button', { name: 'Close notification' }).click();
    await expect(toast).toBeHidden();
  });
});

test.describe('contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the browser checks required fields, then the post lands on a visible confirmation', async ({
    page,
    request,
  }) => {
    test.skip(!!process.env['E2E_DEV'], 'needs /api/contact');
    await page.goto('/contact');
    await expect(page.locator('#message-sent')).toBeHidden();
    // Native validation stops an empty form: nothing is sent, the page stays.
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await page.getByLabel(/^Name/).evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(
      true,
    );

    const subject = `No-JS question ${Date.now()}`;
    await page.getByLabel(/^Name/).fill('Robin Example');
    await page.getByLabel(/^Email/).fill('robin@example.com');
    await page.getByLabel(/^Subject/).fill(subject);
    await page.getByLabel(/^Message/).fill('Sent from a browser with JavaScript turned off.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page).toHaveURL(/\/contact#message-sent$/);
    await expect(page.locator('#message-sent')).toBeVisible();
    await expect(page.locator('#message-sent')).toContainText("We'll reply within 24 hours.");

    const outbox = process.env['OUTBOX_URL'] ?? 'http://127.0.0.1:54324';
    const messages = (await (await request.get(`${outbox}/api/messages?to=hello@example.org`)).json()) as {
      subject: string;
    }[];
    expect(messages.map((m) => m.subject)).toContain(`Contact form: ${subject}`);
  });
});
