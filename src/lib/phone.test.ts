import { describe, expect, it } from 'vitest';
import { maskPhone } from './phone';

describe('maskPhone', () => {
  it('hides the middle four digits of a mobile', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone(' 13800138002 ')).toBe('138****8002');
  });

  it('shows anything else as it is', () => {
    expect(maskPhone('0571-88888888')).toBe('0571-88888888');
    expect(maskPhone('057188888888')).toBe('057188888888');
    expect(maskPhone('12345')).toBe('12345');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
    expect(maskPhone(undefined)).toBe('');
  });
});
