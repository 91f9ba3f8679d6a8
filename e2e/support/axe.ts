/** Accessibility checks with axe-core against WCAG 2.1 A and AA, reporting what blocks people most. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.0 and 2.1 levels A and AA: the bar the product promises. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Only these block a user outright (unreadable text, unnamed controls); minor and moderate are advice. */
const BLOCKING = new Set(['critical', 'serious']);
/** Enough examples per rule to find the source without burying the report. */
const EXAMPLES_PER_RULE = 3;

/**
 * The critical and serious violations on the page as it is now, one line per rule and screen:
 * `screen: rule (impact) ×count: selector, selector… — what fails`.
 */
export async function blockingViolations(page: Page, screen: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const examples = violation.nodes.slice(0, EXAMPLES_PER_RULE);
      const targets = examples.map((node) => node.target.join(' ')).join(', ');
      const why = (examples[0]?.failureSummary ?? '').replace(/\s+/g, ' ').trim();
      return `${screen}: ${violation.id} (${violation.impact}) ×${violation.nodes.length}: ${targets} — ${why}`;
    });
}
