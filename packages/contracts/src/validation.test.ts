import { describe, expect, it } from 'vitest';
import { brandForHost, PRIMARY_BRAND, SECONDARY_BRAND } from './brands';
import { ALL_PERMISSIONS, appPermissions, isPermission, permissionApp } from './permissions';
import { EMAIL_HINT, emailSchema, isValidEmail, isValidPassword } from './validation';

describe('e-mail rule (spec §5)', () => {
  it('accepts letters, digits, underscore, hyphen and dot with a 2-5 letter TLD', () => {
    for (const ok of [
      'a@b.io',
      'first.last@plant-3.example.com',
      'x_y-z@sub.domain.co',
      'ops@ferrite.dev',
      'a@b.abcde',
    ]) {
      expect(isValidEmail(ok), ok).toBe(true);
    }
  });

  it('refuses other shapes and says "Email must be valid"', () => {
    for (const bad of ['plain', 'a@b', 'a@b.c', 'a@b.abcdef', 'a+tag@b.io', 'a b@c.io', '@b.io', 'a@b.i0']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
    const result = emailSchema.safeParse('nope');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(EMAIL_HINT);
    expect(EMAIL_HINT).toBe('Email must be valid');
  });

  it('lower-cases what it accepts', () => {
    expect(emailSchema.parse('Ops@Ferrite.DEV')).toBe('ops@ferrite.dev');
  });
});

describe('password rule (spec §5)', () => {
  it('needs 8+ characters with a letter, a digit and one of @$!%*#?&', () => {
    for (const ok of ['Ferrite@2026', 'abcdef1!', '12345a#x', 'A1&aaaaa'])
      expect(isValidPassword(ok), ok).toBe(true);
    for (const bad of [
      'short1!',
      'nodigits!!',
      'n0special',
      'onlyletters',
      '12345678!',
      'has space1!',
      'tilde~1aaaa',
      'ünicode1!',
    ]) {
      expect(isValidPassword(bad), bad).toBe(false);
    }
  });
});

describe('brands (spec §1)', () => {
  it('gives the primary host brand one, whatever the port or case, and every other host brand two', () => {
    expect(brandForHost('localhost:8080', 'localhost')).toBe(PRIMARY_BRAND);
    expect(brandForHost('LOCALHOST', 'localhost')).toBe(PRIMARY_BRAND);
    expect(brandForHost('127.0.0.1:8080', 'localhost')).toBe(SECONDARY_BRAND);
    expect(PRIMARY_BRAND.loginCarousel).toHaveLength(5);
    expect(PRIMARY_BRAND.loginCarousel.every((slide) => slide.tagline && slide.link)).toBe(true);
    expect(PRIMARY_BRAND.loginTagWords).toEqual(['Monitor', 'Automate', 'Diagnose', 'Secure']);
    expect(PRIMARY_BRAND.copyright).toContain('2019-2021');
    expect(SECONDARY_BRAND.loginCarousel).toHaveLength(3);
    expect(SECONDARY_BRAND.loginCarousel.every((slide) => !slide.tagline && !slide.link)).toBe(true);
    expect(SECONDARY_BRAND.loginTagWords).toEqual([]);
    expect(SECONDARY_BRAND.copyright).toContain('2023-2024');
  });
});

describe('permissions catalogue', () => {
  it('names every permission as app.action and knows its app', () => {
    expect(ALL_PERMISSIONS).toContain('dashboards.share');
    expect(isPermission('dashboards.share')).toBe(true);
    expect(isPermission('dashboards.fly')).toBe(false);
    expect(permissionApp('roleManager.inviteUsers')).toBe('roleManager');
    expect(appPermissions('pdm')).toEqual(['pdm.view']);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
  });
});
