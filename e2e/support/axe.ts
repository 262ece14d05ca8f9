import axe from 'axe-core';
import type { Page } from 'playwright-core';

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

export interface AxeOptions {
  /** CSS selectors to leave out (e.g. a third-party widget); keep this list short. */
  exclude?: string[];
  /** Rule ids to switch off, each with a reason in the calling test. */
  disableRules?: string[];
}

/**
 * Runs axe-core in the page and returns the violations. axe is injected with page.evaluate
 * (DevTools evaluation), so the app's Content-Security-Policy is neither hit nor bypassed.
 */
export async function runAxe(page: Page, options: AxeOptions = {}): Promise<AxeFinding[]> {
  const loaded = await page.evaluate('typeof window.axe === "object"');
  if (loaded !== true) await page.evaluate(axe.source);
  return page.evaluate(
    async ({ exclude, disableRules }) => {
      type AxeApi = typeof axe;
      const api = (window as unknown as { axe: AxeApi }).axe;
      const context =
        exclude.length > 0 ? { include: [document], exclude: exclude.map((s) => [s]) } : document;
      const rules = Object.fromEntries(disableRules.map((id) => [id, { enabled: false }]));
      const results = await api.run(context as Parameters<AxeApi['run']>[0], {
        resultTypes: ['violations'],
        rules,
      });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({
          target: n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))).join(', '),
          html: n.html.slice(0, 300),
          summary: n.failureSummary ?? '',
        })),
      }));
    },
    { exclude: options.exclude ?? [], disableRules: options.disableRules ?? [] },
  );
}

/** Fails listing every axe violation of impact "serious" or "critical" on the current page. */
export async function expectNoSeriousAxeViolations(
  page: Page,
  options: AxeOptions = {},
): Promise<void> {
  const findings = (await runAxe(page, options)).filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  if (findings.length === 0) return;
  const report = findings
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 10)
        .map(
          (n) =>
            `    - ${n.target}\n      ${n.html}\n      ${n.summary.replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      const more = v.nodes.length > 10 ? `\n    ... and ${v.nodes.length - 10} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
  throw new Error(
    `axe found ${findings.length} serious or critical accessibility violation(s) on ${page.url()}:\n${report}`,
  );
}
