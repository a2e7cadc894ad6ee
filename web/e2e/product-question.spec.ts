import { expect, test, type APIRequestContext } from '@playwright/test';

import { expectNoSeriousA11yIssues } from './helpers/a11y';
import { mailsTo } from './helpers/mail-db';
import { messages, type E2eLocale } from './helpers/messages';

/**
 * The product inquiry modal (spec 2.5, 4, 5) against the real stack: a
 * visitor asks about a product from its page, the form checks every field
 * first, the question goes to `POST /shop-api/contact/product-questions`
 * and the modal shows the sent state. In English and Polish. And the
 * contact page's inquiry form, the same call without a product, with the
 * e-mails it sends (in German).
 */

const PRODUCT = 'PR_HONEY_BODY_BALM';

/** The product's page in a language, as the API links it. */
async function productPage(request: APIRequestContext, locale: E2eLocale): Promise<{ path: string; name: string }> {
  const response = await request.get(`/shop-api/products/${PRODUCT}?channel=web_pl&locale=${locale}`);
  expect(response.ok()).toBe(true);
  const product = (await response.json()) as { name: string; links: { self: string } };
  return { path: product.links.self, name: product.name };
}

for (const locale of ['en_GB', 'pl'] as const) {
  test(`a visitor asks about a product and sees it sent (${locale})`, async ({ page }) => {
    const t = messages(locale);
    const { path, name } = await productPage(page.request, locale);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    const open = page.getByRole('button', { name: t('inquiry.open') });
    await open.click();
    const dialog = page.getByRole('dialog', { name: t('inquiry.title', { name }) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(t('inquiry.field.name'), { exact: true })).toBeFocused();
    await expectNoSeriousA11yIssues(page);

    // Nothing is sent while a field is wrong; each says so beside itself.
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/shop-api/contact/product-questions')) sent += 1;
    });
    await dialog.getByRole('button', { name: t('inquiry.submit'), exact: true }).click();
    await expect(dialog.getByLabel(t('inquiry.field.name'), { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText(t('inquiry.error.required'))).toHaveCount(4);
    await dialog.getByLabel(t('inquiry.field.name'), { exact: true }).fill('Anna Nowak');
    await dialog.getByLabel(t('inquiry.field.email'), { exact: true }).fill('anna.e2e@example.pl');
    await dialog.getByLabel(t('inquiry.field.phone'), { exact: true }).fill('600 10');
    await dialog.getByLabel(t('inquiry.field.message'), { exact: true }).fill('Is the balm fragrance-free?');
    await dialog.getByRole('button', { name: t('inquiry.submit'), exact: true }).click();
    await expect(dialog.getByText(t('inquiry.error.phone'))).toBeVisible();
    expect(sent).toBe(0);

    await dialog.getByLabel(t('inquiry.field.phone'), { exact: true }).fill('+48 (95) 757-20-10');
    const answer = page.waitForResponse(
      (response) => response.url().includes('/shop-api/contact/product-questions') && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: t('inquiry.submit'), exact: true }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      productCode: PRODUCT,
      customer: 'Anna Nowak',
      email: 'anna.e2e@example.pl',
      phone: '+48 (95) 757-20-10',
      message: 'Is the balm fragrance-free?',
    });

    // The sent state, announced; "close" has the focus and gives it back to the button.
    await expect(dialog.getByRole('status')).toContainText(t('inquiry.sent'));
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
    const close = dialog.getByRole('button', { name: t('inquiry.close'), exact: true });
    await expect(close).toBeFocused();
    await close.click();
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
    expect(sent).toBe(1);
  });
}

test('a visitor writes to the guesthouse from the contact page; both e-mails go out (de)', async ({ page }) => {
  const t = messages('de');
  const german = new URL(process.env.E2E_BASE_URL ?? 'http://127.0.0.1:18080');
  const email = `kontakt.${Date.now()}@example.de`;
  await page.goto(`${german.protocol}//de.localhost${german.port ? `:${german.port}` : ''}/kontakt`);
  const form = page.getByRole('region', { name: t('contact.inquiry') });
  await expect(form).toBeVisible();
  await form.getByLabel(t('inquiry.field.name'), { exact: true }).fill('Jonas Weber');
  await form.getByLabel(t('inquiry.field.email'), { exact: true }).fill(email);
  await form.getByLabel(t('inquiry.field.phone'), { exact: true }).fill('+49 30 1234567');
  await form.getByLabel(t('inquiry.field.message'), { exact: true }).fill('Darf unser Hund mitkommen?');
  const answer = page.waitForResponse(
    (response) => response.url().includes('/shop-api/contact/product-questions') && response.request().method() === 'POST',
  );
  await form.getByRole('button', { name: t('inquiry.submit'), exact: true }).click();
  expect((await answer).status()).toBe(201);
  await expect(form.getByRole('status')).toContainText(t('inquiry.sent'));
  await expect(form.getByRole('button', { name: t('inquiry.another') })).toBeFocused();
  await expectNoSeriousA11yIssues(page);

  // The guesthouse's copy names the sender and carries the message; the sender's acknowledgement does not.
  await expect.poll(() => mailsTo(email).length, { timeout: 15_000, message: `the acknowledgement to ${email}` }).toBe(1);
  expect(mailsTo(email)[0]?.subject).toBe('Ihre Nachricht an uns');
  expect(mailsTo(email)[0]?.body).not.toContain('Hund');
  const copies = () => mailsTo('recepcja@pensjonat-spa.example').filter((mail) => mail.body.includes(email));
  await expect.poll(() => copies().length, { timeout: 15_000 }).toBe(1);
  expect(copies()[0]?.subject).toBe('Wiadomość ze strony kontaktowej: Jonas Weber');
  expect(copies()[0]?.body).toContain('Darf unser Hund mitkommen?');
});
