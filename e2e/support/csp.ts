/**
 * What the Content-Security-Policy journeys share: the directives every page's policy must hold, a
 * watcher of the violations a page reports, the SwiftShader flags the Entity Map's WebGL needs, and a
 * project with a located asset so the map has a point to draw (the accessibility walk draws it).
 */
import { type APIRequestContext, expect, type Page, type Response } from '@playwright/test';
import { CHROMIUM_ARGS } from './environment';
import { type ApiSession, apiPoster } from './session';

/** The Entity Map needs WebGL; with --disable-gpu Chromium only offers it through SwiftShader when asked. */
export const WEBGL_CHROMIUM_ARGS = [...CHROMIUM_ARGS, '--use-gl=swiftshader', '--enable-unsafe-swiftshader'];

/** The directives the policy must hold (besides what each page needs). */
const REQUIRED_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
];

/** The violations a page reports: its `securitypolicyviolation` events and the console's CSP lines. */
export async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__reportCspViolation', (line: string) => seen.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (line: string) => void })
        .__reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) seen.push(`console: ${message.text()}`);
  });
  return seen;
}

/** The page's document answer carries the policy with every required directive. */
export function expectPolicy(response: Response | null) {
  const policy = response?.headers()['content-security-policy'] ?? '';
  for (const directive of REQUIRED_DIRECTIVES) expect(policy).toContain(directive);
  expect(policy).not.toContain('unsafe-eval');
  expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
}

/** A project with one located asset, made through the API, so the Entity Map has a point to draw. */
export async function locatedProject(request: APIRequestContext, session: ApiSession): Promise<string> {
  const { post, at } = apiPoster(request, session);
  const name = `CSP plant ${Date.now().toString(36)}`;
  const project = await post<{ id: string }>(at('role_mgmt', '/projects'), { name, description: 'CSP' });
  const type = await post<{ id: string }>(at('entity_mgmt', '/asset_types'), { name: `Site ${name}` });
  await post(at('entity_mgmt', `/projects/${project.id}/assets`), {
    name: 'Located site',
    type_id: type.id,
    location: { latitude: 48.137, longitude: 11.575 },
  });
  return name;
}
