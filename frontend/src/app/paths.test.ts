import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { DRIVER_PATH, driverTermsPath, isDriverPath, staffTermsPath } from './paths';

describe('isDriverPath (which bundle the entry loads)', () => {
  it('driver paths', () => {
    for (const p of ['/', '/app/login', '/app/login/', '/app/checkin', '/maps', '/driver-login/abc', '/aprovar-termo/empresa/1/2']) {
      expect(isDriverPath(p)).toBe(true);
    }
  });
  it('staff paths', () => {
    for (const p of [
      '/login',
      '/expedicao',
      '/expedicao/painel',
      '/dashboard',
      '/aprovar-termo/transportadora/empresa/1/2',
      '/application',
      '/mapsx',
    ]) {
      expect(isDriverPath(p)).toBe(false);
    }
  });
  it('terms paths', () => {
    expect(staffTermsPath(1, 2)).toBe('/aprovar-termo/transportadora/empresa/1/2');
    expect(driverTermsPath(1, 2)).toBe('/aprovar-termo/empresa/1/2');
  });
});

describe('the build preloads the driver bundle on the same paths', () => {
  it('webpack.config.js uses the same expression', () => {
    const require = createRequire(import.meta.url);
    const config = require('../../webpack.config.js') as { DRIVER_PATH: RegExp };
    expect(config.DRIVER_PATH.source).toBe(DRIVER_PATH.source);
  });
});
