import { afterEach, describe, expect, it, vi } from 'vitest';
import { amapSettings } from './amap-settings';

/**
 * The AMap settings of a build (B-site.md §0.5 "Map SDK: AMap JS API 2.0 (key + securityJsCode per environment)";
 * deploy/env/README.md: PUBLIC_AMAP_KEY optional, empty = the location screen works without a map). A build without a
 * key must never load the AMap script: amapSettings() is then null.
 */

const KEY = '0123456789abcdef0123456789abcdef';
const CODE = 'fedcba9876543210fedcba9876543210';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('amapSettings', () => {
  it('is null in the sandbox build, whose key is empty', () => {
    expect(import.meta.env.PUBLIC_AMAP_KEY).toBe('');
    expect(amapSettings()).toBeNull();
  });

  it('is null when the key is missing, empty or only spaces, whatever the security code', () => {
    vi.stubEnv('PUBLIC_AMAP_SECURITY_CODE', CODE);
    vi.stubEnv('PUBLIC_AMAP_KEY', undefined);
    expect(import.meta.env.PUBLIC_AMAP_KEY).toBeUndefined();
    expect(amapSettings()).toBeNull();
    vi.stubEnv('PUBLIC_AMAP_KEY', '');
    expect(amapSettings()).toBeNull();
    vi.stubEnv('PUBLIC_AMAP_KEY', ' \t ');
    expect(amapSettings()).toBeNull();
  });

  it('gives the key and its security code, trimmed', () => {
    vi.stubEnv('PUBLIC_AMAP_KEY', ` ${KEY}\n`);
    vi.stubEnv('PUBLIC_AMAP_SECURITY_CODE', `\t${CODE} `);
    expect(amapSettings()).toEqual({ key: KEY, securityCode: CODE });
  });

  it('gives an empty security code when the key needs none (missing or blank)', () => {
    vi.stubEnv('PUBLIC_AMAP_KEY', KEY);
    vi.stubEnv('PUBLIC_AMAP_SECURITY_CODE', undefined);
    expect(import.meta.env.PUBLIC_AMAP_SECURITY_CODE).toBeUndefined();
    expect(amapSettings()).toEqual({ key: KEY, securityCode: '' });
    vi.stubEnv('PUBLIC_AMAP_SECURITY_CODE', '  ');
    expect(amapSettings()).toEqual({ key: KEY, securityCode: '' });
  });
});
