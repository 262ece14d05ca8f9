import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.js';
import { BRAND, expectSignInPage, expectVisible } from './support/auth.js';
import { baseUrl, screenshot, useBrowser } from './support/browser.js';
import { repoRoot } from './support/paths.js';

const session = useBrowser();

/** Spec 002 "Landing page": the feature cards with their anchors. */
const FEATURES = [
  ['Fleet management', 'fleet-management'],
  ['Subscription management', 'subscription-management'],
  ['Antenna management', 'antenna-management'],
  ['Broadband', 'broadband'],
  ['Role-based access', 'role-based-access'],
  ['Documentation', 'documentation'],
] as const;

/** The slide of a carousel that shows (its accessible label "n of N"). */
async function activeSlide(page: Page, carousel: string): Promise<string | null> {
  return page
    .getByRole('region', { name: carousel })
    .locator('.slide.is-active')
    .getAttribute('aria-label');
}

/** Fake timers that move only when the test moves them (`page.clock.runFor`). */
async function pauseClock(page: Page): Promise<void> {
  await page.clock.install({ time: new Date('2026-01-01T08:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-01T08:00:01Z'));
}

/** Takes keyboard focus off whatever holds it (a carousel waits while it has the focus). */
async function blur(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** Opens /welcome and records every script and call the page makes. */
async function openWelcome(page: Page): Promise<string[]> {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  await page.goto(`${baseUrl()}/welcome`);
  await expectVisible(
    page.getByRole('heading', {
      level: 1,
      name: 'Every terminal in your fleet, online and in reach',
    }),
    'the hero heading',
  );
  return requests;
}

describe('the welcome page (/welcome, public)', () => {
  test('loads without the application, in the brand, and looks right on a desktop (light and dark)', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1440, height: 900 });
    const requests = await openWelcome(page);
    await page.waitForLoadState('load');

    expect(await page.title()).toBe(
      `${BRAND}: the fleet portal for satellite and cellular terminals`,
    );
    await expectVisible(
      page.getByRole('link', { name: `${BRAND} welcome page` }),
      'the brand logo',
    );
    // Not the application: one small script of its own, no runtime configuration, no app root.
    const scripts = requests.filter((p) => p.endsWith('.js'));
    expect(scripts, scripts.join(', ')).toHaveLength(1);
    expect(scripts[0]).toMatch(/^\/assets\/welcome-[\w-]+\.js$/);
    expect(requests).not.toContain('/config.json');
    expect(await page.locator('#root').count()).toBe(0);

    const light = await screenshot(page, 'welcome-desktop');
    copyFileSync(light, join(repoRoot, 'docs/images/welcome-desktop.png'));
    await screenshot(page, 'welcome-desktop-viewport', { fullPage: false });
    await expectNoSeriousAxeViolations(page);

    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await screenshot(page, 'welcome-dark');
    copyFileSync(dark, join(repoRoot, 'docs/images/welcome-dark.png'));
    await expectNoSeriousAxeViolations(page);
  });

  test('fits a phone: nothing wider than the screen, the buttons in reach', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 390, height: 844 });
    await openWelcome(page);
    await page.waitForLoadState('load');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expectVisible(page.getByRole('link', { name: 'Go to your fleet' }), 'the main button');
    const phone = await screenshot(page, 'welcome-phone');
    copyFileSync(phone, join(repoRoot, 'docs/images/welcome-phone.png'));
    await expectNoSeriousAxeViolations(page);
  });

  test('every feature card has its anchor, linked from the hero', async () => {
    const { page } = session;
    await page.setViewportSize({ width: 1280, height: 800 });
    // Jumps rather than smooth scrolling (the page honours reduced motion).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWelcome(page);
    const index = page.getByRole('list', { name: 'Features' });
    for (const [title, anchor] of FEATURES) {
      await index.getByRole('link', { name: title, exact: true }).click();
      await page.waitForURL(`**/welcome#${anchor}`);
      const card = page.locator(`article#${anchor}`);
      await expectVisible(card.getByRole('heading', { name: title, exact: true }), title);
      // The card is the fragment's target (the page's `:target` outline marks it).
      expect(await page.evaluate(() => document.querySelector(':target')?.id)).toBe(anchor);
    }
    // An anchor opened directly lands on its card.
    await page.goto(`${baseUrl()}/welcome#documentation`);
    await page.waitForFunction(() => {
      const box = document.getElementById('documentation')?.getBoundingClientRect();
      return Boolean(box && box.top >= 0 && box.top < window.innerHeight);
    });
  });

  test('the buttons lead to /home, /subscriptions, /devices, /admin and /resources; signing in starts from /home', async () => {
    const { page } = session;
    await openWelcome(page);
    const hrefs = await page
      .getByRole('main')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const path of ['/home', '/subscriptions', '/devices', '/admin', '/resources']) {
      expect(hrefs, path).toContain(path);
    }
    await page.getByRole('link', { name: 'Go to your fleet' }).click();
    await expectSignInPage(page);
  });

  test('the carousels move on about every 5 s, wait under the pointer, and can be paused', async () => {
    const { page } = session;
    await pauseClock(page);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await openWelcome(page);
    const tour = 'A tour of the portal';
    expect(await activeSlide(page, tour)).toBe('1 of 4');
    await page.clock.runFor(4_800);
    expect(await activeSlide(page, tour)).toBe('1 of 4');
    await page.clock.runFor(300);
    expect(await activeSlide(page, tour)).toBe('2 of 4');
    expect(await activeSlide(page, 'Industries')).toBe('2 of 4');

    // Under the pointer it waits; it goes on when the pointer leaves.
    await page.getByRole('region', { name: tour }).hover();
    await page.clock.runFor(15_000);
    expect(await activeSlide(page, tour)).toBe('2 of 4');
    await page.mouse.move(5, 5);
    await page.clock.runFor(5_100);
    expect(await activeSlide(page, tour)).toBe('3 of 4');

    // The rotation button stops it (and says so); the slide buttons still step.
    const stories = page.getByRole('region', { name: 'Industries' });
    await stories.getByRole('button', { name: 'Pause slides' }).click();
    await expectVisible(stories.getByRole('button', { name: 'Play slides' }), 'the play button');
    // Neither the pointer nor the focus in it: only the button holds it.
    await page.mouse.move(5, 5);
    await blur(page);
    const before = await activeSlide(page, 'Industries');
    await page.clock.runFor(20_000);
    expect(await activeSlide(page, 'Industries')).toBe(before);
    await stories.getByRole('button', { name: 'Show slide 1 of 4' }).click();
    expect(await activeSlide(page, 'Industries')).toBe('1 of 4');
    await stories.getByRole('button', { name: 'Next slide' }).click();
    expect(await activeSlide(page, 'Industries')).toBe('2 of 4');
  });

  test('for reduced motion the carousels stand still until played', async () => {
    const { page } = session;
    await pauseClock(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openWelcome(page);
    const tour = page.getByRole('region', { name: 'A tour of the portal' });
    await expectVisible(tour.getByRole('button', { name: 'Play slides' }), 'the play button');
    await page.clock.runFor(20_000);
    expect(await activeSlide(page, 'A tour of the portal')).toBe('1 of 4');
    await tour.getByRole('button', { name: 'Play slides' }).click();
    await page.mouse.move(5, 5);
    await blur(page);
    await page.clock.runFor(5_100);
    expect(await activeSlide(page, 'A tour of the portal')).toBe('2 of 4');
  });
});
