import type { Device, DeviceList, Ticket } from '@aerie/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { apiAsUser } from './support/api.js';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { expectVisible } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { waitForMail } from './support/mail.js';
import { signInAsRole } from './support/shell.js';

const session = useBrowser();

const pane = (page: Page): Locator => page.getByRole('complementary', { name: 'Support' });
const form = (page: Page): Locator => pane(page).getByRole('form', { name: 'Support ticket' });

/** A device of the signed-in user with an antenna and a modem. */
async function deviceWithSerials(page: Page): Promise<Device> {
  const list = await apiAsUser<DeviceList>(page, '/v2/devices?take=25&sortField=Name');
  for (const item of list.items) {
    const device = await apiAsUser<Device>(page, `/v2/devices/${item.id}`);
    const has = (type: string) => device.components.some((c) => c.type === type && c.serial);
    if (has('Antenna') && has('GeoModem')) return device;
  }
  throw new Error('no device with an antenna and a modem');
}

/** Picks an option of one of the form's selects, by its exact label. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await form(page).getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

const serial = (device: Device, type: string): string =>
  device.components.find((c) => c.type === type)!.serial;

describe('support tickets', () => {
  test('a ticket about a chosen device: the rules of the form, its serials filled, the mail at the SMTP server', async () => {
    const { page } = session;
    await signInAsRole(page, 'accountAdmin');
    const device = await deviceWithSerials(page);

    await page.getByRole('button', { name: 'Support' }).click();
    await expectVisible(pane(page).getByText(/Phone \(available 24\/7\)/), 'the phone line');
    await expectVisible(pane(page).getByText(/^Email: /), 'the support address');

    // Until the required fields are there, Submit says what is missing.
    const submit = form(page).getByRole('button', { name: 'Submit ticket' });
    expect(await submit.getAttribute('aria-disabled')).toBe('true');
    // Hovered until the tooltip shows: a hover while the pane was still sliding in could land
    // beside the button and open nothing (a retry in session 12's CI).
    const tooltip = page.getByRole('tooltip', { name: 'Please complete all required fields.' });
    await expect
      .poll(
        async () => {
          await submit.hover();
          return tooltip.isVisible();
        },
        { timeout: 15_000 },
      )
      .toBe(true);

    // A Problem asks for its impact; choosing another type resets the subtype.
    await choose(page, 'Type', 'Problem');
    await choose(page, 'Sub type', 'No or poor connectivity');
    await expectVisible(
      form(page).getByRole('combobox', { name: 'Impact', exact: true }),
      'the impact',
    );
    await choose(page, 'Type', 'Question');
    expect(
      await form(page).getByRole('combobox', { name: 'Sub type', exact: true }).inputValue(),
    ).toBe('');
    expect(await form(page).getByRole('combobox', { name: 'Impact', exact: true }).count()).toBe(0);
    await choose(page, 'Type', 'Problem');
    await choose(page, 'Sub type', 'Other');
    await expectVisible(form(page).getByLabel('Explanation'), 'the explanation for Other');
    await choose(page, 'Sub type', 'No or poor connectivity');
    await choose(page, 'Impact', 'Multiple devices');
    await expectVisible(
      form(page).getByText('Please select the most relevant Device (select one).'),
      'the one-device notice',
    );

    // Finding and choosing the device fills both serials; clearing clears them.
    await form(page).getByLabel('Find a device').fill(device.name);
    await form(page)
      .getByRole('radio', { name: new RegExp(device.name) })
      .check();
    const antenna = form(page).getByLabel('Antenna serial');
    const modem = form(page).getByLabel('Modem serial');
    await expect.poll(() => antenna.inputValue()).toBe(serial(device, 'Antenna'));
    expect(await modem.inputValue()).toBe(serial(device, 'GeoModem'));
    await form(page).getByRole('button', { name: 'Clear the device' }).click();
    await expect.poll(() => antenna.inputValue()).toBe('');
    expect(await modem.inputValue()).toBe('');
    await form(page)
      .getByRole('radio', { name: new RegExp(device.name) })
      .check();

    const subject = `Link drops every evening ${Date.now()}`;
    await form(page).getByLabel('Subject').fill(subject);
    await form(page).getByLabel('Description').fill('Since Monday the link drops at 19:00.');
    await expect.poll(() => submit.getAttribute('aria-disabled')).toBe('false');
    await screenshot(page, 'support-ticket');
    await expectNoSeriousAxeViolations(page);
    await submit.click();
    await expectVisible(page.getByText('Your ticket has been submitted!'), 'the success toast');
    expect(await form(page).getByLabel('Subject').inputValue()).toBe('');

    // Support's mail left the portal over SMTP and arrived.
    const mail = await waitForMail(subject);
    expect(mail.subject).toMatch(new RegExp(`^\\[Aerie TCK-\\d{6}\\] ${subject}$`));
    expect(mail.to).toEqual(['support@aerie.example']);
    expect(mail.replyTo).toContain('hannah.keller@northwind.example');
    expect(mail.text).toContain(`Antenna serial: ${serial(device, 'Antenna')}`);
    expect(mail.text).toContain(`Modem serial: ${serial(device, 'GeoModem')}`);
    expect(mail.text).toContain('Impact: Multiple devices');
  });

  test('staff find the ticket under Admin, answer it, and read its mail in the Outbox', async () => {
    const { page } = session;
    await signInAsRole(page, 'accountAdmin');
    await page.goto(`${baseUrl()}/admin`);
    await expectVisible(page.getByRole('link', { name: 'User Management' }), 'an admin section');
    expect(await page.getByRole('link', { name: 'Support Tickets' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Outbox' }).count()).toBe(0);
    await staffPart();
  });

  async function staffPart(): Promise<void> {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      await staffJourney(await context.newPage());
    } finally {
      await context.close();
    }
  }

  async function staffJourney(page: Page): Promise<void> {
    await signInAsRole(page, 'superUser');
    const subject = `Portal question ${Date.now()}`;
    const ticket = await apiAsUser<Ticket>(page, '/v2/support/ticket', {
      method: 'POST',
      body: {
        type: 'Question',
        subType: 'Billing',
        subject,
        description: 'Which invoice covers November?',
      },
    });
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('link', { name: 'Support Tickets' }).click();
    await expectVisible(
      page.getByRole('heading', { name: 'Support Tickets', level: 1 }),
      'the page',
    );
    const table = page.getByRole('table', { name: 'Support tickets' });
    await table.getByRole('button', { name: ticket.number }).click();
    const detail = page.getByRole('region', { name: `Ticket ${ticket.number}` });
    await expectVisible(detail.getByText('Which invoice covers November?'), 'the description');
    await detail.getByRole('button', { name: 'Mark answered' }).click();
    await expectVisible(page.getByText(`${ticket.number} is now answered.`), 'the toast');
    // The segmented control's radios are visually hidden: their labels take the click.
    await page.locator('label', { hasText: /^Answered$/ }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Answered' }).isChecked()).toBe(true);
    await expectVisible(table.getByRole('button', { name: ticket.number }), 'under Answered');
    await screenshot(page, 'admin-tickets');
    await expectNoSeriousAxeViolations(page);

    await page.goto(`${baseUrl()}/admin/mail`);
    const mailTable = page.getByRole('table', { name: 'Mail' });
    const row = mailTable.getByRole('row', { name: new RegExp(subject) });
    await expectVisible(row, "the ticket's mail");
    await expect.poll(() => row.getByText('Sent').count(), { timeout: 30_000 }).toBe(1);
    await row.getByRole('button', { name: new RegExp(subject) }).click();
    await expectVisible(
      page
        .getByRole('region', { name: new RegExp(`Message: .*${subject}`) })
        .getByText(/Which invoice covers November\?/),
      'the body',
    );
    await screenshot(page, 'admin-mail');
    await expectNoSeriousAxeViolations(page);
  }
});
