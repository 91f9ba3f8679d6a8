/**
 * Accessibility checks with axe-core against WCAG 2.1 A and AA, reporting what blocks people most.
 *
 * axe-core runs in the page itself, loaded once per document: @axe-core/playwright's `analyze()` opens a
 * blank page for every check to merge frame results, about 1.5 s each on two cores (a third of the
 * accessibility walk), and the product's pages have no frames to merge.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The WCAG 2.0 and 2.1 levels A and AA: the bar the product promises. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Only these block a user outright (unreadable text, unnamed controls); minor and moderate are advice. */
const BLOCKING = new Set(['critical', 'serious']);
/** Enough examples per rule to find the source without burying the report. */
const EXAMPLES_PER_RULE = 3;

/** Runs axe on the page's document as it is now (loading axe first when this document has none). */
async function runAxe(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: WCAG_TAGS },
    resultTypes: ['violations'],
  };
  return page.evaluate(
    (opts) =>
      (window as unknown as { axe: { run: (c: Document, o: RunOptions) => Promise<AxeResults> } }).axe.run(
        document,
        opts,
      ),
    options,
  );
}

/**
 * The critical and serious violations on the page as it is now, one line per rule and screen:
 * `screen: rule (impact) ×count: selector, selector… — what fails`.
 */
export async function blockingViolations(page: Page, screen: string): Promise<string[]> {
  const results = await runAxe(page);
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const examples = violation.nodes.slice(0, EXAMPLES_PER_RULE);
      const targets = examples.map((node) => node.target.join(' ')).join(', ');
      const why = (examples[0]?.failureSummary ?? '').replace(/\s+/g, ' ').trim();
      return `${screen}: ${violation.id} (${violation.impact}) ×${violation.nodes.length}: ${targets} — ${why}`;
    });
}
